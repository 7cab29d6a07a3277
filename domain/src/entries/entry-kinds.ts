/**
 * Every kind of entry a child's timeline holds, with the REST collection of its entries. The rest
 * of a kind is its definition in its own folder, collected in `all-entry-kinds.ts`. This list
 * imports nothing, so the answer schemas the definitions use and the web (which must not bundle the
 * definitions) can read it too. Adding a kind here fails the type check until it has a definition.
 */
export const ENTRY_KIND_PATHS = {
  feeding: '/api/feedings',
  sleep: '/api/sleep',
  diaper: '/api/diapers',
  pumping: '/api/pumpings',
} as const satisfies Record<string, `/api/${string}`>;

export type EntryKind = keyof typeof ENTRY_KIND_PATHS;

export const ENTRY_KIND_NAMES = Object.keys(ENTRY_KIND_PATHS) as EntryKind[];

/** An entry's name on its timeline line: its kind, capitalised ('Feeding'). */
export type EntryType = Capitalize<EntryKind>;

export const entryTypeOf = <Kind extends EntryKind>(kind: Kind): Capitalize<Kind> => `${kind[0]!.toUpperCase()}${kind.slice(1)}` as Capitalize<Kind>;

export const ENTRY_TYPES = ENTRY_KIND_NAMES.map(entryTypeOf);

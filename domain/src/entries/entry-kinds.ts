/**
 * Every kind of entry a child's timeline holds: the REST collection of its entries, and its names
 * in the API description and in messages ('1 diaper change', '3 diaper changes'). The rest of a
 * kind is its definition in its own folder, collected in `all-entry-kinds.ts`. This list imports
 * nothing, so the answer schemas the definitions use, and the web (which must not bundle the
 * definitions), read it too. A kind added here fails the type check until it has a definition.
 */
export const ENTRY_KIND_LISTING = {
  feeding: { path: '/api/feedings', one: 'feeding', many: 'feedings' },
  sleep: { path: '/api/sleep', one: 'sleep', many: 'sleeps' },
  diaper: { path: '/api/diapers', one: 'diaper change', many: 'diaper changes' },
  pumping: { path: '/api/pumpings', one: 'pumping session', many: 'pumping sessions' },
  solid: { path: '/api/solids', one: 'solid food', many: 'solid foods' },
  medication: { path: '/api/medications', one: 'medication', many: 'medications' },
  temperature: { path: '/api/temperatures', one: 'temperature', many: 'temperatures' },
  tummyTime: { path: '/api/tummy-times', one: 'tummy time', many: 'tummy times' },
} as const satisfies Record<string, EntryKindListing>;

export interface EntryKindListing {
  path: `/api/${string}`;
  one: string;
  many: string;
}

export type EntryKind = keyof typeof ENTRY_KIND_LISTING;

export const ENTRY_KIND_NAMES = Object.keys(ENTRY_KIND_LISTING) as EntryKind[];

/** An entry's name on its timeline line: its kind, capitalised ('Feeding'). */
export type EntryType = Capitalize<EntryKind>;

export const entryTypeOf = <Kind extends EntryKind>(kind: Kind): Capitalize<Kind> => `${kind[0]!.toUpperCase()}${kind.slice(1)}` as Capitalize<Kind>;

/** The kind of a timeline line's type: 'Feeding' is a feeding. */
export const entryKindOf = (type: EntryType): EntryKind => `${type[0]!.toLowerCase()}${type.slice(1)}` as EntryKind;

export const ENTRY_TYPES = ENTRY_KIND_NAMES.map(entryTypeOf);

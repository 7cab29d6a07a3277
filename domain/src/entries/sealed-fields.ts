import type { SealedText } from '../shared/domain-event';

/**
 * Free text besides the notes (a solid food's name, a sleep's sleep-sack tag) can name people, so
 * it is sealed with the child's key like the notes. A kind names such fields by their path in its
 * details ('food', 'environment.sleepSackTag'); the services seal, open and reseal them by these
 * paths, never by a kind's own field names.
 */

/** The value at a path, or undefined where the path goes through nothing (a sleep without environment). */
export function valueAt(details: object, path: string): unknown {
  let value: unknown = details;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `details` with the value at `path` replaced, where the path's parent is there; the rest is shared. */
export function withValueAt<Details extends object>(details: Details, path: string, replacement: unknown): Details {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const current = (details as Record<string, unknown>)[key];
  if (rest.length === 0) return { ...details, [key]: replacement };
  if (current === null || typeof current !== 'object') return details;
  return { ...details, [key]: withValueAt(current, rest.join('.'), replacement) };
}

/** The last part of a path: the name a resealing event gives the field ('sleepSackTag'). */
export const sealedKeyOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** turnSealed with a `turn` that answers at once (an import's sealer, holding the child's key). */
export function turnSealedNow<Details extends object>(details: Details, paths: readonly string[], turn: (text: string) => string): Details {
  let turned = details;
  for (const path of paths) {
    const text = valueAt(turned, path);
    if (typeof text === 'string') turned = withValueAt(turned, path, turn(text));
  }
  return turned;
}

/** Details with the text at each path turned by `turn` (sealed, opened or sealed again); null and absent text stay as they are. */
export async function turnSealed<Details extends object>(details: Details, paths: readonly string[], turn: (text: string) => Promise<string>): Promise<Details> {
  const texts: string[] = [];
  turnSealedNow(details, paths, (text) => (texts.push(text), text));
  const turned = await Promise.all(texts.map(turn));
  let next = 0;
  return turnSealedNow(details, paths, () => turned[next++]!);
}

/** The sealed texts of `details` by the name a resealing event gives each, null where there is none. */
export function sealedTexts(details: object, paths: readonly string[]): Record<string, SealedText | null> {
  return Object.fromEntries(paths.map((path) => [sealedKeyOf(path), (valueAt(details, path) as SealedText | null | undefined) ?? null]));
}

/**
 * Details with each sealed text replaced by the one a resealing recorded under its name; a field
 * the resealing does not name, or whose parent is not there, is left as it is.
 */
export function withResealed<Details extends object>(details: Details, paths: readonly string[], resealed: Readonly<Record<string, unknown>>): Details {
  let result = details;
  for (const path of paths) {
    const key = sealedKeyOf(path);
    if (resealed[key] !== undefined && valueAt(result, path) !== undefined) result = withValueAt(result, path, resealed[key]);
  }
  return result;
}

/** Details with every sealed text left out, for comparing what is in the clear: a text is sealed anew at every write. */
export function withoutSealed<Details extends object>(details: Details, paths: readonly string[]): Details {
  let result = details;
  for (const path of paths) if (valueAt(result, path) !== undefined) result = withValueAt(result, path, undefined);
  return result;
}

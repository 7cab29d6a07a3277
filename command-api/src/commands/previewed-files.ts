import { createHash } from 'node:crypto';
import { eachInSlices } from '@nightlight/infrastructure/event-loop/in-slices';

/** How long a preview's checked rows wait for the import: a parent reading what the preview says. */
const KEPT_MS = 5 * 60_000;
/** A large part is hashed this many characters at a time, so that other requests are answered meanwhile. */
const PIECE_CHARS = 1 << 20;

/** The text in pieces, never cut inside a character's surrogate pair (each piece is hashed as UTF-8). */
function* piecesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

/** Rows kept at most, all previews together: a file at the size limit (16 MB, about 330,000 rows). */
const MOST_ROWS = 350_000;

/**
 * The rows of files previewed lately, as their kinds' rules checked them, for the import of the
 * same file that follows (docs/decisions.md, "Imports"): each row is read and checked once. Kept
 * under a digest of everything the checks depend on (the member, the child, its zone and birth date,
 * the units, the file), taken once, dropped after KEPT_MS or when newer previews need the room.
 * What the rows meet in the store (entries imported or logged since) is looked at again by the import.
 */
export function previewedFiles<Checked>() {
  const kept = new Map<string, { checked: Checked; rows: number; until: number }>();
  let rowsKept = 0;

  const drop = (key: string) => {
    rowsKept -= kept.get(key)?.rows ?? 0;
    kept.delete(key);
  };
  const dropExpired = (now: number) => {
    for (const [key, { until }] of kept) if (until <= now) drop(key);
  };

  return {
    /** The digest of the parts a file's checks depend on. */
    async keyOf(parts: readonly string[]): Promise<string> {
      const hash = createHash('sha256');
      for (const part of parts) {
        hash.update(`${part.length}:`);
        await eachInSlices(piecesOf(part), (piece) => void hash.update(piece));
      }
      return hash.digest('base64');
    },

    keep(key: string, checked: Checked, rows: number, now: Date): void {
      dropExpired(now.getTime());
      drop(key);
      if (rows > MOST_ROWS) return;
      // The oldest give way (a Map keeps the order they came in).
      for (const oldest of kept.keys()) {
        if (rowsKept + rows <= MOST_ROWS) break;
        drop(oldest);
      }
      kept.set(key, { checked, rows, until: now.getTime() + KEPT_MS });
      rowsKept += rows;
    },

    /** The rows kept under `key`, no longer kept. */
    take(key: string, now: Date): Checked | undefined {
      dropExpired(now.getTime());
      const found = kept.get(key);
      drop(key);
      return found?.checked;
    },
  };
}

// Read-your-writes (design §4): the highest event position any write has answered with. Reads
// carry it as X-Min-Position so the query side waits until its projections have caught up.
//
// Kept in sessionStorage as well: a reload right after a write (pull to refresh on a phone) must
// still wait for that write. sessionStorage lives as long as the tab, as the position should.

const STORAGE_KEY = 'nightlight-min-position';

function readStored(): number {
  try {
    const stored = Number(sessionStorage.getItem(STORAGE_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  } catch {
    // Storage may be unavailable (privacy settings); the position then lasts as long as the page.
    return 0;
  }
}

function writeStored(position: number): void {
  try {
    if (position > 0) sessionStorage.setItem(STORAGE_KEY, String(position));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above: memory alone still serves this page.
  }
}

let highestPosition = readStored();

export function getHighestPosition(): number {
  return highestPosition;
}

export function recordPosition(position: number): void {
  if (Number.isFinite(position) && position > highestPosition) {
    highestPosition = position;
    writeStored(position);
  }
}

/** Forgets the remembered position: a new session starts from nothing. */
export function resetPositionTracking(): void {
  highestPosition = 0;
  writeStored(0);
}

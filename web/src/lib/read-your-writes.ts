// Read-your-writes (design §4): the highest event position any write has answered with. Reads
// carry it as X-Min-Position so the query side waits until its projections have caught up.

let highestPosition = 0;

export function getHighestPosition(): number {
  return highestPosition;
}

export function recordPosition(position: number): void {
  if (Number.isFinite(position) && position > highestPosition) highestPosition = position;
}

/** Forgets the remembered position: a new session starts from nothing. */
export function resetPositionTracking(): void {
  highestPosition = 0;
}

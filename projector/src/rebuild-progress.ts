/** How far a rebuild of the read models has come, as `/readyz` and the log show it. */
export interface RebuildProgress {
  /** The version being built beside the one that answers. */
  version: string;
  position: number;
  head: number;
  percent: number;
  eventsPerSecond: number;
}

/** Turns the positions a rebuild reports (about once a second) into progress, with the rate since the last report. */
export function rebuildProgressMeter(version: string, now: () => number = Date.now): (position: number, head: number) => RebuildProgress {
  let last: { at: number; position: number } | null = null;
  return (position, head) => {
    const at = now();
    const eventsPerSecond = last && at > last.at ? Math.round(((position - last.position) * 1000) / (at - last.at)) : 0;
    last = { at, position };
    return { version, position, head, percent: head > 0 ? Math.floor((position / head) * 1000) / 10 : 100, eventsPerSecond };
  };
}

/** The log's line for `progress`. */
export function describeRebuild({ version, position, head, percent, eventsPerSecond }: RebuildProgress): string {
  return `Rebuilding read models (version ${version}): ${position} of ${head} events (${percent} %), ${eventsPerSecond} events/s`;
}

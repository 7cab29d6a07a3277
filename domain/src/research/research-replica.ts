import type { ResearchLine, StreamControlLine } from './research-lines';
import { finalStateOf, type ChildFinalState } from './research-tables';

/** Any line of an export but its `end`. */
export type ExportedLine = ResearchLine | StreamControlLine;

/**
 * What a researcher keeps of the exports they applied, one after another from a full export on,
 * each resumed from the last one's `resumeFrom`: each stream's lines by `seq`. A line replaces the
 * one held with the same stream and `seq`; `stream-restated` and `child-withdrawn` drop the
 * stream's lines first. So kept, the lines are always those of a full export made now.
 */
export function createResearchReplica() {
  const streams = new Map<string, Map<number, ResearchLine>>();

  return {
    apply(line: ExportedLine): void {
      if (line.kind === 'stream-restated' || line.kind === 'child-withdrawn') {
        streams.delete(line.stream);
        return;
      }
      let held = streams.get(line.stream);
      if (!held) streams.set(line.stream, (held = new Map()));
      held.set(line.seq, line);
    },
    /** Each stream's lines in `seq` order, streams in pseudonym order. */
    lines(): ResearchLine[][] {
      return [...streams.keys()].sort().map((stream) => [...streams.get(stream)!.values()].sort((a, b) => a.seq - b.seq));
    },
    /** Each child's final state: the standing entries, as the tables have them. */
    finalState(): ChildFinalState[] {
      return this.lines()
        .map(finalStateOf)
        .filter((state) => state !== null);
    },
  };
}

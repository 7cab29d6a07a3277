import { describe, expect, it } from 'vitest';
import type { ChildRegisteredLine, EntryLine } from './research-lines';
import { createResearchReplica } from './research-replica';

const start = { schemaVersion: 2, stream: 'c_00000000000000aa' } as const;
const child: ChildRegisteredLine = { ...start, seq: 1, kind: 'child-registered', sex: 'Male', shiftedBirthDate: '2026-01-04', ageFrom: 'birth-date', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const columns = { method: null, type: null, amountOz: null, leftMinutes: null, rightMinutes: null, night: null, roomTempF: null, whiteNoise: null, sleepSackTog: null, contents: null, color: null, leftOz: null, rightOz: null, solidAmount: null, solidReaction: null, temperatureC: null, temperatureMethod: null, weightKg: null, lengthCm: null, headCm: null };
const times = { shiftedEndAt: null, localTime: '08:00', weekday: 'Mon', ageDays: 1, minute: 1920, endMinute: null, durationMinutes: null, clockChangeMinutes: 0 } as const;
const diaper = (seq: number, entry: string, kind: EntryLine['kind'], localDate: string, contents: 'wet' | 'dirty' | null): EntryLine => ({
  ...start,
  seq,
  kind,
  entry,
  sex: 'Male',
  ...times,
  shiftedAt: `${localDate}T08:00`,
  localDate,
  ...columns,
  contents,
});

describe('a researcher applying exports', () => {
  it('keeps the last line of each entry, drops withdrawn ones, and lays entries out by date', () => {
    const replica = createResearchReplica();
    for (const line of [child, diaper(2, 'e_0000000000000001', 'diaper-logged', '2026-01-06', 'wet'), diaper(3, 'e_0000000000000002', 'diaper-logged', '2026-01-05', 'wet')]) replica.apply(line);
    replica.apply(diaper(4, 'e_0000000000000002', 'diaper-corrected', '2026-01-05', 'dirty'));
    replica.apply(diaper(5, 'e_0000000000000001', 'diaper-deleted', '2026-01-06', null));
    const [state] = replica.finalState();
    expect(state!.child).toEqual({ stream: start.stream, sex: 'Male', shiftedBirthDate: '2026-01-04', ageFrom: 'birth-date', nightWindowStart: '19:00', nightWindowEnd: '08:00', anonymized: false, entries: 1, firstLocalDate: '2026-01-05', lastLocalDate: '2026-01-05' });
    expect(state!.entries).toEqual([{ stream: start.stream, entry: 'e_0000000000000002', kind: 'diaper', sex: 'Male', ...times, shiftedAt: '2026-01-05T08:00', localDate: '2026-01-05', ...columns, contents: 'dirty' }]);
  });

  it('replaces a line it holds by its seq, and starts a stream over when told it was restated or withdrawn', () => {
    const replica = createResearchReplica();
    replica.apply(child);
    replica.apply(diaper(2, 'e_0000000000000001', 'diaper-deleted', '2026-01-06', null));
    // A later release gives seq 2 again: the entry came within it.
    replica.apply(diaper(2, 'e_0000000000000001', 'diaper-corrected', '2026-01-06', 'wet'));
    expect(replica.lines()).toEqual([[child, diaper(2, 'e_0000000000000001', 'diaper-corrected', '2026-01-06', 'wet')]]);
    replica.apply({ ...start, kind: 'stream-restated' });
    expect(replica.lines()).toEqual([]);
    replica.apply(child);
    replica.apply({ ...start, kind: 'child-withdrawn' });
    expect(replica.finalState()).toEqual([]);
  });
});

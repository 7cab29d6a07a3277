import { describe, expect, it } from 'vitest';
import type { EntryHistoryItem } from '@nightlight/domain/read-models/timeline/entry-history';
import { historyText } from './history-text.ts';

const maya = { memberId: 'u1', displayName: 'Maya' };
const sam = { memberId: 'u2', displayName: 'Sam' };
const at = (day: number, hours: number, minutes: number) => new Date(2025, 5, day, hours, minutes).toISOString();

describe('historyText', () => {
  it('says who logged an entry and who changed what since, on one line', () => {
    const items: EntryHistoryItem[] = [
      { action: 'logged', by: maya, at: at(15, 3, 2), changed: [] },
      { action: 'corrected', by: sam, at: at(15, 3, 15), changed: ['time'] },
      { action: 'corrected', by: sam, at: at(15, 3, 20), changed: ['time', 'amount', 'type'] },
      { action: 'corrected', by: maya, at: at(15, 4, 0), changed: [] },
      { action: 'deleted', by: sam, at: at(15, 4, 5), changed: [] },
      { action: 'restored', by: sam, at: at(15, 4, 5), changed: [] },
    ];
    expect(historyText(items, new Date(2025, 5, 15, 12, 0))).toBe(
      'Logged by Maya 3:02 AM · time changed by Sam 3:15 AM · time, amount and type changed by Sam 3:20 AM · edited by Maya 4:00 AM · deleted by Sam 4:05 AM · restored by Sam 4:05 AM',
    );
  });

  it('dates what was recorded another day, and says nothing of a time it does not know', () => {
    const items: EntryHistoryItem[] = [
      { action: 'logged', by: maya, at: null, changed: [] },
      { action: 'corrected', by: sam, at: at(14, 21, 30), changed: ['duration'] },
    ];
    expect(historyText(items, new Date(2025, 5, 15, 12, 0))).toBe('Logged by Maya · duration changed by Sam Jun 14, 9:30 PM');
  });
});

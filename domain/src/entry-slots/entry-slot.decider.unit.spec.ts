import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/domain-event';
import { decideEntrySlotClaims, decideEntrySlotDay, intervalsOverlap, slotDays, slotsOfDay, slotStanding } from './entry-slot.decider';
import { evolveEntrySlotDay, initialEntrySlotDay, type EntrySlot, type EntrySlotDay, type EntrySlotEvent } from './entry-slot.events';

const slot = (entryId: string, startedAt: string, endedAt: string, claimedAt = '2026-11-21T12:00:00.000Z'): EntrySlot => ({ entryId, startedAt, endedAt, claimedAt });
const dayOf = (...events: EntrySlotEvent[]): EntrySlotDay => events.reduce(evolveEntrySlotDay, initialEntrySlotDay());
const bottle = slot('bottle', '2026-11-21T12:00:00.000Z', '2026-11-21T12:15:00.000Z');
const withBottle = dayOf({ type: 'EntrySlotsOpened', data: { slots: [] } }, { type: 'EntrySlotClaimed', data: bottle });
const claim = (day: EntrySlotDay, claimed: EntrySlot, leftOver: string[] = [], history: EntrySlot[] = []) =>
  decideEntrySlotDay({ type: 'ClaimEntrySlot', data: { kind: 'feeding', slot: claimed, history, leftOver } }, day);

describe('the days an entry holds', () => {
  it('are every UTC day its times reach into, the end not included', () => {
    expect(slotDays({ startedAt: '2026-11-21T12:00:00.000Z', endedAt: '2026-11-21T12:15:00.000Z' })).toEqual(['2026-11-21']);
    expect(slotDays({ startedAt: '2026-11-21T23:50:00.000Z', endedAt: '2026-11-22T00:10:00.000Z' })).toEqual(['2026-11-21', '2026-11-22']);
    expect(slotDays({ startedAt: '2026-11-21T23:45:00.000Z', endedAt: '2026-11-22T00:00:00.000Z' })).toEqual(['2026-11-21']);
    // The longest sleep, 24 hours from midday, reaches into two days and no third.
    expect(slotDays({ startedAt: '2026-11-21T12:00:00.000Z', endedAt: '2026-11-22T12:00:00.000Z' })).toEqual(['2026-11-21', '2026-11-22']);
  });
});

describe('two entries overlap', () => {
  it('when they share an instant, whether their times are written in UTC or with an offset; touching is not overlapping', () => {
    const bottleTimes = { startedAt: '2026-11-21T12:00:00.000Z', endedAt: '2026-11-21T12:15:00.000Z' };
    expect(intervalsOverlap(bottleTimes, { startedAt: '2026-11-21T12:14:00.000Z', endedAt: '2026-11-21T12:30:00.000Z' })).toBe(true);
    expect(intervalsOverlap(bottleTimes, { startedAt: '2026-11-21T12:15:00.000Z', endedAt: '2026-11-21T12:30:00.000Z' })).toBe(false);
    // 13:14 at UTC+01:00 is 12:14 UTC, inside the bottle; as text it would sort after 12:15.
    expect(intervalsOverlap(bottleTimes, { startedAt: '2026-11-21T13:14:00+01:00', endedAt: '2026-11-21T13:30:00+01:00' })).toBe(true);
    expect(intervalsOverlap(bottleTimes, { startedAt: '2026-11-21T11:30:00-01:00', endedAt: '2026-11-21T11:40:00-01:00' })).toBe(false);
  });
});

describe('claiming a slot of a day', () => {
  it('refuses times that overlap another entry of the day, with the message the parent sees', () => {
    expect(() => claim(withBottle, slot('second', '2026-11-21T12:10:00.000Z', '2026-11-21T12:25:00.000Z'))).toThrow('This overlaps a feeding already logged for this child');
    expect(() =>
      decideEntrySlotDay({ type: 'ClaimEntrySlot', data: { kind: 'sleep', slot: slot('nap', '2026-11-21T11:00:00.000Z', '2026-11-21T13:00:00.000Z'), history: [], leftOver: [] } }, withBottle),
    ).toThrow('This overlaps a sleep session already logged for this child');
  });

  it('takes times that touch another entry end to start', () => {
    const next = slot('next', '2026-11-21T12:15:00.000Z', '2026-11-21T12:30:00.000Z');
    expect(claim(withBottle, next)).toEqual([{ type: 'EntrySlotClaimed', data: next }]);
  });

  it('moves the entry\'s own slot when it is corrected, and records nothing when its times are held already', () => {
    const moved = slot('bottle', '2026-11-21T12:05:00.000Z', '2026-11-21T12:20:00.000Z');
    expect(claim(withBottle, moved)).toEqual([{ type: 'EntrySlotClaimed', data: moved }]);
    expect(claim(withBottle, { ...bottle, claimedAt: '2026-11-21T12:01:00.000Z' })).toEqual([]);
  });

  it('opens a day without a stream with the entries logged before, and decides against them', () => {
    const history = [bottle];
    expect(() => claim(initialEntrySlotDay(), slot('second', '2026-11-21T12:10:00.000Z', '2026-11-21T12:25:00.000Z'), [], history)).toThrow('overlaps a feeding');
    const later = slot('later', '2026-11-21T13:00:00.000Z', '2026-11-21T13:15:00.000Z');
    expect(claim(initialEntrySlotDay(), later, [], history)).toEqual([
      { type: 'EntrySlotsOpened', data: { slots: [bottle] } },
      { type: 'EntrySlotClaimed', data: later },
    ]);
  });

  it('releases a slot left over on the way, and takes its times', () => {
    const second = slot('second', '2026-11-21T12:10:00.000Z', '2026-11-21T12:25:00.000Z');
    expect(claim(withBottle, second, ['bottle'])).toEqual([
      { type: 'EntrySlotReleased', data: { entryId: 'bottle' } },
      { type: 'EntrySlotClaimed', data: second },
    ]);
  });
});

describe('claiming the slots of many entries of a day at once', () => {
  const at = (minute: number) => new Date(Date.parse('2026-11-21T00:00:00.000Z') + minute * 60_000).toISOString();
  const bottle = (entryId: string, from: number, to: number) => slot(entryId, at(from), at(to));

  it('opens a new day in one event holding the entries logged before and the claims taken, and refuses each claim in the way alone', () => {
    const logged = bottle('logged', 600, 615);
    const claims = [bottle('a', 0, 15), bottle('b', 10, 25), bottle('c', 605, 620), bottle('d', 615, 630), bottle('e', 15, 30)];
    expect(decideEntrySlotClaims(initialEntrySlotDay(), { slots: claims, history: [logged], leftOver: [] })).toEqual({
      events: [{ type: 'EntrySlotsOpened', data: { slots: [logged, claims[0], claims[3], claims[4]] } }],
      refused: ['b', 'c'],
    });
  });

  it('claims on a day with a stream one event each, releases the left-over, and records nothing for times held already', () => {
    const left = bottle('left', 100, 130);
    const day = dayOf({ type: 'EntrySlotsOpened', data: { slots: [bottle('a', 0, 15), left] } });
    const claims = [bottle('a', 0, 15), bottle('b', 110, 125), bottle('c', 5, 20)];
    expect(decideEntrySlotClaims(day, { slots: claims, history: [], leftOver: ['left'] })).toEqual({
      events: [
        { type: 'EntrySlotReleased', data: { entryId: 'left' } },
        { type: 'EntrySlotClaimed', data: claims[1] },
      ],
      refused: ['c'],
    });
  });

  it('leaves the day as the same claims one after another leave it, and refuses the ones they refuse', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 200; round++) {
      const span = (id: string) => {
        const start = random(1_400);
        return bottle(id, start, start + 1 + random(round % 2 === 0 ? 20 : 120));
      };
      const before = Array.from({ length: random(6) }, (_, i) => span(`logged-${i}`));
      const day = round % 3 === 0 ? initialEntrySlotDay() : dayOf({ type: 'EntrySlotsOpened', data: { slots: before } });
      const history = round % 3 === 0 ? before : [];
      const claims = Array.from({ length: 1 + random(40) }, (_, i) => span(`row-${i}`));
      let oneByOne = day;
      const refusedOneByOne: string[] = [];
      for (const claimed of claims) {
        try {
          oneByOne = claim(oneByOne, claimed, [], oneByOne.opened ? [] : history).reduce(evolveEntrySlotDay, oneByOne);
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          refusedOneByOne.push(claimed.entryId);
        }
      }
      const atOnce = decideEntrySlotClaims(day, { slots: claims, history, leftOver: [] });
      expect(atOnce.refused).toEqual(refusedOneByOne);
      // What the day holds: a day refused every claim on its own stays without a stream, holding its history.
      const holds = (state: EntrySlotDay) => slotsOfDay(state, history).sort((a, b) => a.entryId.localeCompare(b.entryId));
      expect(holds(atOnce.events.reduce(evolveEntrySlotDay, day))).toEqual(holds(oneByOne));
    }
  });
});

describe('matching a day to what an entry holds', () => {
  it('releases the slot of an entry that no longer reaches into the day, and puts back the times it holds', () => {
    expect(decideEntrySlotDay({ type: 'MatchEntrySlot', data: { entryId: 'bottle', slot: null, history: [] } }, withBottle)).toEqual([
      { type: 'EntrySlotReleased', data: { entryId: 'bottle' } },
    ]);
    const held = slot('bottle', '2026-11-21T09:00:00.000Z', '2026-11-21T09:15:00.000Z');
    expect(decideEntrySlotDay({ type: 'MatchEntrySlot', data: { entryId: 'bottle', slot: held, history: [] } }, withBottle)).toEqual([{ type: 'EntrySlotClaimed', data: held }]);
    expect(decideEntrySlotDay({ type: 'MatchEntrySlot', data: { entryId: 'bottle', slot: bottle, history: [] } }, withBottle)).toEqual([]);
  });
});

describe('a slot in the way', () => {
  const now = new Date('2026-11-21T12:00:30.000Z');
  it('is held while its entry is logged at those times', () => {
    expect(slotStanding(bottle, { status: 'logged', interval: bottle }, now)).toBe('held');
  });
  it('is a write in flight for a minute while its entry is not logged at those times yet', () => {
    expect(slotStanding(bottle, { status: 'none', interval: null }, now)).toBe('in-flight');
    expect(slotStanding(bottle, { status: 'logged', interval: { startedAt: '2026-11-21T08:00:00.000Z', endedAt: '2026-11-21T08:10:00.000Z' } }, now)).toBe('in-flight');
  });
  it('is left over once its entry is deleted, or once the write that claimed it would have finished', () => {
    expect(slotStanding(bottle, { status: 'deleted', interval: bottle }, now)).toBe('left-over');
    expect(slotStanding(bottle, { status: 'none', interval: null }, new Date('2026-11-21T12:01:01.000Z'))).toBe('left-over');
  });
});

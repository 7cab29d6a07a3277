import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ENTRY_KIND_LIST } from './all-entry-kinds';
import { defineEntryKind } from './define-entry-kind';
import { AT_AN_INSTANT } from './entry-times';

/** What a throwaway kind needs besides its details: an instant with nothing else to say. */
const rest = {
  kind: 'diaper',
  notFound: 'Not found',
  anEntry: 'an entry',
  tag: 'Throwaway',
  timing: 'instant',
  times: AT_AN_INSTANT,
  request: { occurredAt: z.string() },
  check: () => ({ startedAt: '2026-11-20T10:00:00.000Z', endedAt: '2026-11-20T10:00:00.000Z', notes: '', details: { food: 'banana' } }),
  line: () => ({ icon: '🥄', amount: '-' }),
  parts: {},
  research: { columns: z.strictObject({}), fields: () => ({}) },
} as const;

describe('free text in a kind of entry', () => {
  it("is sealed in every kind there is by its path in the kind's details, a sleep's sleep-sack tag too", () => {
    expect(Object.fromEntries(ENTRY_KIND_LIST.map(({ kind, sealed }) => [kind, sealed]))).toMatchObject({ feeding: [], sleep: ['environment.sleepSackTag'], diaper: [], pumping: [], solid: ['food'], medication: ['name'], temperature: [], tummyTime: ['milestone'] });
  });

  it('fails the type check, and the definition, when a field holds text neither sealed nor declared plain', () => {
    expect(() =>
      // @ts-expect-error 'food is free text: declare it sealed, or plain with the reason it is not'
      defineEntryKind({ ...rest, details: z.strictObject({ food: z.string() }), sealed: [] }),
    ).toThrow('diaper: food is free text: declare it sealed, or plain with the reason it is not');
  });

  it('is refused nested in the details too, where the type check does not look', () => {
    const details = z.strictObject({ food: z.string(), meal: z.strictObject({ place: z.string().nullable() }).nullable() });
    const check = () => ({ ...rest.check(), details: { food: 'banana', meal: null } });
    expect(() => defineEntryKind({ ...rest, check, details, sealed: ['food'] })).toThrow('diaper: meal.place is free text');
  });

  it('is defined once sealed, or declared plain with a reason', () => {
    expect(defineEntryKind({ ...rest, details: z.strictObject({ food: z.string() }), sealed: ['food'] }).sealed).toEqual(['food']);
    expect(defineEntryKind({ ...rest, details: z.strictObject({ food: z.string() }), sealed: [], plain: { food: 'a code from a fixed list' } }).sealed).toEqual([]);
  });

  it('names a sealed path that holds no text, so a typo cannot leave the text in the clear', () => {
    expect(() => defineEntryKind({ ...rest, details: z.strictObject({ food: z.string() }), sealed: ['food', 'fod'] })).toThrow('diaper: fod is declared sealed but holds no text');
  });
});

import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { FROM_START_TO_END } from '../entries/entry-times';
import { checkTummyTime, MAX_MILESTONE_LENGTH, tummyTimeAmountText, tummyTimeLine } from './tummy-time-rules';

/**
 * Time on the tummy, from start to end, with a milestone the parent saw (free text, sealed). A span:
 * two sessions do not overlap in life, but nothing is lost when a parent logs one twice.
 */
export const tummyTimeKind = defineEntryKind({
  kind: 'tummyTime',
  notFound: 'Tummy time not found',
  anEntry: 'a tummy time',
  tag: 'Tummy time',
  timing: 'span',
  times: FROM_START_TO_END,
  details: z.strictObject({ milestone: z.string().nullable() }),
  sealed: ['milestone'],
  request: {
    startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    endedAt: z.string({ error: 'Duration is required' }).min(1, 'Duration is required').pipe(isoInstant('endedAt')),
    milestone: z.string({ error: 'Milestone must be text' }).max(MAX_MILESTONE_LENGTH * 4, `Milestone must be ${MAX_MILESTONE_LENGTH} characters or less`).nullable().optional(),
  },
  check(body, now) {
    const { startedAt, endedAt, notes, milestone } = checkTummyTime(body, now);
    return { startedAt, endedAt, notes, details: { milestone } };
  },
  line: tummyTimeLine,
  amountText: tummyTimeAmountText,
  parts: {},
  report: { day: (_details, { startedAt, endedAt }) => ({ tummyTimeMins: Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000) }) },
  // Its minutes are in the line's times; the milestone is free text and never leaves.
  research: { columns: z.strictObject({}), fields: () => ({}) },
});

import { z } from 'zod';
import { ENTRY_KIND_LIST } from '../entries/all-entry-kinds';
import { growthResearchColumns } from '../growth/growth-research';
import { named, viewSchema } from '../shared/view-schema';
import { KIND_COLUMN_NAMES, RESEARCH_SCHEMA_VERSION, type ChildAnonymizedLine, type ChildRegisteredLine, type ChildWithdrawnLine, type EntryLineRole, type StreamRestatedLine } from './research-lines';
import { WEEKDAYS } from './shifted-clock';

/**
 * The codebook of the research lines as JSON Schema (in the API description of
 * GET /api/research/events): one schema per kind of line, told apart by `kind`. docs/research.md
 * says the same in prose, with the rules behind each field.
 */

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const timeOfDay = z.string().regex(/^\d{2}:\d{2}$/);

const start = {
  schemaVersion: z.literal(RESEARCH_SCHEMA_VERSION).describe('The version of the line format.'),
  stream: z.string().regex(/^c_[0-9a-f]{16}$/).describe("The child's pseudonym: the same in every export under one research secret."),
};
const seq = z.number().int().min(1).describe("The event's number in the child's history, from 1: apply a stream's lines in this order; numbers may skip.");
const sex = z.enum(['Female', 'Male', 'Unknown']);

const times = {
  shiftedAt: dateTime.nullable().describe("Start on the child's shifted clock, 'YYYY-MM-DDTHH:MM' without an offset; null for a measurement (a day)."),
  shiftedEndAt: dateTime.nullable().describe('End on the same clock; null when the entry has none (a diaper change, an untimed pumping session, a measurement).'),
  localDate: date.describe('Shifted local date of the start (of the day, for a measurement).'),
  localTime: timeOfDay.nullable().describe('Time of day of the start on the shifted clock; null for a measurement.'),
  weekday: z.enum(WEEKDAYS).describe('Weekday of localDate: the shift is whole weeks.'),
  ageDays: z.number().int().nullable().describe('Whole days from shiftedBirthDate to localDate; null when no birth date is known.'),
  minute: z.number().int().nullable().describe('Minutes from 00:00 of shiftedBirthDate to the start, as they passed: differences between lines are exact elapsed minutes.'),
  endMinute: z.number().int().nullable().describe('The same for the end.'),
  durationMinutes: z.number().int().nullable().describe('Minutes from start to end as they passed (endMinute - minute).'),
  clockChangeMinutes: z
    .number()
    .int()
    .nullable()
    .describe("How far the child's clock was moved between 00:00 of localDate and the end (or start): 60 forward, -60 back, else 0; null for a measurement."),
};

/** Each kind's own columns, by the name its lines start with. */
const entryColumns: Record<string, z.ZodRawShape> = {
  ...Object.fromEntries(ENTRY_KIND_LIST.map(({ kind, research }) => [kind, research.columns.shape])),
  growth: growthResearchColumns.shape,
};

const noColumns = Object.fromEntries(KIND_COLUMN_NAMES.map((name) => [name, z.null()]));

const ROLE_TEXT: Record<EntryLineRole, string> = {
  logged: 'logged: its values as first given',
  corrected: 'corrected: its values replace the ones given before',
  restored: 'restored (a deletion undone): the entry stands again with the values it had',
  deleted: 'withdrawn (deleted, or corrected to a time after the release): drop it; the dates are those of the values it had',
};

const pascal = (text: string) => text.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase());

function entryLineSchema(kind: string, role: EntryLineRole) {
  const lineKind = `${kind}-${role}`;
  const own = role === 'deleted' ? {} : entryColumns[kind];
  return named(
    z.strictObject({ ...start, seq, kind: z.literal(lineKind), entry: z.string().regex(/^e_[0-9a-f]{16}$/).describe("The entry's pseudonym."), sex, ...times, ...noColumns, ...own }),
    `${pascal(lineKind)}Line`,
    `A ${kind} ${ROLE_TEXT[role]}.`,
  );
}

const childRegistered = viewSchema<ChildRegisteredLine>()(
  named(
    z.strictObject({
      ...start,
      seq,
      kind: z.literal('child-registered'),
      sex,
      shiftedBirthDate: date.nullable().describe('The day ages count from, on the shifted calendar; null when unknown.'),
      ageFrom: z
        .enum(['birth-date', 'birth-month'])
        .nullable()
        .describe("'birth-date': ages are exact; 'birth-month': the account was deleted and ages count from a secret day of the birth month."),
      nightWindowStart: timeOfDay.describe('A sleep starting at or after this time of day is night sleep.'),
      nightWindowEnd: timeOfDay.describe('A sleep ending before this time of day is night sleep.'),
    }),
    'ChildRegisteredLine',
    "The child: its first line. No date: it was recorded at a time research must not know.",
  ),
);

const childAnonymized = viewSchema<ChildAnonymizedLine>()(
  named(z.strictObject({ ...start, seq, kind: z.literal('child-anonymized') }), 'ChildAnonymizedLine', "The parent's account was deleted: ages now count from the birth month."),
);

const streamRestated = viewSchema<StreamRestatedLine>()(
  named(z.strictObject({ ...start, kind: z.literal('stream-restated') }), 'StreamRestatedLine', 'Drop every line of this stream you hold: the lines that follow are all of it again.'),
);

const childWithdrawn = viewSchema<ChildWithdrawnLine>()(
  named(z.strictObject({ ...start, kind: z.literal('child-withdrawn') }), 'ChildWithdrawnLine', 'Drop every line of this stream you hold: the child left the release.'),
);

export const researchExportEndSchema = named(
  z.strictObject({
    schemaVersion: start.schemaVersion,
    kind: z.literal('end'),
    lines: z.number().int().min(0).describe('How many lines came before this one.'),
    children: z.number().int().min(0).describe('How many children the release holds, in this export or before it.'),
    shiftedThrough: date.describe('The last shifted date the release holds lines of.'),
    resumeFrom: z.string().describe('Give it as `from` to the next export.'),
  }),
  'ResearchExportEnd',
  'The last line of every export.',
);

const ROLES: EntryLineRole[] = ['logged', 'corrected', 'restored', 'deleted'];

export const researchLineSchema = named(
  z.discriminatedUnion('kind', [
    childRegistered,
    childAnonymized,
    ...Object.keys(entryColumns).flatMap((kind) => ROLES.map((role) => entryLineSchema(kind, role))),
    streamRestated,
    childWithdrawn,
    researchExportEndSchema,
  ]),
  'ResearchLine',
  'One line of a research export (NDJSON): told apart by `kind`. See docs/research.md, the codebook.',
);

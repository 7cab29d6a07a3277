import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { AT_AN_INSTANT } from '../entries/entry-times';
import { checkMedication, DOSE_UNITS, MAX_MEDICATION_NAME_LENGTH, medicationAmountText, medicationLine } from './medication-rules';

/** A dose of medicine given: an instant, the medicine's name (free text, sealed) and the dose in its unit. */
export const medicationKind = defineEntryKind({
  kind: 'medication',
  notFound: 'Medication not found',
  anEntry: 'a medication',
  tag: 'Medications',
  timing: 'instant',
  times: AT_AN_INSTANT,
  details: z.strictObject({ name: z.string(), dose: z.number(), doseUnit: z.enum(DOSE_UNITS) }),
  sealed: ['name'],
  request: {
    occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    name: z.string({ error: 'Name is required' }).max(MAX_MEDICATION_NAME_LENGTH * 4, `Name must be ${MAX_MEDICATION_NAME_LENGTH} characters or less`),
    dose: z.number({ error: 'Dose must be a number' }),
    doseUnit: z.enum(DOSE_UNITS, { error: 'Dose unit must be mL, mg, drops or tablets' }),
  },
  check(body, now) {
    const { occurredAt, notes, ...details } = checkMedication(body, now);
    return { startedAt: occurredAt, endedAt: occurredAt, notes, details };
  },
  line: medicationLine,
  amountText: medicationAmountText,
  parts: { dose: 'dose', doseUnit: 'dose' },
  report: { dose: ({ name }) => ({ name }) },
  // A dose with its unit at a known age narrows down the medicine, and so the illness: research learns only that one was given.
  research: { columns: z.strictObject({}), fields: () => ({}) },
});

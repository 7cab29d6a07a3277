import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { AT_AN_INSTANT } from '../entries/entry-times';
import { numberCell, RowRefused } from '../imports/csv-cells';
import { named } from '../shared/view-schema';
import { csvValue } from '../exports/csv';
import { checkTemperature, TEMPERATURE_METHODS, temperatureAmountText, temperatureGuidance, temperatureLine, toCelsius, toFahrenheit } from './temperature-rules';

const temperatureGuidanceSchema = named(
  z.strictObject({ message: z.literal('Call your pediatrician'), reason: z.string(), source: z.strictObject({ title: z.string(), url: z.string() }) }),
  'TemperatureGuidance',
  "Computed when read, from the child's age on the date of the reading.",
);

/** What research may see of a reading: the rare extremes, which would single a child out, at the edge of the common range. */
const RESEARCH_CELSIUS = { min: 35.5, max: 40.5 };
const researchCelsius = (temperature: number, unit: 'C' | 'F'): number =>
  Math.min(RESEARCH_CELSIUS.max, Math.max(RESEARCH_CELSIUS.min, Math.round(toCelsius(temperature, unit) * 10) / 10));

const reading = (unit: '°C' | '°F') => z.number({ error: 'Temperature must be a number' }).nullable().optional().describe(`In ${unit}, to a tenth of a degree`);

/** A temperature taken: an instant, the reading as entered in °C or °F, and how it was taken. */
export const temperatureKind = defineEntryKind({
  kind: 'temperature',
  notFound: 'Temperature not found',
  anEntry: 'a temperature',
  tag: 'Temperatures',
  timing: 'instant',
  times: AT_AN_INSTANT,
  details: z.strictObject({ temperature: z.number(), unit: z.enum(['C', 'F']), method: z.enum(TEMPERATURE_METHODS).nullable() }),
  sealed: [],
  request: {
    occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    temperatureC: reading('°C'),
    temperatureF: reading('°F'),
    method: z.enum(TEMPERATURE_METHODS, { error: 'Method must be rectal, armpit, ear, forehead or oral' }).nullable().optional(),
  },
  check(body, now, origin) {
    const { occurredAt, notes, ...details } = checkTemperature(body, now, origin);
    return { startedAt: occurredAt, endedAt: occurredAt, notes, details };
  },
  line: temperatureLine,
  amountText: temperatureAmountText,
  // Both scales, so any reader can read it; and the guidance, which depends on the child's age on the day.
  view: {
    shape: { temperatureC: z.number(), temperatureF: z.number(), guidance: temperatureGuidanceSchema.nullable() },
    of: (details, { startedAt }, { child }) => ({
      temperatureC: Math.round(toCelsius(details.temperature, details.unit) * 10) / 10,
      temperatureF: Math.round(toFahrenheit(details.temperature, details.unit) * 10) / 10,
      guidance: temperatureGuidance({ occurredAt: startedAt, ...details }, child),
    }),
  },
  parts: { temperature: 'temperature', unit: 'temperature', method: 'method' },
  report: { reading: ({ temperature, unit }) => ({ celsius: toCelsius(temperature, unit) }) },
  // The reading as entered, its scale, and how it was taken.
  csv: {
    columns: ['temperature', 'temperature_unit', 'temperature_method'],
    cells: ({ temperature, unit, method }) => ({ temperature: csvValue(temperature), temperature_unit: unit, temperature_method: method ?? '' }),
    body(cells) {
      const unit = cells['temperature_unit'];
      if (unit !== 'C' && unit !== 'F') throw new RowRefused('temperature_unit must be C or F');
      return { occurredAt: cells['started_utc'], [unit === 'C' ? 'temperatureC' : 'temperatureF']: numberCell(cells, 'temperature'), method: cells['temperature_method'] || null };
    },
  },
  research: {
    columns: z.strictObject({
      temperatureC: z.number().describe(`The reading in °C to a tenth of a degree, whatever scale it was entered in; ${RESEARCH_CELSIUS.min} and ${RESEARCH_CELSIUS.max} stand for those or beyond.`),
      temperatureMethod: z.enum(TEMPERATURE_METHODS).nullable().describe('How it was taken; null when not said (an import from Baby Buddy).'),
    }),
    fields: ({ temperature, unit, method }) => ({ temperatureC: researchCelsius(temperature, unit), temperatureMethod: method }),
  },
});

import type { EntryLineParts, EntryOrigin } from '../entries/entry-kind-definition';
import { milestoneDate } from '../milestones/milestone-schedule';
import { DomainRuleError } from '../shared/domain-event';
import { localDateOf, type LocalDate } from '../time/zoned-time';
import type { Units } from '../units/units';

// The rules, words, line and guidance of a temperature taken, without zod: the web's dialog reads them too.

/** How it was taken. A rectal reading is the one the guidance's thresholds are written for. */
export type TemperatureMethod = 'rectal' | 'armpit' | 'ear' | 'forehead' | 'oral';
export const TEMPERATURE_METHODS = ['rectal', 'armpit', 'ear', 'forehead', 'oral'] as const satisfies readonly TemperatureMethod[];

/** The scale a temperature was entered in: the reader's units (metric reads °C, imperial °F). */
export type TemperatureUnit = 'C' | 'F';

/** A body temperature outside these is a slip of the finger (or of the thermometer), not a reading. */
export const TEMPERATURE_LIMITS = { C: { min: 34, max: 43 }, F: { min: 93.2, max: 109.4 } } as const satisfies Record<TemperatureUnit, { min: number; max: number }>;

export const toCelsius = (value: number, unit: TemperatureUnit): number => (unit === 'C' ? value : Math.round(((value - 32) * 5) / 9 * 100) / 100);
export const toFahrenheit = (value: number, unit: TemperatureUnit): number => (unit === 'F' ? value : Math.round(((value * 9) / 5 + 32) * 100) / 100);

export interface TemperatureInput {
  occurredAt: string;
  temperatureC?: number | null;
  temperatureF?: number | null;
  method?: TemperatureMethod | null;
  notes?: string | null;
}

export interface CheckedTemperature {
  occurredAt: string;
  /** As entered, in `unit`. */
  temperature: number;
  unit: TemperatureUnit;
  /** Null only when read from a file that does not say (Baby Buddy's). */
  method: TemperatureMethod | null;
  notes: string;
}

const METHOD_REQUIRED = 'Method must be rectal, armpit, ear, forehead or oral';

/**
 * The Add Temperature dialog's rules, enforced again on the server: one reading, in °C or °F, to a
 * tenth of a degree, and how it was taken. A file's reading is kept as the file has it (Baby Buddy
 * keeps hundredths, and no method).
 */
export function checkTemperature(input: TemperatureInput, now: Date, origin: EntryOrigin = 'dialog'): CheckedTemperature {
  const occurred = new Date(input.occurredAt);
  if (occurred.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'occurredAt');
  const celsius = input.temperatureC ?? null;
  const fahrenheit = input.temperatureF ?? null;
  if (celsius !== null && fahrenheit !== null) throw new DomainRuleError('Send temperatureC or temperatureF, not both', 'temperatureC');
  if (celsius === null && fahrenheit === null) throw new DomainRuleError('Temperature is required', 'temperatureC');
  const [temperature, unit] = celsius !== null ? [celsius, 'C' as const] : [fahrenheit!, 'F' as const];
  const problem = temperatureProblem(temperature, unit, origin === 'dialog');
  if (problem) throw new DomainRuleError(problem, unit === 'C' ? 'temperatureC' : 'temperatureF');
  const method = input.method ?? null;
  if (method === null && origin === 'dialog') throw new DomainRuleError(METHOD_REQUIRED, 'method');
  return { occurredAt: occurred.toISOString(), temperature, unit, method, notes: input.notes?.trim() ?? '' };
}

/** What is wrong with a reading, or undefined: out of a body's range, or (`inTenths`) finer than a tenth of a degree. */
export function temperatureProblem(value: number, unit: TemperatureUnit, inTenths = true): string | undefined {
  const { min, max } = TEMPERATURE_LIMITS[unit];
  if (value < min || value > max) return `Temperature must be between ${min} and ${max} °${unit}`;
  if (inTenths && Math.abs(value * 10 - Math.round(value * 10)) > 1e-9) return 'Temperature must be in tenths of a degree';
  return undefined;
}

/** A reading as read in `shown` ('38.2 °C', '100.8 °F'), to a tenth of a degree. */
export function temperatureText({ temperature, unit }: { temperature: number; unit: TemperatureUnit }, shown: TemperatureUnit = unit): string {
  const value = shown === unit ? temperature : Math.round((shown === 'C' ? toCelsius(temperature, unit) : toFahrenheit(temperature, unit)) * 10) / 10;
  return `${value} °${shown}`;
}

type Reading = { temperature: number; unit: TemperatureUnit; method: TemperatureMethod | null };

const withMethod = (text: string, method: TemperatureMethod | null) => (method === null ? text : `${text} · ${method}`);

/** A reading's line: the reading as entered, and how it was taken ('38.2 °C · rectal'). */
export const temperatureLine = (reading: Reading): EntryLineParts => ({ icon: '🌡️', amount: withMethod(temperatureText(reading), reading.method) });

/** The line in the reader's scale: metric reads °C, imperial °F; a reader with no units reads it as entered. */
export const temperatureAmountText = (reading: Reading, units: Units | null): string =>
  withMethod(temperatureText(reading, units === null ? reading.unit : units.growth === 'imperial' ? 'F' : 'C'), reading.method);

export interface TemperatureGuidance {
  message: 'Call your pediatrician';
  reason: string;
  source: { title: string; url: string };
}

export const FEVER_SOURCE = {
  title: 'American Academy of Pediatrics, HealthyChildren.org, “When to Call the Pediatrician: Fever”',
  url: 'https://www.healthychildren.org/English/health-issues/conditions/fever/Pages/When-to-Call-the-Pediatrician.aspx',
};

/**
 * The AAP's thresholds by age, in °C (their °F in the reason): under 3 months, 38 °C (100.4 °F)
 * or more, at once; from 3 to 6 months, 38.3 °C (101 °F); from 6 months, 39.4 °C (103 °F). They are
 * written for a rectal reading; a reading taken another way counts the same (an armpit reads lower,
 * so a fever there is no smaller), and the reason says so.
 */
const FEVER_BANDS = [
  {
    underMonths: 3,
    celsius: 38,
    rectal: 'A fever of 100.4 °F (38 °C) or more under 3 months of age: call at once, day or night.',
    otherwise: 'A fever of 100.4 °F (38 °C) or more under 3 months of age: call at once, day or night. The threshold is for a rectal reading; this one was not said to be.',
  },
  {
    underMonths: 6,
    celsius: 38.3,
    rectal: 'A fever of 101 °F (38.3 °C) or more from 3 to 6 months of age.',
    otherwise: 'A fever of 101 °F (38.3 °C) or more from 3 to 6 months of age. The threshold is for a rectal reading; this one was not said to be.',
  },
  {
    underMonths: Infinity,
    celsius: 39.4,
    rectal: 'A fever of 103 °F (39.4 °C) or more from 6 months of age.',
    otherwise: 'A fever of 103 °F (39.4 °C) or more from 6 months of age. The threshold is for a rectal reading; this one was not said to be.',
  },
] as const;

/** The guidance a reading calls for at the child's age on its local date, or null. */
export function temperatureGuidance(
  reading: Reading & { occurredAt: string },
  child: { birthDate: LocalDate; timezone: string },
): TemperatureGuidance | null {
  const date = localDateOf(reading.occurredAt, child.timezone);
  const band = FEVER_BANDS.find(({ underMonths }) => underMonths === Infinity || date < milestoneDate(child.birthDate, underMonths))!;
  if (toCelsius(reading.temperature, reading.unit) < band.celsius - 1e-9) return null;
  // Whole sentences, each a message of the server's catalogs, so the reason reads in the reader's language.
  return { message: 'Call your pediatrician', reason: reading.method === 'rectal' ? band.rectal : band.otherwise, source: FEVER_SOURCE };
}

import { describe, expect, it } from 'vitest';
import { checkTemperature, temperatureAmountText, temperatureGuidance } from './temperature-rules';

// Born 10 March 2026 in New York: 3 months old on 10 June, 6 months old on 10 September.
const child = { birthDate: '2026-03-10', timezone: 'America/New_York' };
const at = (date: string, temperature: number, unit: 'C' | 'F' = 'C', method: 'rectal' | 'armpit' = 'rectal') => ({ occurredAt: `${date}T16:00:00.000Z`, temperature, unit, method });

describe("a temperature's guidance, by the AAP's thresholds for the child's age", () => {
  it('asks for a call at 38 °C (100.4 °F) or more under 3 months, and not below', () => {
    expect(temperatureGuidance(at('2026-06-09', 38), child)).toEqual({
      message: 'Call your pediatrician',
      reason: 'A fever of 100.4 °F (38 °C) or more under 3 months of age: call at once, day or night.',
      source: { title: expect.stringContaining('When to Call the Pediatrician: Fever'), url: expect.stringContaining('healthychildren.org') },
    });
    expect(temperatureGuidance(at('2026-06-09', 100.4, 'F'), child)).not.toBeNull();
    expect(temperatureGuidance(at('2026-06-09', 37.9), child)).toBeNull();
  });

  it('from 3 months on, at 38.3 °C (101 °F); from 6 months on, at 39.4 °C (103 °F)', () => {
    expect(temperatureGuidance(at('2026-06-10', 38.2), child)).toBeNull();
    expect(temperatureGuidance(at('2026-06-10', 101, 'F'), child)?.reason).toBe('A fever of 101 °F (38.3 °C) or more from 3 to 6 months of age.');
    expect(temperatureGuidance(at('2026-09-10', 39.3), child)).toBeNull();
    expect(temperatureGuidance(at('2026-09-10', 39.4), child)?.reason).toBe('A fever of 103 °F (39.4 °C) or more from 6 months of age.');
  });

  it('says when the reading was not rectal, which the thresholds are written for', () => {
    expect(temperatureGuidance(at('2026-06-09', 38.1, 'C', 'armpit'), child)?.reason).toMatch(/The threshold is for a rectal reading; this one was not said to be\.$/);
  });
});

describe('a temperature reading', () => {
  const now = new Date('2026-11-20T18:00:00Z');
  it('is refused with both scales, with none, out of a body’s range, or finer than a tenth', () => {
    const base = { occurredAt: '2026-11-20T17:00:00Z', method: 'ear' as const };
    expect(() => checkTemperature({ ...base, temperatureC: 38, temperatureF: 100.4 }, now)).toThrow('Send temperatureC or temperatureF, not both');
    expect(() => checkTemperature(base, now)).toThrow('Temperature is required');
    expect(() => checkTemperature({ ...base, temperatureC: 43.1 }, now)).toThrow('Temperature must be between 34 and 43 °C');
    expect(() => checkTemperature({ ...base, temperatureF: 93 }, now)).toThrow('Temperature must be between 93.2 and 109.4 °F');
    expect(() => checkTemperature({ ...base, temperatureC: 38.25 }, now)).toThrow('Temperature must be in tenths of a degree');
    expect(checkTemperature({ ...base, temperatureF: 100.4 }, now)).toMatchObject({ temperature: 100.4, unit: 'F', method: 'ear' });
    expect(() => checkTemperature({ ...base, method: null, temperatureC: 38 }, now)).toThrow('Method must be rectal, armpit, ear, forehead or oral');
  });

  it('is kept as a file has it: in hundredths, and without a method when the file says none', () => {
    expect(checkTemperature({ occurredAt: '2026-11-20T17:00:00Z', temperatureF: 100.24 }, now, 'file')).toMatchObject({ temperature: 100.24, unit: 'F', method: null });
  });

  it('reads in the reader’s scale: metric in °C, imperial in °F, as entered without units', () => {
    const reading = { temperature: 38.2, unit: 'C' as const, method: 'rectal' as const };
    expect(temperatureAmountText(reading, { volume: 'oz', growth: 'imperial' })).toBe('100.8 °F · rectal');
    expect(temperatureAmountText(reading, { volume: 'mL', growth: 'metric' })).toBe('38.2 °C · rectal');
    expect(temperatureAmountText({ ...reading, temperature: 100.4, unit: 'F' }, null)).toBe('100.4 °F · rectal');
  });
});

import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/domain-event';
import { checkDiaper, diaperGuidance } from './diaper-rules';

const now = new Date('2026-11-20T12:00:00Z');

describe('checkDiaper', () => {
  it('keeps the instant, the contents and the colour of a dirty diaper; notes trimmed, none by default', () => {
    expect(checkDiaper({ occurredAt: '2026-11-20T06:30:00-05:00', contents: 'dirty', color: 'green', notes: '  after the bath ' }, now)).toEqual({
      occurredAt: '2026-11-20T11:30:00.000Z',
      contents: 'dirty',
      color: 'green',
      notes: 'after the bath',
    });
    expect(checkDiaper({ occurredAt: '2026-11-20T11:00:00Z', contents: 'wet' }, now)).toEqual({ occurredAt: '2026-11-20T11:00:00.000Z', contents: 'wet', color: null, notes: '' });
  });

  it('refuses a change in the future', () => {
    expect(() => checkDiaper({ occurredAt: '2026-11-20T12:01:00Z', contents: 'wet' }, now)).toThrow(DomainRuleError);
    expect(() => checkDiaper({ occurredAt: '2026-11-20T12:01:00Z', contents: 'wet' }, now)).toThrow('Cannot select future date and time');
  });

  it.each(['wet', 'dry'] as const)('refuses a colour on a %s diaper', (contents) => {
    expect(() => checkDiaper({ occurredAt: '2026-11-20T11:00:00Z', contents, color: 'yellow' }, now)).toThrow('Color applies to dirty diapers only');
  });
});

describe('diaperGuidance', () => {
  const child = { birthDate: '2026-11-10', timezone: 'America/New_York' };
  const at = (localDay: string, color: 'black' | 'red' | 'white' | 'yellow' | null) => diaperGuidance({ occurredAt: `${localDay}T15:00:00Z`, color }, child);

  it('leaves black stool alone on days 1 to 4 of life (meconium) and flags it from day 5', () => {
    // Born on the 10th: the 13th is day 4 (age 3 days), the 14th day 5 (age 4 days).
    expect(at('2026-11-13', 'black')).toBeNull();
    expect(at('2026-11-14', 'black')).toMatchObject({ message: 'Talk to your pediatrician', reason: 'Black stool after the first days of life can be digested blood.' });
  });

  it('reads the day in the child’s zone: 02:00 UTC on the 14th is still the 13th in New York', () => {
    expect(diaperGuidance({ occurredAt: '2026-11-14T02:00:00Z', color: 'black' }, child)).toBeNull();
  });

  it.each([
    ['red', 'Red in the stool can be blood.'],
    ['white', 'White, pale or chalky stool can be a sign of a liver problem.'],
  ] as const)('flags %s at any age, with its source', (color, reason) => {
    expect(at('2026-11-10', color)).toEqual({
      message: 'Talk to your pediatrician',
      reason,
      source: { title: 'Johns Hopkins Children’s Center, “Stool Color Library”', url: 'https://hopkinschildrens.org/stool-color-library/' },
    });
  });

  it('has nothing to say about yellow, or a diaper without a colour', () => {
    expect(at('2026-11-20', 'yellow')).toBeNull();
    expect(at('2026-11-20', null)).toBeNull();
  });
});

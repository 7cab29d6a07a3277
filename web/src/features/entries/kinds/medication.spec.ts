import { describe, expect, it } from 'vitest';
import { lastGivenText } from './medication.tsx';

describe("a medication's 'last given' line", () => {
  const now = new Date('2026-11-20T18:00:00Z');
  it('names the medicine and the dose, and the time since in hours and minutes', () => {
    expect(lastGivenText({ name: 'Paracetamol', dose: 2.5, doseUnit: 'mL', occurredAt: '2026-11-20T14:50:00Z' }, now)).toBe('Paracetamol 2.5 mL last given 3h 10m ago');
    expect(lastGivenText({ name: 'Vitamin D', dose: 1, doseUnit: 'drops', occurredAt: '2026-11-20T17:35:00Z' }, now)).toBe('Vitamin D 1 drop last given 25m ago');
  });

  it("says 'just now' within the first minute, and never a time to come on a phone whose clock is behind", () => {
    expect(lastGivenText({ name: 'Zinc', dose: 1, doseUnit: 'tablets', occurredAt: '2026-11-20T17:59:30Z' }, now)).toBe('Zinc 1 tablet last given just now');
    expect(lastGivenText({ name: 'Zinc', dose: 1, doseUnit: 'tablets', occurredAt: '2026-11-20T18:02:00Z' }, now)).toBe('Zinc 1 tablet last given just now');
  });
});

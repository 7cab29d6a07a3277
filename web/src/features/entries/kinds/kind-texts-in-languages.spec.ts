import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../../lib/i18n/i18n-store.ts';
import { diaperLineText } from './diaper.tsx';
import { doseText, lastGivenText, medicationForm, medicationLineText } from './medication.tsx';
import { solidLineText } from './solid.tsx';
import { sideLettersText } from '../lib/side-letters.ts';
import { temperatureLineText } from './temperature.tsx';

describe("the kinds' lines in the reader's language", () => {
  afterEach(() => speak('en'));

  it('say in English what the server says', () => {
    expect(diaperLineText({ contents: 'both', color: null })).toBe('Wet + dirty');
    expect(diaperLineText({ contents: 'dirty', color: 'green' })).toBe('Dirty · green');
    expect(solidLineText({ food: 'Banana', amount: 'some', reaction: true })).toBe('Banana · Some · reaction');
    expect(medicationLineText({ name: 'Paracetamol', dose: 2.5, doseUnit: 'mL' })).toBe('Paracetamol · 2.5 mL');
    expect(doseText({ dose: 2, doseUnit: 'tablets' })).toBe('2 tablets');
    expect(temperatureLineText('38.2 °C · rectal', 'rectal')).toBe('38.2 °C · rectal');
  });

  it('word and figure them in Spanish and German, a parent\'s own words (the food, the medicine) as written', async () => {
    await speak('es');
    expect(diaperLineText({ contents: 'both', color: null })).toBe('Mojado + sucio');
    expect(diaperLineText({ contents: 'dirty', color: 'green' })).toBe('Sucio · verde');
    expect(solidLineText({ food: 'Banana', amount: 'taste', reaction: true })).toBe('Banana · Lo probó · reacción');
    expect(medicationLineText({ name: 'Vitamin D', dose: 1, doseUnit: 'drops' })).toBe('Vitamin D · 1 gota');
    expect(lastGivenText({ name: 'Paracetamol', dose: 2.5, doseUnit: 'mL', occurredAt: '2026-11-20T14:50:00Z' }, new Date('2026-11-20T18:00:00Z'))).toBe(
      'Paracetamol 2,5 mL: última dosis hace 3h 10m',
    );
    await speak('de');
    expect(temperatureLineText('38.2 °C · armpit', 'armpit')).toBe('38,2 °C · Achsel');
    expect(doseText({ dose: 3, doseUnit: 'tablets' })).toBe('3 Tabletten');
  });
});

describe("a line per breast in the reader's language", () => {
  afterEach(() => speak('en'));

  it("keeps the server's English, and gives Spanish its own letters and decimal comma", async () => {
    expect(sideLettersText('L 5m · R 7m')).toBe('L 5m · R 7m');
    expect(sideLettersText('L 60 · R 50 mL')).toBe('L 60 · R 50 mL');
    await speak('es');
    expect(sideLettersText('L 2.5 · R 2 oz')).toBe('I 2,5 · D 2 oz');
    expect(sideLettersText('R 7m')).toBe('D 7m');
    expect(sideLettersText('-')).toBe('-');
  });
});

describe("a kind's checks in the reader's language", () => {
  afterEach(() => speak('en'));

  it("say what is wrong in the reader's language, a limit as the domain writes it", async () => {
    const now = new Date('2026-11-20T18:00:00Z');
    const values = { datetime: '2026-11-20T10:00', name: 'Zinc', dose: '1001', doseUnit: 'mg' as const, notes: '' };
    expect(medicationForm.validate(values, now).dose).toBe('Dose must be more than 0 and at most 1000');
    await speak('de');
    expect(medicationForm.validate({ ...values, name: '' }, now)).toEqual({ name: 'Der Name ist erforderlich', dose: 'Die Dosis muss größer als 0 und höchstens 1000 sein' });
  });
});

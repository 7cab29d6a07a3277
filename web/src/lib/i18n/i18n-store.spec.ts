import { afterEach, describe, expect, it } from 'vitest';
import { formatLocalDate, formatWallClockTime } from '../local-date.ts';
import { formatVolume } from '../units.ts';
import { formatFigure, formatTagFor, localeFor, speak, t } from './i18n-store.ts';

describe('the language the app speaks', () => {
  afterEach(() => speak('en'));

  it("is the member's choice, else the first of the browser's languages the app speaks, else English", () => {
    expect(localeFor('fr', ['de-AT', 'en-US'])).toBe('fr');
    expect(localeFor(null, ['ja-JP', 'de-AT', 'en-US'])).toBe('de');
    expect(localeFor(undefined, ['ja-JP'])).toBe('en');
  });

  it("formats for the browser's own tag when it speaks the language, else for the language", () => {
    expect(formatTagFor('es', ['en-US', 'es-MX'])).toBe('es-MX');
    expect(formatTagFor('de', ['en-US'])).toBe('de');
  });

  it('switches every text, figure, date and time at once, and <html lang> with them', async () => {
    await speak('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('nav.settings')).toBe('Einstellungen');
    expect(t('report.days', { count: 1 })).toBe('1 Tag');
    expect(formatFigure(5.25, 1)).toBe('5,3');
    expect(formatVolume(4.5, 'oz')).toBe('4,5 oz');
    expect(formatWallClockTime('19:30')).toBe('19:30');
    expect(formatLocalDate('2026-06-08', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Montag, 8. Juni');

    await speak('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('report.days', { count: 1 })).toBe('1 day');
    expect(formatVolume(4.5, 'oz')).toBe('4.5 oz');
    expect(formatWallClockTime('19:30')).toBe('7:30 PM');
  });

  it('keeps the last language asked for when an earlier one loads after it', async () => {
    // English needs no download: it is chosen before Spanish has arrived.
    const spanish = speak('es');
    await speak('en');
    await spanish;
    expect(t('nav.settings')).toBe('Settings');
    expect(document.documentElement.lang).toBe('en');
  });
});

import { t, withLocalDecimals } from '../../../lib/i18n/i18n-store.ts';

/**
 * A line the server writes per breast ('L 5m · R 7m', 'L 60 · R 50 mL', 'R 2.5 oz'), with the
 * sides' letters and the figures in the reader's language: 'I 60 · D 50 mL'.
 */
export function sideLettersText(amount: string): string {
  const parts = amount.split(' · ').map((part) => part.replace(/^([LR]) (?=\d)/, (_, side: string) => `${t('entryLine.side', { side: side === 'L' ? 'left' : 'right' })} `));
  return withLocalDecimals(parts.join(' · '));
}

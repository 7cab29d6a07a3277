import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import type { ImportSummary } from '../api/import-entries.ts';
import { formatLocale, t, useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const FORMAT_NAMES: Record<string, MessageKey> = {
  nightlight: 'import.formatNightlight',
  'babybuddy-feedings': 'import.formatFeedings',
  'babybuddy-sleep': 'import.formatSleep',
  'babybuddy-diaper-changes': 'import.formatDiapers',
  'babybuddy-pumping': 'import.formatPumping',
  'babybuddy-weight': 'import.formatWeight',
  'babybuddy-height': 'import.formatHeight',
  'babybuddy-head-circumference': 'import.formatHead',
};

const formatName = (format: string): string => (Object.hasOwn(FORMAT_NAMES, format) ? t(FORMAT_NAMES[format]!) : format);

/** The entries of a summary by kind, as a parent reads them: '3 feedings, 1 diaper change', '2 growth measurements'. */
export function entriesText({ entries, measurements }: ImportSummary): string {
  const parts = ENTRY_KIND_NAMES.filter((kind) => entries[kind] > 0).map((kind) => t('import.kindCount', { kind, count: entries[kind] }));
  if (measurements > 0) parts.push(t('import.measurements', { count: measurements }));
  return parts.length === 0 ? t('import.noEntries') : new Intl.ListFormat(formatLocale(), { type: 'unit' }).format(parts);
}

export const entryCount = ({ entries, measurements }: ImportSummary): number => ENTRY_KIND_NAMES.reduce((sum, kind) => sum + entries[kind], measurements);

/** What a preview found, or an import did: counts, dates, and every refused line with its reason. */
export function ImportSummaryView({ summary, done }: { summary: ImportSummary; done: boolean }) {
  const tr = useT();
  const span = summary.from && summary.to ? (summary.from === summary.to ? tr('import.on', { date: summary.from }) : tr('import.span', { from: summary.from, to: summary.to })) : '';
  return (
    <div className="import-summary" role="status">
      <p>{tr(done ? 'import.imported' : 'import.ready', { format: formatName(summary.format), entries: entriesText(summary), span })}</p>
      {summary.child === null && summary.children.length > 1 && <p>{tr('import.severalChildren', { count: summary.children.length })}</p>}
      {summary.alreadyImported > 0 && <p>{tr('import.alreadyImported', { count: summary.alreadyImported })}</p>}
      {summary.refused.length > 0 && (
        <>
          <p>{tr('import.refused', { count: summary.refused.length })}</p>
          <ul className="import-refusals">
            {summary.refused.map(({ line, message }) => (
              <li key={line}>
                {tr('import.line', { line, message })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

import { ENTRY_KIND_LISTING, ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import type { ImportSummary } from '../api/import-entries.ts';

const FORMAT_NAMES: Record<string, string> = {
  nightlight: 'an export of this app',
  'babybuddy-feedings': "Baby Buddy's feedings",
  'babybuddy-sleep': "Baby Buddy's sleep",
  'babybuddy-diaper-changes': "Baby Buddy's diaper changes",
  'babybuddy-pumping': "Baby Buddy's pumping",
  'babybuddy-weight': "Baby Buddy's weight",
  'babybuddy-height': "Baby Buddy's height",
  'babybuddy-head-circumference': "Baby Buddy's head circumference",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The entries of a summary by kind, as a parent reads them: '3 feedings, 1 diaper change', '2 growth measurements'. */
export function entriesText({ entries, measurements }: ImportSummary): string {
  const parts = ENTRY_KIND_NAMES.filter((kind) => entries[kind] > 0).map((kind) => plural(entries[kind], ENTRY_KIND_LISTING[kind].one, ENTRY_KIND_LISTING[kind].many));
  if (measurements > 0) parts.push(plural(measurements, 'growth measurement', 'growth measurements'));
  return parts.length === 0 ? 'no new entries' : parts.join(', ');
}

export const entryCount = ({ entries, measurements }: ImportSummary): number => ENTRY_KIND_NAMES.reduce((sum, kind) => sum + entries[kind], measurements);

/** What a preview found, or an import did: counts, dates, and every refused line with its reason. */
export function ImportSummaryView({ summary, done }: { summary: ImportSummary; done: boolean }) {
  return (
    <div className="import-summary" role="status">
      <p>
        {done ? 'Imported' : 'Ready to import'} from {FORMAT_NAMES[summary.format] ?? summary.format}: {entriesText(summary)}
        {summary.from && summary.to ? (summary.from === summary.to ? ` on ${summary.from}` : ` from ${summary.from} to ${summary.to}`) : ''}.
      </p>
      {summary.child === null && summary.children.length > 1 && <p>The file holds the entries of {summary.children.length} Baby Buddy children: choose whose to import.</p>}
      {summary.alreadyImported > 0 && <p>{plural(summary.alreadyImported, 'row was', 'rows were')} imported before and will not be imported again.</p>}
      {summary.refused.length > 0 && (
        <>
          <p>{plural(summary.refused.length, 'row is', 'rows are')} not imported:</p>
          <ul className="import-refusals">
            {summary.refused.map(({ line, message }) => (
              <li key={line}>
                Line {line}: {message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

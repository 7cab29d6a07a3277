import type { ImportSummary } from '../api/import-entries.ts';

const FORMAT_NAMES: Record<string, string> = {
  nightlight: 'an export of this app',
  'babybuddy-feedings': "Baby Buddy's feedings",
  'babybuddy-sleep': "Baby Buddy's sleep",
  'babybuddy-diaper-changes': "Baby Buddy's diaper changes",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The entries of a summary by kind, as a parent reads them: '3 feedings, 1 diaper change'. */
export function entriesText({ entries }: ImportSummary): string {
  const parts = [
    entries.feeding > 0 && plural(entries.feeding, 'feeding', 'feedings'),
    entries.sleep > 0 && plural(entries.sleep, 'sleep', 'sleeps'),
    entries.diaper > 0 && plural(entries.diaper, 'diaper change', 'diaper changes'),
    entries.pumping > 0 && plural(entries.pumping, 'pumping session', 'pumping sessions'),
  ].filter((part) => part !== false);
  return parts.length === 0 ? 'no new entries' : parts.join(', ');
}

export const entryCount = ({ entries }: ImportSummary): number => entries.feeding + entries.sleep + entries.diaper + entries.pumping;

/** What a preview found, or an import did: counts, dates, and every refused line with its reason. */
export function ImportSummaryView({ summary, done }: { summary: ImportSummary; done: boolean }) {
  return (
    <div className="import-summary" role="status">
      <p>
        {done ? 'Imported' : 'Ready to import'} from {FORMAT_NAMES[summary.format] ?? summary.format}: {entriesText(summary)}
        {summary.from && summary.to ? (summary.from === summary.to ? ` on ${summary.from}` : ` from ${summary.from} to ${summary.to}`) : ''}.
      </p>
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

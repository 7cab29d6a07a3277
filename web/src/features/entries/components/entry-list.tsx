import { useState } from 'react';
import { TrashIcon } from '../../../components/icons.tsx';
import type { TimelineEntry } from '../../../types/api.ts';
import { useDeleteEntry } from '../api/delete-entry.ts';
import { formatEntryTime } from '../lib/timeline.ts';
import { EditFeedingDialog } from './edit-feeding-dialog.tsx';
import { PencilIcon } from './pencil-icon.tsx';

/** What each kind shows under its heading: a diaper change is an instant, and says what it held. */
const FACT_LABELS = {
  Feeding: { duration: 'Duration', amount: 'Amount' },
  Sleep: { duration: 'Duration', amount: 'Amount' },
  Diaper: { duration: null, amount: 'Contents' },
  Pumping: { duration: 'Duration', amount: 'Pumped' },
} satisfies Record<TimelineEntry['type'], { duration: string | null; amount: string }>;

type EntryListProps = {
  childId: string;
  entries: readonly TimelineEntry[];
  emptyTitle: string;
  emptyHint: string;
  /** Accessible name of the list, e.g. the section it sits in. */
  label: string;
  /** Feedings get an Edit button, which corrects them in a dialog. */
  editable?: boolean;
};

/** Feedings, sleeps and diaper changes of one day, each with a delete button. */
export function EntryList({ childId, entries, emptyTitle, emptyHint, label, editable = false }: EntryListProps) {
  if (entries.length === 0) {
    return (
      <div className="empty-state entry-empty">
        <h3 className="empty-title">{emptyTitle}</h3>
        <p>{emptyHint}</p>
      </div>
    );
  }
  return (
    <ul className="entry-list" aria-label={label}>
      {entries.map((entry) => (
        <EntryItem key={`${entry.type}-${entry.id}`} childId={childId} entry={entry} editable={editable && entry.type === 'Feeding'} />
      ))}
    </ul>
  );
}

function EntryItem({ childId, entry, editable }: { childId: string; entry: TimelineEntry; editable: boolean }) {
  const deletion = useDeleteEntry();
  const [editing, setEditing] = useState(false);
  const time = formatEntryTime(entry.datetime);
  const facts = FACT_LABELS[entry.type];

  function handleDelete() {
    deletion.mutate(
      { id: entry.id, childId, type: entry.type },
      // The product shows no message for a failed delete: the entry simply stays in the list.
      { onError: (error) => console.error(`Could not delete the ${entry.type.toLowerCase()} entry`, error) },
    );
  }

  return (
    <li className={`entry entry-${entry.type.toLowerCase()}`}>
      <span className="entry-icon" aria-hidden="true">
        {entry.icon}
      </span>
      <div className="entry-body">
        <div className="entry-heading">
          <span className="entry-type">{entry.type}</span>
          <time className="entry-time" dateTime={entry.datetime}>
            {time}
          </time>
        </div>
        <dl className="entry-facts">
          {facts.duration && (
            <div>
              <dt>{facts.duration}</dt>
              <dd>{entry.duration}</dd>
            </div>
          )}
          <div>
            <dt>{facts.amount}</dt>
            <dd>{entry.amount}</dd>
          </div>
        </dl>
        {entry.guidance && (
          <p className="entry-guidance" role="note">
            <strong>{entry.guidance.message}</strong> {entry.guidance.reason}{' '}
            <a href={entry.guidance.source.url} target="_blank" rel="noreferrer">
              {entry.guidance.source.title}
            </a>
          </p>
        )}
        {entry.notes && <p className="entry-notes">{entry.notes}</p>}
        {entry.loggedBy && <p className="entry-logged-by">by {entry.loggedBy.displayName}</p>}
      </div>
      {editable && (
        <>
          <button type="button" className="entry-edit" title="Edit entry" aria-label={`Edit ${entry.type.toLowerCase()} at ${time}`} onClick={() => setEditing(true)}>
            <PencilIcon />
          </button>
          <EditFeedingDialog open={editing} onClose={() => setEditing(false)} childId={childId} feedingId={entry.id} />
        </>
      )}
      <button
        type="button"
        className="entry-delete"
        title="Delete entry"
        aria-label={`Delete ${entry.type.toLowerCase()} at ${time}`}
        disabled={deletion.isPending}
        onClick={handleDelete}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

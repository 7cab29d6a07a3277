import { TrashIcon } from '../../../components/icons.tsx';
import type { TimelineEntry } from '../../../types/api.ts';
import { useDeleteFeeding } from '../api/delete-feeding.ts';
import { useDeleteSleep } from '../api/delete-sleep.ts';
import { formatEntryTime } from '../lib/timeline.ts';

type EntryListProps = {
  childId: string;
  entries: readonly TimelineEntry[];
  emptyTitle: string;
  emptyHint: string;
  /** Accessible name of the list, e.g. the section it sits in. */
  label: string;
};

/** Feedings and sleeps of one day, each with a delete button. */
export function EntryList({ childId, entries, emptyTitle, emptyHint, label }: EntryListProps) {
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
        <EntryItem key={`${entry.type}-${entry.id}`} childId={childId} entry={entry} />
      ))}
    </ul>
  );
}

function EntryItem({ childId, entry }: { childId: string; entry: TimelineEntry }) {
  const deleteFeeding = useDeleteFeeding();
  const deleteSleep = useDeleteSleep();
  const deletion = entry.type === 'Feeding' ? deleteFeeding : deleteSleep;
  const time = formatEntryTime(entry.datetime);

  function handleDelete() {
    deletion.mutate(
      { id: entry.id, childId },
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
          <div>
            <dt>Duration</dt>
            <dd>{entry.duration}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>{entry.amount}</dd>
          </div>
        </dl>
        {entry.notes && <p className="entry-notes">{entry.notes}</p>}
        {entry.loggedBy && <p className="entry-logged-by">by {entry.loggedBy.displayName}</p>}
      </div>
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

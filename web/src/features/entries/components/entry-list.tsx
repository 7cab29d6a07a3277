import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import { useUndoableDelete } from '../hooks/use-undoable-delete.ts';
import { formatEntryTime } from '../lib/timeline.ts';
import type { ListedEntry, SyncMark } from '../lib/waiting-entries.ts';
import { entryKindOf } from '@nightlight/domain/entries/entry-kinds';
import { notesText } from '../../../lib/i18n/api-texts.ts';
import { kindText } from '../../../lib/i18n/kind-texts.ts';
import { webEntryKindOf } from '../kinds/all-entry-kinds.ts';
import { EntryIcon } from './entry-icon.tsx';
import '../../../styles/entries.css';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type EntryListProps = {
  childId: string;
  /** As the server lists them, with the writes still waiting in the outbox marked on them. */
  entries: readonly ListedEntry[];
  emptyTitle: string;
  emptyHint: string;
  /** Accessible name of the list, e.g. the section it sits in. */
  label: string;
  /** Entries get an Edit button, which corrects them in their kind's dialog. */
  editable?: boolean;
};

/**
 * The entries of one day, of every kind, each with a delete button: a deletion can be undone for ten
 * seconds ('Deleted · Undo').
 */
export function EntryList({ childId, entries, emptyTitle, emptyHint, label, editable = false }: EntryListProps) {
  const deletion = useUndoableDelete(childId);
  const t = useT();
  // 'by Maya' tells entries apart only when more than one member logged them.
  const showLoggedBy = new Set(entries.map((entry) => entry.loggedBy?.memberId)).size > 1;
  return (
    <>
      {entries.length === 0 ? (
        <div className="empty-state entry-empty">
          <h3 className="empty-title">{emptyTitle}</h3>
          <p>{emptyHint}</p>
        </div>
      ) : (
        <ul className="entry-list" aria-label={label}>
          {entries.map((entry) => (
            <EntryItem
              key={`${entry.type}-${entry.id}`}
              childId={childId}
              entry={entry}
              editable={editable && !entry.sync}
              showLoggedBy={showLoggedBy}
              deleting={deletion.isDeleting(entry.id)}
              onDelete={() => deletion.remove(entry)}
            />
          ))}
        </ul>
      )}
      <div className="toast-region" role="status">
        {deletion.deleted && (
          <div className="toast">
            <span>{t('entry.deleted')}</span>
            <span aria-hidden="true">·</span>
            <button type="button" className="toast-action" disabled={deletion.undoing} onClick={deletion.undo}>
              {t('entry.undo')}
            </button>
          </div>
        )}
        {deletion.refusal && (
          <div className="toast" role="alert">
            {deletion.refusal}
          </div>
        )}
      </div>
    </>
  );
}

type EntryItemProps = { childId: string; entry: ListedEntry; editable: boolean; showLoggedBy: boolean; deleting: boolean; onDelete: () => void };

function EntryItem({ childId, entry, editable, showLoggedBy, deleting, onDelete }: EntryItemProps) {
  const [editing, setEditing] = useState(false);
  const t = useT();
  const time = formatEntryTime(entry.datetime);
  const kind = entryKindOf(entry.type);
  const { facts, EditDialog, label = entry.type } = webEntryKindOf(entry.type);
  const typeName = kindText(kind, 'label', kindText(kind, 'name', label));
  // A fact the kind has no value for ('-') says nothing.
  const shownFacts = [
    [facts.duration && kindText(kind, 'duration', facts.duration), entry.duration],
    [facts.amount && kindText(kind, 'amount', facts.amount), entry.amount],
  ].filter((fact): fact is [string, string] => fact[0] !== null && fact[1] !== '' && fact[1] !== '-');
  const { sync } = entry;

  function handleDelete() {
    // An entry only this device knows of is simply not sent.
    if (sync?.action === 'add') void outbox.discard(sync.itemId);
    else onDelete();
  }

  const classes = ['entry', `entry-${entry.type.toLowerCase()}`, sync ? 'entry-waiting' : '', sync?.action === 'delete' ? 'entry-deleting' : '', sync?.refusal ? 'entry-refused' : ''];
  return (
    <li className={classes.filter(Boolean).join(' ')}>
      <span className="entry-icon" aria-hidden="true">
        <EntryIcon entry={entry} />
      </span>
      <div className="entry-body">
        <div className="entry-heading">
          <span className="entry-type">{typeName}</span>
          {sync?.action === 'delete' && <span className="entry-badge">{t('entry.deleted')}</span>}
          <time className="entry-time" dateTime={entry.datetime}>
            {time}
          </time>
        </div>
        {shownFacts.length > 0 && (
          <dl className="entry-facts">
            {shownFacts.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {entry.guidance && (
          <p className="entry-guidance" role="note">
            <strong>{entry.guidance.message}</strong> {entry.guidance.reason}{' '}
            <a href={entry.guidance.source.url} target="_blank" rel="noreferrer">
              {entry.guidance.source.title}
            </a>
          </p>
        )}
        {entry.notes && <p className="entry-notes">{notesText(entry.notes)}</p>}
        {showLoggedBy && entry.loggedBy && <p className="entry-logged-by">{t('entry.loggedBy', { name: entry.loggedBy.displayName })}</p>}
        {sync && <SyncState childId={childId} entry={entry} sync={sync} />}
      </div>
      <div className="entry-actions">
        {editable && (
          <button type="button" className="icon-button entry-edit" title={t('entry.edit')} aria-label={t('entry.editAt', { kind, time })} onClick={() => setEditing(true)}>
            <PencilIcon />
          </button>
        )}
        {sync?.action !== 'delete' && !sync?.refusal && (
          <button
            type="button"
            className="icon-button entry-delete"
            title={t('entry.delete')}
            aria-label={t('entry.deleteAt', { kind, time })}
            disabled={deleting}
            onClick={handleDelete}
          >
            <TrashIcon />
          </button>
        )}
      </div>
      {editable && <EditDialog open={editing} onClose={() => setEditing(false)} childId={childId} entryId={entry.id} />}
    </li>
  );
}

/**
 * A write of this entry still in the outbox: 'Waiting to sync' until it is sent; refused, the
 * server's reason with Edit (its dialog, filled in; saving replaces it) and Discard (drops it).
 */
function SyncState({ childId, entry, sync }: { childId: string; entry: ListedEntry; sync: SyncMark }) {
  const [editing, setEditing] = useState(false);
  const t = useT();
  if (!sync.refusal) return <p className="entry-sync">{t('entry.waitingToSync')}</p>;
  const form = sync.form;
  const resume = form ? { itemId: sync.itemId, values: form.values } : undefined;
  const close = () => setEditing(false);
  return (
    <div className="entry-refusal" role="alert">
      <p className="entry-refusal-message">{sync.refusal.message}</p>
      <div className="entry-refusal-actions">
        {resume && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('common.edit')}
          </Button>
        )}
        <Button variant="ghost" onClick={() => void outbox.discard(sync.itemId)}>
          {t('entry.discard')}
        </Button>
      </div>
      {resume && form && editing && <ResumeDialog childId={childId} entry={entry} form={form} resume={resume} onClose={close} />}
    </div>
  );
}

function ResumeDialog({ childId, entry, form, resume, onClose }: { childId: string; entry: TimelineEntry; form: NonNullable<SyncMark['form']>; resume: { itemId: string; values: unknown }; onClose: () => void }) {
  const { AddDialog, EditDialog } = webEntryKindOf(form.entryType);
  // A correction carries the entry it corrected (a feeding's, kept before every kind could be corrected, as `feeding`).
  const corrected = form.entry ?? form.feeding;
  if (corrected) return <EditDialog open onClose={onClose} childId={childId} entryId={entry.id} resume={{ ...resume, entry: corrected }} />;
  return <AddDialog open onClose={onClose} childId={childId} resume={resume} />;
}

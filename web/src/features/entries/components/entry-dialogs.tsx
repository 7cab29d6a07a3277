import { useState } from 'react';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useReplaceWaiting } from '../../../hooks/use-outbox.ts';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { correctEntryWrite, useCorrectEntry, useEntry, useEntryHistory, type CorrectEntryVariables } from '../api/correct-entry.ts';
import { historyText } from '../lib/history-text.ts';
import { kindText } from '../../../lib/i18n/kind-texts.ts';
import { createEntryWrite, useCreateEntry, type CreateEntryVariables } from '../api/create-entry.ts';
import { useEntryForm } from '../hooks/use-entry-form.ts';
import type { EntryForm } from '../kinds/entry-form.ts';
import { offlineEntryId } from '../lib/offline-preview.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';
import '../../../styles/entries.css';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
export type AddEntryDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite | undefined };

/** `resume`: a refused correction, with the entry as its dialog had opened it. */
export type EditEntryDialogProps = { open: boolean; onClose: () => void; childId: string; entryId: string; resume?: (WaitingWrite & { entry: unknown }) | undefined };

/**
 * A kind's writes and dialogs, made from its form: Add (fresh values dated now) and Edit (the
 * entry as logged, loaded by its id), the same fields in both, each write through the outbox.
 */
export function entryDialogs<Kind extends EntryKind, Values extends object, Errors extends object, Input extends { childId: string }>(form: EntryForm<Kind, Values, Errors, Input>) {
  type View = EntryApiViews[Kind];

  function write(variables: CreateEntryVariables<Input>) {
    const body = form.checked(variables.input);
    return createEntryWrite(form.kind, body, form.preview(offlineEntryId(variables.idempotencyKey), body), variables);
  }

  function correction(variables: CorrectEntryVariables<Input>) {
    const body = form.checked(variables.input);
    return correctEntryWrite(form.kind, body, form.preview(variables.entryId, body), variables);
  }

  function AddForm({ childId, resume, onDone }: { childId: string; resume: WaitingWrite | undefined; onDone: () => void }) {
    const t = useT();
    const create = useCreateEntry(form.kind, write);
    const replace = useReplaceWaiting(resume?.itemId, write);
    const units = useUnits();
    const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
      empty: resume ? () => resume.values as Values : (now) => form.empty(now, units),
      validate: form.validate,
      toInput: (filled: Values) => form.toInput(childId, filled),
      mutation: resume ? replace : create,
      what: form.what,
      onDone,
    });
    return (
      <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
        <form.Fields values={values} errors={errors} update={update} />
        <FormDialogActions onCancel={onDone} pending={isPending} submitLabel={t('entry.addEntry')} pendingLabel={t('entry.adding')} />
      </form>
    );
  }

  function AddDialog({ open, onClose, childId, resume }: AddEntryDialogProps) {
    const t = useT();
    return (
      <Dialog open={open} onClose={onClose} title={t('entry.addTitle', { name: kindText(form.kind, 'name', form.name) })} className="entry-dialog">
        {/* Mounted only while open, so every opening starts from fresh values dated now. */}
        <AddForm childId={childId} resume={resume} onDone={onClose} />
      </Dialog>
    );
  }

  function CorrectionForm({ entry: loaded, resume, onDone }: { entry: View; resume: WaitingWrite | undefined; onDone: () => void }) {
    const correct = useCorrectEntry(correction);
    const t = useT();
    const replace = useReplaceWaiting(resume?.itemId, correction);
    const units = useUnits();
    // The entry and the values the form opened with, kept while it is open (a live update may read
    // the entry again meanwhile): what the parent left alone is sent as it was.
    const [{ entry, original }] = useState(() => ({ entry: loaded, original: form.fromEntry(loaded, units) }));
    const { values, errors, update, handleSubmit, formRef, isPending } = useEntryForm({
      empty: () => (resume ? (resume.values as Values) : original),
      validate: form.validate,
      toInput: (changed: Values) => (form.toCorrection ? form.toCorrection(entry, original, changed) : form.toInput(entry.childId, changed)),
      // The entry goes along, so that a refusal after waiting offline can reopen this dialog.
      mutation: {
        mutate: (variables, options) => (resume ? replace : correct).mutate({ ...variables, entryId: entry.id, entry }, options),
        isPending: correct.isPending || replace.isPending,
      },
      what: `the correction of ${form.what}`,
      onDone,
    });
    return (
      <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
        <form.Fields values={values} errors={errors} update={update} />
        <FormDialogActions onCancel={onDone} pending={isPending} submitLabel={t('common.saveChanges')} pendingLabel={t('common.saving')} />
      </form>
    );
  }

  /** Who logged it and who changed what since: 'Logged by Maya 3:02 AM · time changed by Sam 3:15 AM'. */
  function History({ childId, entryId }: { childId: string; entryId: string }) {
    const history = useEntryHistory(form.kind, childId, entryId);
    if (!history.data) return null;
    return <p className="entry-history">{historyText(history.data)}</p>;
  }

  function LoadedCorrectionForm({ childId, entryId, onDone }: { childId: string; entryId: string; onDone: () => void }) {
    const entry = useEntry(form.kind, childId, entryId);
    const t = useT();
    if (entry.isPending) return <LoadingState />;
    if (entry.isError) return <FormError message={errorMessage(entry.error, t('entry.loadFailed'))} />;
    return (
      <>
        <History childId={childId} entryId={entryId} />
        <CorrectionForm entry={entry.data} resume={undefined} onDone={onDone} />
      </>
    );
  }

  function EditDialog({ open, onClose, childId, entryId, resume }: EditEntryDialogProps) {
    const t = useT();
    return (
      <Dialog open={open} onClose={onClose} title={t('entry.editTitle', { name: kindText(form.kind, 'name', form.name) })} className="entry-dialog">
        {/* Mounted only while open, so every opening starts from the entry as it is now. */}
        {resume ? <CorrectionForm entry={resume.entry as View} resume={resume} onDone={onClose} /> : <LoadedCorrectionForm childId={childId} entryId={entryId} onDone={onClose} />}
      </Dialog>
    );
  }

  return { write, correction, AddDialog, EditDialog };
}

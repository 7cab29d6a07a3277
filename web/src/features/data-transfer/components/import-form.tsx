import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { Child, VolumeUnit } from '../../../types/api.ts';
import { useImportEntries, useImportPreview } from '../api/import-entries.ts';
import { entryCount, ImportSummaryView } from './import-summary.tsx';

const UNIT_OPTIONS = [
  { value: 'oz', label: 'oz' },
  { value: 'mL', label: 'mL' },
];

/** A chosen file's text, read with FileReader, which every browser the app supports has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * A CSV file into one child: this app's export, or Baby Buddy's feedings, sleep or diaper changes.
 * A preview first, then the import of what the preview showed.
 */
export function ImportForm({ childList }: { childList: readonly Child[] }) {
  const units = useUnits();
  const [childId, setChildId] = useState(childList[0]?.id ?? '');
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [amountUnit, setAmountUnit] = useState<VolumeUnit>(units.volume);
  // One key per previewed file: the import sent twice answers once.
  const [idempotencyKey, setIdempotencyKey] = useState(createIdempotencyKey);
  const preview = useImportPreview();
  const run = useImportEntries();
  const request = file && { childId, csv: file.csv, amountUnit };

  const restart = () => {
    preview.reset();
    run.reset();
    setIdempotencyKey(createIdempotencyKey());
  };

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    restart();
    setFile(chosen ? { name: chosen.name, csv: await readText(chosen) } : null);
  }

  const error = preview.error ?? run.error;
  return (
    <div className="import-form">
      <h3 className="card-subtitle">Import entries</h3>
      <p className="field-hint">A CSV exported from this app, or Baby Buddy&apos;s export of feedings, sleep or diaper changes.</p>
      {childList.length > 1 && (
        <Select
          label="Into"
          options={childList.map((child) => ({ value: child.id, label: child.displayName }))}
          value={childId}
          onChange={(event) => {
            restart();
            setChildId(event.target.value);
          }}
        />
      )}
      <div className="field">
        <label className="field-label" htmlFor="import-file">
          CSV file
        </label>
        <input id="import-file" className="field-input" type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event)} />
      </div>
      <Select
        label="Baby Buddy amounts are in"
        hint="Baby Buddy keeps amounts without a unit"
        options={UNIT_OPTIONS}
        value={amountUnit}
        onChange={(event) => {
          restart();
          setAmountUnit(event.target.value as VolumeUnit);
        }}
      />
      <FormError message={error ? errorMessage(error, 'The file could not be read. Please try again.') : null} />
      {run.data ? (
        <ImportSummaryView summary={run.data} done />
      ) : (
        preview.data && <ImportSummaryView summary={preview.data} done={false} />
      )}
      {!run.data && (
        <div className="import-actions">
          <Button variant="secondary" disabled={!request || preview.isPending} onClick={() => request && preview.mutate(request)}>
            Preview
          </Button>
          {preview.data && request && entryCount(preview.data) > 0 && (
            <Button disabled={run.isPending} onClick={() => run.mutate({ ...request, idempotencyKey })}>
              Import {entryCount(preview.data)} {entryCount(preview.data) === 1 ? 'entry' : 'entries'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

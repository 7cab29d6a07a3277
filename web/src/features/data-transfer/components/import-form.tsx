import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { Child, GrowthUnits, VolumeUnit } from '../../../types/api.ts';
import { useImportEntries, useImportPreview, type ImportFile, type ImportRequest, type ImportSummary } from '../api/import-entries.ts';
import { entryCount, ImportSummaryView } from './import-summary.tsx';
import { t, useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const UNIT_OPTIONS = [
  { value: 'oz', label: 'oz' },
  { value: 'mL', label: 'mL' },
];

const GROWTH_UNIT_OPTIONS = [
  { value: 'metric', label: 'units.metric' },
  { value: 'imperial', label: 'units.imperial' },
] as const satisfies readonly { value: GrowthUnits; label: MessageKey }[];

/**
 * A chosen file as the API takes it, read with FileReader, which every browser the app supports
 * has: a CSV file's text, or an XLSX file in base64 (the server reads the workbook).
 */
function readFile(file: File): Promise<ImportFile> {
  const xlsx = file.name.toLowerCase().endsWith('.xlsx');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const read = String(reader.result);
      resolve(xlsx ? { xlsx: read.slice(read.indexOf(',') + 1) } : { csv: read });
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    if (xlsx) reader.readAsDataURL(file);
    else reader.readAsText(file);
  });
}

/** 'Robin Lee (40 rows)', or the child's id in Baby Buddy when the file names it without a name. */
const fileChildLabel = ({ id, name, rows }: ImportSummary['children'][number]) => t('import.fileChild', { name: name ?? t('import.childId', { id }), rows });

/**
 * A file into one child: this app's CSV export, or Baby Buddy's export of a table (CSV or XLSX).
 * A preview first, then the import of what the preview showed. The preview says which kind of file
 * it is, and asks what the file leaves open: whose entries, of a file of several Baby Buddy
 * children, and the unit of a growth file's bare numbers.
 */
export function ImportForm({ childList }: { childList: readonly Child[] }) {
  const units = useUnits();
  const tr = useT();
  const [childId, setChildId] = useState(childList[0]?.id ?? '');
  const [file, setFile] = useState<ImportFile | null>(null);
  const [amountUnit, setAmountUnit] = useState<VolumeUnit>(units.volume);
  const [growthUnits, setGrowthUnits] = useState<GrowthUnits | undefined>(undefined);
  const [babyBuddyChild, setBabyBuddyChild] = useState<string | undefined>(undefined);
  // What the last preview found in the file, kept while a new choice is previewed.
  const [found, setFound] = useState<Pick<ImportSummary, 'children' | 'growthUnits'> | null>(null);
  // One key per previewed file: the import sent twice answers once.
  const [idempotencyKey, setIdempotencyKey] = useState(createIdempotencyKey);
  const preview = useImportPreview();
  const run = useImportEntries();
  const requestWith = (choices: Pick<ImportRequest, 'growthUnits' | 'babyBuddyChild'>): ImportRequest | null =>
    file && { childId, ...file, amountUnit, ...(choices.growthUnits ? { growthUnits: choices.growthUnits } : {}), ...(choices.babyBuddyChild ? { babyBuddyChild: choices.babyBuddyChild } : {}) };
  const request = requestWith({ growthUnits, babyBuddyChild });

  const restart = () => {
    preview.reset();
    run.reset();
    setIdempotencyKey(createIdempotencyKey());
  };

  const previewOf = (next: ImportRequest | null) => next && preview.mutate(next, { onSuccess: ({ children, growthUnits: read }) => setFound({ children, growthUnits: read }) });

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    restart();
    setFound(null);
    setBabyBuddyChild(undefined);
    setGrowthUnits(undefined);
    setFile(chosen ? await readFile(chosen) : null);
  }

  /** A choice the preview asked for: the preview again with it. */
  function choose(choices: Pick<ImportRequest, 'growthUnits' | 'babyBuddyChild'>) {
    restart();
    setBabyBuddyChild(choices.babyBuddyChild);
    setGrowthUnits(choices.growthUnits);
    previewOf(requestWith(choices));
  }

  const error = preview.error ?? run.error;
  return (
    <div className="import-form">
      <h3 className="card-subtitle">{tr('import.title')}</h3>
      <p className="field-hint">{tr('import.hint')}</p>
      {childList.length > 1 && (
        <Select
          label={tr('import.into')}
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
          {tr('import.file')}
        </label>
        <input id="import-file" className="field-input" type="file" accept=".csv,text/csv,.xlsx" onChange={(event) => void chooseFile(event)} />
      </div>
      <Select
        label={tr('import.amountsIn')}
        hint={tr('import.amountsHint')}
        options={UNIT_OPTIONS}
        value={amountUnit}
        onChange={(event) => {
          restart();
          setAmountUnit(event.target.value as VolumeUnit);
        }}
      />
      {found && found.children.length > 1 && (
        <Select
          label={tr('import.whose')}
          hint={tr('import.whoseHint')}
          placeholder={tr('import.chooseChild')}
          options={found.children.map((child) => ({ value: child.id, label: fileChildLabel(child) }))}
          value={babyBuddyChild ?? ''}
          onChange={(event) => choose({ growthUnits, babyBuddyChild: event.target.value || undefined })}
        />
      )}
      {found?.growthUnits && (
        <Select
          label={tr('import.measurementsIn')}
          hint={tr('import.measurementsHint')}
          options={GROWTH_UNIT_OPTIONS.map(({ value, label }) => ({ value, label: tr(label) }))}
          value={growthUnits ?? found.growthUnits}
          onChange={(event) => choose({ babyBuddyChild, growthUnits: event.target.value as GrowthUnits })}
        />
      )}
      <FormError message={error ? errorMessage(error, tr('import.failed')) : null} />
      {run.data ? (
        <ImportSummaryView summary={run.data} done />
      ) : (
        preview.data && <ImportSummaryView summary={preview.data} done={false} />
      )}
      {!run.data && (
        <div className="import-actions">
          <Button variant="secondary" disabled={!request || preview.isPending} onClick={() => previewOf(request)}>
            {tr('import.preview')}
          </Button>
          {preview.data && request && entryCount(preview.data) > 0 && (
            <Button disabled={run.isPending} onClick={() => run.mutate({ ...request, idempotencyKey })}>
              {tr('import.run', { count: entryCount(preview.data) })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

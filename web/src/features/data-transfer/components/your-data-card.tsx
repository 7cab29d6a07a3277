import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Child } from '../../../types/api.ts';
import { ACCOUNT_EXPORT_PATH, childExportPath, downloadExport } from '../api/downloads.ts';
import { ImportForm } from './import-form.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** Everything the app holds, to take away (the account as JSON, each child's entries as CSV), and entries to bring in. */
export function YourDataCard({ childList }: { childList: readonly Child[] }) {
  const [failure, setFailure] = useState<unknown>(null);
  const t = useT();
  const download = (path: string, name: string) => {
    setFailure(null);
    downloadExport(path, name).catch(setFailure);
  };

  return (
    <Card title={t('data.title')}>
      <FormError message={failure ? errorMessage(failure, t('data.downloadFailed')) : null} />
      <div className="data-downloads">
        <Button variant="secondary" onClick={() => download(ACCOUNT_EXPORT_PATH, 'nightlight-export.json')}>
          {t('data.downloadAll')}
        </Button>
        {childList.map((child) => (
          <Button key={child.id} variant="secondary" onClick={() => download(childExportPath(child.id), 'entries.csv')}>
            {t('data.downloadChild', { name: child.displayName })}
          </Button>
        ))}
      </div>
      {childList.length > 0 && <ImportForm childList={childList} />}
    </Card>
  );
}

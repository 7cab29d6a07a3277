import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Child } from '../../../types/api.ts';
import { ACCOUNT_EXPORT_PATH, childExportPath, downloadExport } from '../api/downloads.ts';
import { ImportForm } from './import-form.tsx';

/** Everything the app holds, to take away (the account as JSON, each child's entries as CSV), and entries to bring in. */
export function YourDataCard({ childList }: { childList: readonly Child[] }) {
  const [failure, setFailure] = useState<unknown>(null);
  const download = (path: string, name: string) => {
    setFailure(null);
    downloadExport(path, name).catch(setFailure);
  };

  return (
    <Card title="Your Data">
      <FormError message={failure ? errorMessage(failure, 'The download failed. Please try again.') : null} />
      <div className="data-downloads">
        <Button variant="secondary" onClick={() => download(ACCOUNT_EXPORT_PATH, 'nightlight-export.json')}>
          Download all my data (JSON)
        </Button>
        {childList.map((child) => (
          <Button key={child.id} variant="secondary" onClick={() => download(childExportPath(child.id), 'entries.csv')}>
            Download {child.displayName}&apos;s entries (CSV)
          </Button>
        ))}
      </div>
      {childList.length > 0 && <ImportForm childList={childList} />}
    </Card>
  );
}

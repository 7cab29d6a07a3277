import { apiDownload } from '../../../lib/api-client.ts';

/** Saves an export the API answers with under the name the server gave it. */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const childExportPath = (childId: string) => `/api/children/${childId}/export.csv`;
export const ACCOUNT_EXPORT_PATH = '/api/me/export';

import type { ChildRole } from '../children/child.events';
import type { EntryKind } from '../entries/entry-kinds';
import type { ChildView } from '../read-models/children/child-document';
import type { MeasurementView } from '../read-models/growth/growth-document';
import type { EntryApiViews } from '../read-models/timeline/timeline-document';
import type { UserView } from '../read-models/users/user-document';

/** An entry in the account export: as the API answers with it, with its kind. */
export type ExportedEntry = { [K in EntryKind]: { kind: K } & EntryApiViews[K] }[EntryKind];

/** GET /api/me/export: everything the app holds about the user. */
export interface AccountExport {
  format: 'nightlight-account-export';
  version: 1;
  exportedAt: string;
  account: Omit<UserView, 'referralCode' | 'referralUsesLeft'>;
  /** Families the user helps in: their data is the parents'. */
  caregiverOf: { childId: string; role: ChildRole }[];
  /** Every child the user is a parent of. */
  children: { child: ChildView; entries: ExportedEntry[]; growth: MeasurementView[] }[];
}

export const ACCOUNT_DELETIONS_COLLECTION = 'account-deletions';

/**
 * A deleted account whose deletion is not finished yet (AccountDeleted without DataKeyDestroyed):
 * the sweep hands each one to the job that finishes it. Ids only, no personal data.
 */
export interface AccountDeletionDocument {
  _id: string;
  position: number;
  [key: string]: unknown;
}

export const REFERRAL_CODES_COLLECTION = 'referral-codes';

/**
 * Uses left of each personal code, kept beside the users read model: a code is issued before its
 * owner's UserRegistered and redeemed by other people's sign-ups, so the count lives on its own.
 */
export interface ReferralCodeDocument {
  _id: string;
  issuedTo: string;
  usesLeft: number;
  position: number;
  [key: string]: unknown;
}

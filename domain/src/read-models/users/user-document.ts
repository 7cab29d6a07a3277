export const USERS_COLLECTION = 'users';

/** An account as its owner sees it: e-mail opened with the owner's key; gone once the account is deleted. */
export interface UserDocument {
  _id: string;
  email: string;
  onboardingCompleted: boolean;
  referralCode: string;
  referralUsesLeft: number;
  position: number;
  [key: string]: unknown;
}

export interface UserView {
  id: string;
  email: string;
  onboardingCompleted: boolean;
  referralCode: string;
  referralUsesLeft: number;
}

export function userApiView(doc: UserDocument): UserView {
  return {
    id: doc._id,
    email: doc.email,
    onboardingCompleted: doc.onboardingCompleted,
    referralCode: doc.referralCode,
    referralUsesLeft: doc.referralUsesLeft,
  };
}

import type { SealedText } from '../../shared/domain-event';
import type { ChosenUnits } from '../../units/units';
import type { ChosenLocale } from '../../users/locales';

export const USERS_COLLECTION = 'users';

/**
 * An account as its owner sees it; gone once the account is deleted. The e-mail and the display
 * name stay sealed with the owner's key, as the events hold them, and are opened when answering:
 * no read store holds them in the clear.
 */
export interface UserDocument {
  _id: string;
  sealedEmail: SealedText;
  /** Shown to the other members of the user's children's families; null when the user set none. */
  sealedDisplayName: SealedText | null;
  onboardingCompleted: boolean;
  /** Null until the user chooses; the web app then picks from the browser's locale. */
  units?: ChosenUnits;
  /** Null (or absent) until the user chooses; the web app and the API then follow the browser's language. */
  locale?: ChosenLocale;
  referralCode: string;
  referralUsesLeft: number;
  position: number;
  [key: string]: unknown;
}

export interface UserView {
  id: string;
  email: string;
  displayName: string | null;
  onboardingCompleted: boolean;
  units: ChosenUnits;
  locale: ChosenLocale;
  referralCode: string;
  referralUsesLeft: number;
}

/** An access token (15 minutes) and an opaque refresh token (30 days, rotated on every use). */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** What signing up and signing in answer with. */
export interface SignedIn extends SessionTokens {
  user: UserView;
}

/** GET /api/settings/user and the e-mail change. */
export interface AccountEmail {
  email: string;
}

/** A password change: this session continues with new tokens, every other is signed out. */
export interface PasswordChanged extends SessionTokens {
  ok: true;
}

/** The e-mail and display name of a user document, opened with the owner's key. */
export interface OpenedUserFields {
  email: string;
  displayName: string | null;
}

export function userApiView(doc: UserDocument, opened: OpenedUserFields): UserView {
  return {
    id: doc._id,
    email: opened.email,
    displayName: opened.displayName,
    onboardingCompleted: doc.onboardingCompleted,
    units: doc.units ?? null,
    locale: doc.locale ?? null,
    referralCode: doc.referralCode,
    referralUsesLeft: doc.referralUsesLeft,
  };
}

import type { Units } from '../units/units';
import type { ChosenLocale } from './locales';
import type { DomainEvent, SealedText } from '../shared/domain-event';

/**
 * E-mail and password hash are sealed with the user's own data key, so deleting the account
 * (destroying the key) leaves nothing readable in the log. `emailDigest` is a keyed HMAC: it names
 * the reservation stream without revealing the address.
 */
export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: string; email: SealedText; emailDigest: string; passwordHash: SealedText; referralCode: string }
>;
export type EmailChanged = DomainEvent<'EmailChanged', { userId: string; email: SealedText; emailDigest: string }>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: string; passwordHash: SealedText }>;
/** The name shown to the other members of the user's children's families; sealed with the user's key, null when cleared. */
export type DisplayNameChanged = DomainEvent<'DisplayNameChanged', { userId: string; displayName: SealedText | null }>;
/** The units the user reads and enters amounts in. Not personal data: kept in the clear. */
export type UnitsChosen = DomainEvent<'UnitsChosen', { userId: string } & Units>;
/** The language the user reads the app and its messages in; null follows their browser again. Not personal data. */
export type LocaleChosen = DomainEvent<'LocaleChosen', { userId: string; locale: ChosenLocale }>;
export type OnboardingCompleted = DomainEvent<'OnboardingCompleted', { userId: string }>;
export type OnboardingReopened = DomainEvent<'OnboardingReopened', { userId: string }>;
/** Recorded on the user stream so deleting the account finds every child without a read model. */
export type ChildLinkedToAccount = DomainEvent<'ChildLinkedToAccount', { userId: string; childId: string }>;
export type AccountDeleted = DomainEvent<'AccountDeleted', { userId: string }>;
/**
 * The last step of deleting an account: the data key is destroyed, so everything sealed with it is
 * unreadable. An AccountDeleted without it is a deletion still to be finished.
 */
export type DataKeyDestroyed = DomainEvent<'DataKeyDestroyed', { userId: string }>;

export type UserEvent =
  | UserRegistered
  | EmailChanged
  | PasswordChanged
  | DisplayNameChanged
  | UnitsChosen
  | LocaleChosen
  | OnboardingCompleted
  | OnboardingReopened
  | ChildLinkedToAccount
  | AccountDeleted
  | DataKeyDestroyed;

export interface UserState {
  status: 'none' | 'active' | 'deleted';
  userId: string | null;
  email: SealedText | null;
  emailDigest: string | null;
  passwordHash: SealedText | null;
  displayName: SealedText | null;
  units: Units | null;
  locale: ChosenLocale;
  referralCode: string | null;
  onboardingCompleted: boolean;
  childIds: string[];
  dataKeyDestroyed: boolean;
}

export const initialUserState = (): UserState => ({
  status: 'none',
  userId: null,
  email: null,
  emailDigest: null,
  passwordHash: null,
  displayName: null,
  units: null,
  locale: null,
  referralCode: null,
  onboardingCompleted: false,
  childIds: [],
  dataKeyDestroyed: false,
});

export function evolveUser(state: UserState, event: { type: string; data: unknown }): UserState {
  const e = event as UserEvent;
  switch (e.type) {
    case 'UserRegistered': {
      const { userId, email, emailDigest, passwordHash, referralCode } = e.data;
      return { ...state, status: 'active', userId, email, emailDigest, passwordHash, referralCode };
    }
    case 'EmailChanged':
      return { ...state, email: e.data.email, emailDigest: e.data.emailDigest };
    case 'PasswordChanged':
      return { ...state, passwordHash: e.data.passwordHash };
    case 'DisplayNameChanged':
      return { ...state, displayName: e.data.displayName };
    case 'UnitsChosen':
      return { ...state, units: { volume: e.data.volume, growth: e.data.growth } };
    case 'LocaleChosen':
      return { ...state, locale: e.data.locale };
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
    case 'OnboardingReopened':
      return { ...state, onboardingCompleted: false };
    case 'ChildLinkedToAccount':
      return { ...state, childIds: [...state.childIds, e.data.childId] };
    case 'AccountDeleted':
      return { ...state, status: 'deleted', email: null, passwordHash: null, displayName: null };
    case 'DataKeyDestroyed':
      return { ...state, dataKeyDestroyed: true };
    default:
      return state;
  }
}

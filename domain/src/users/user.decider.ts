import type { Units } from '../units/units';
import { ConflictError, NotFoundError, type SealedText } from '../shared/domain-event';
import type { ChosenLocale } from './locales';
import type { UserEvent, UserState } from './user.events';

export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: string; email: SealedText; emailDigest: string; passwordHash: SealedText; referralCode: string };
};
/** The caller has checked the current password and reserved the new address. */
export type ChangeEmail = { type: 'ChangeEmail'; data: { userId: string; email: SealedText; emailDigest: string } };
/** The caller has checked the current password. */
export type ChangePassword = { type: 'ChangePassword'; data: { userId: string; passwordHash: SealedText } };
export type ChangeDisplayName = { type: 'ChangeDisplayName'; data: { userId: string; displayName: SealedText | null } };
export type ChooseUnits = { type: 'ChooseUnits'; data: { userId: string } & Units };
export type ChooseLocale = { type: 'ChooseLocale'; data: { userId: string; locale: ChosenLocale } };
export type SetOnboardingCompleted = { type: 'SetOnboardingCompleted'; data: { userId: string; onboardingCompleted: boolean } };
export type LinkChild = { type: 'LinkChild'; data: { userId: string; childId: string } };
/** The caller has checked the password; children, reservation and data key are handled around it. */
export type AnonymizeAccount = { type: 'AnonymizeAccount'; data: { userId: string } };
/** The caller has destroyed the deleted account's data key. */
export type RecordDataKeyDestroyed = { type: 'RecordDataKeyDestroyed'; data: { userId: string } };

export type UserCommand = RegisterUser | ChangeEmail | ChangePassword | ChangeDisplayName | ChooseUnits | ChooseLocale | SetOnboardingCompleted | LinkChild | AnonymizeAccount | RecordDataKeyDestroyed;

function assertActive(state: UserState): void {
  if (state.status !== 'active') throw new NotFoundError('Account not found');
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'none') throw new ConflictError('This account already exists');
      return [{ type: 'UserRegistered', data: command.data }];
    case 'ChangeEmail':
      assertActive(state);
      if (state.emailDigest === command.data.emailDigest) return [];
      return [{ type: 'EmailChanged', data: command.data }];
    case 'ChangePassword':
      assertActive(state);
      return [{ type: 'PasswordChanged', data: command.data }];
    case 'ChangeDisplayName':
      assertActive(state);
      if (state.displayName === null && command.data.displayName === null) return [];
      return [{ type: 'DisplayNameChanged', data: command.data }];
    case 'ChooseUnits': {
      assertActive(state);
      const { volume, growth } = command.data;
      if (state.units?.volume === volume && state.units.growth === growth) return [];
      return [{ type: 'UnitsChosen', data: command.data }];
    }
    case 'ChooseLocale':
      assertActive(state);
      if (state.locale === command.data.locale) return [];
      return [{ type: 'LocaleChosen', data: command.data }];
    case 'SetOnboardingCompleted': {
      assertActive(state);
      const { userId, onboardingCompleted } = command.data;
      if (state.onboardingCompleted === onboardingCompleted) return [];
      return [{ type: onboardingCompleted ? 'OnboardingCompleted' : 'OnboardingReopened', data: { userId } }];
    }
    case 'LinkChild':
      // Linking again (a retried child registration) is the same fact. An account that never
      // registered (a token minted by an operator tool) still gets the link: it is harmless.
      if (state.status === 'deleted') throw new NotFoundError('Account not found');
      if (state.childIds.includes(command.data.childId)) return [];
      return [{ type: 'ChildLinkedToAccount', data: command.data }];
    case 'AnonymizeAccount':
      assertActive(state);
      return [{ type: 'AccountDeleted', data: command.data }];
    case 'RecordDataKeyDestroyed':
      // Only a deleted account's key is ever destroyed; finishing a deletion twice records it once.
      if (state.status !== 'deleted') throw new ConflictError('Only a deleted account has its data key destroyed');
      if (state.dataKeyDestroyed) return [];
      return [{ type: 'DataKeyDestroyed', data: command.data }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

import type { UserView } from '@nightlight/domain/read-models/users/user-document';
import type { UserState } from '@nightlight/domain/users/user.events';
import type { CommandDeps } from '../command-deps';
import { referralUsesLeft } from './referral-codes';

/** The User a write answers with, built from the decided state (the read model may not have it yet). */
export async function userViewOf(deps: Pick<CommandDeps, 'eventStore' | 'cipher'>, state: UserState): Promise<UserView> {
  const userId = state.userId!;
  return {
    id: userId,
    email: state.email ? ((await deps.cipher.open(userId, state.email)) ?? '') : '',
    displayName: state.displayName ? await deps.cipher.open(userId, state.displayName) : null,
    onboardingCompleted: state.onboardingCompleted,
    units: state.units,
    locale: state.locale,
    referralCode: state.referralCode ?? '',
    referralUsesLeft: await referralUsesLeft(deps, state.referralCode),
  };
}

import type { DomainEvent } from '../shared/domain-event';

/** Stream `referral-{CODE}`. `issuedTo` names the user whose personal code it is; operator codes have none. */
export type ReferralCodeIssued = DomainEvent<'ReferralCodeIssued', { code: string; uses: number; issuedTo?: string }>;
export type ReferralCodeRedeemed = DomainEvent<'ReferralCodeRedeemed', { code: string; userId: string }>;
/** The personal code of a deleted account: nobody can sign up with it any more. */
export type ReferralCodeWithdrawn = DomainEvent<'ReferralCodeWithdrawn', { code: string }>;
export type ReferralCodeEvent = ReferralCodeIssued | ReferralCodeRedeemed | ReferralCodeWithdrawn;

export interface ReferralCodeState {
  code: string | null;
  uses: number;
  redeemed: number;
  issuedTo: string | null;
  withdrawn: boolean;
}

export const initialReferralCodeState = (): ReferralCodeState => ({ code: null, uses: 0, redeemed: 0, issuedTo: null, withdrawn: false });

export function evolveReferralCode(state: ReferralCodeState, event: { type: string; data: unknown }): ReferralCodeState {
  const e = event as ReferralCodeEvent;
  switch (e.type) {
    case 'ReferralCodeIssued':
      return { ...state, code: e.data.code, uses: e.data.uses, issuedTo: e.data.issuedTo ?? null };
    case 'ReferralCodeRedeemed':
      return { ...state, redeemed: state.redeemed + 1 };
    case 'ReferralCodeWithdrawn':
      return { ...state, withdrawn: true };
    default:
      return state;
  }
}

export function usesLeft(state: ReferralCodeState): number {
  return state.code === null || state.withdrawn ? 0 : Math.max(0, state.uses - state.redeemed);
}

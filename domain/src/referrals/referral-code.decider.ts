import { DomainRuleError } from '../shared/domain-event';
import { usesLeft, type ReferralCodeEvent, type ReferralCodeState } from './referral-code.events';

export const INVALID_REFERRAL_CODE_MESSAGE = 'Invalid referral code';

export type IssueReferralCode = { type: 'IssueReferralCode'; data: { code: string; uses: number; issuedTo?: string } };
export type RedeemReferralCode = { type: 'RedeemReferralCode'; data: { code: string; userId: string } };
export type WithdrawReferralCode = { type: 'WithdrawReferralCode'; data: { code: string } };
export type ReferralCodeCommand = IssueReferralCode | RedeemReferralCode | WithdrawReferralCode;

export function decideReferralCode(command: ReferralCodeCommand, state: ReferralCodeState): ReferralCodeEvent[] {
  switch (command.type) {
    case 'IssueReferralCode':
      // Issuing a code that exists changes nothing: seeding at every start is safe, and a freshly
      // drawn code that collides is noticed by the caller (nothing appended) and drawn again.
      if (state.code !== null) return [];
      if (!Number.isInteger(command.data.uses) || command.data.uses < 1) throw new DomainRuleError('A referral code needs at least one use', 'uses');
      return [{ type: 'ReferralCodeIssued', data: command.data }];
    case 'RedeemReferralCode':
      // Unknown, used-up and withdrawn codes get the same answer: which codes exist is not revealed.
      if (usesLeft(state) < 1) throw new DomainRuleError(INVALID_REFERRAL_CODE_MESSAGE, 'referralCode');
      return [{ type: 'ReferralCodeRedeemed', data: command.data }];
    case 'WithdrawReferralCode':
      if (state.code === null || state.withdrawn) return [];
      return [{ type: 'ReferralCodeWithdrawn', data: command.data }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/domain-event';
import { decideReferralCode, INVALID_REFERRAL_CODE_MESSAGE, type ReferralCodeCommand } from './referral-code.decider';
import { evolveReferralCode, initialReferralCodeState, usesLeft, type ReferralCodeEvent } from './referral-code.events';

const stateOf = (events: ReferralCodeEvent[]) => events.reduce(evolveReferralCode, initialReferralCodeState());
const given = (...events: ReferralCodeEvent[]) => ({
  when: (command: ReferralCodeCommand) => decideReferralCode(command, stateOf(events)),
});

const issued = (uses: number): ReferralCodeEvent => ({ type: 'ReferralCodeIssued', data: { code: 'ABC234', uses } });
const redeemed = (userId: string): ReferralCodeEvent => ({ type: 'ReferralCodeRedeemed', data: { code: 'ABC234', userId } });
const redeem = (userId: string): ReferralCodeCommand => ({ type: 'RedeemReferralCode', data: { code: 'ABC234', userId } });

describe('IssueReferralCode', () => {
  it('issues a new code, with the user it belongs to', () => {
    expect(given().when({ type: 'IssueReferralCode', data: { code: 'ABC234', uses: 3, issuedTo: 'u1' } })).toEqual([
      { type: 'ReferralCodeIssued', data: { code: 'ABC234', uses: 3, issuedTo: 'u1' } },
    ]);
  });

  it('records nothing for a code that was already issued', () => {
    expect(given(issued(1000)).when({ type: 'IssueReferralCode', data: { code: 'ABC234', uses: 1000 } })).toEqual([]);
  });

  it('refuses a code without uses', () => {
    expect(() => given().when({ type: 'IssueReferralCode', data: { code: 'ABC234', uses: 0 } })).toThrow(DomainRuleError);
  });
});

describe('RedeemReferralCode', () => {
  it('redeems a code with uses left', () => {
    expect(given(issued(2), redeemed('u1')).when(redeem('u2'))).toEqual([redeemed('u2')]);
  });

  it('refuses a used-up code', () => {
    expect(() => given(issued(2), redeemed('u1'), redeemed('u2')).when(redeem('u3'))).toThrow(new DomainRuleError(INVALID_REFERRAL_CODE_MESSAGE, 'referralCode'));
  });

  it('refuses a code that was never issued with the same message', () => {
    expect(() => given().when(redeem('u1'))).toThrow(new DomainRuleError(INVALID_REFERRAL_CODE_MESSAGE, 'referralCode'));
  });

  it('counts the uses left', () => {
    expect(usesLeft(stateOf([issued(3), redeemed('u1')]))).toBe(2);
    expect(usesLeft(stateOf([]))).toBe(0);
  });
});

describe('WithdrawReferralCode', () => {
  const withdrawn: ReferralCodeEvent = { type: 'ReferralCodeWithdrawn', data: { code: 'ABC234' } };
  const withdraw: ReferralCodeCommand = { type: 'WithdrawReferralCode', data: { code: 'ABC234' } };

  it('withdraws an issued code, which then has no uses left and cannot be redeemed', () => {
    expect(given(issued(3), redeemed('u2')).when(withdraw)).toEqual([withdrawn]);
    expect(usesLeft(stateOf([issued(3), withdrawn]))).toBe(0);
    expect(() => given(issued(3), withdrawn).when(redeem('u3'))).toThrow(new DomainRuleError(INVALID_REFERRAL_CODE_MESSAGE, 'referralCode'));
  });

  it('records nothing for a code never issued, or withdrawn already', () => {
    expect(given().when(withdraw)).toEqual([]);
    expect(given(issued(3), withdrawn).when(withdraw)).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { INVALID_REFERRAL_CODE_MESSAGE } from '@nightlight/domain/referrals/referral-code.decider';
import { usesLeft } from '@nightlight/domain/referrals/referral-code.events';
import {
  isWellFormedReferralCode,
  normalizeReferralCode,
  OPERATOR_REFERRAL_USES,
  PERSONAL_REFERRAL_USES,
  referralCodeFromBytes,
  STARTER_REFERRAL_USES,
} from '@nightlight/domain/referrals/referral-code-rules';
import { REFERRAL_REGISTRY_STREAM_ID, type OperatorReferralCodeListed } from '@nightlight/domain/referrals/referral-registry.events';
import { DomainRuleError } from '@nightlight/domain/shared/domain-event';
import { referralStreamId } from '@nightlight/domain/shared/stream-ids';
import { WrongExpectedRevisionError } from '@nightlight/infrastructure/ports/event-store';
import type { CommandDeps } from '../command-deps';
import { toNewEvent } from '../command-handler';
import { decideWithRetry, loadReferralCode, referralCodeDecider } from './account-streams';

export type ReferralDeps = Pick<CommandDeps, 'eventStore' | 'clock' | 'newId'> & { config: Pick<CommandDeps['config'], 'REFERRAL_CODES'> };

type OperatorSource = OperatorReferralCodeListed['data']['source'];

const systemContext = () => ({ correlationId: `referrals-${randomBytes(8).toString('hex')}` });

/** Issues `code` unless it exists; true when this call issued it. */
async function issue(deps: ReferralDeps, code: string, uses: number, issuedTo?: string): Promise<boolean> {
  const command = { type: 'IssueReferralCode' as const, data: { code, uses, ...(issuedTo ? { issuedTo } : {}) } };
  const result = await decideWithRetry(deps, referralStreamId(code), referralCodeDecider, command, { ...systemContext(), ...(issuedTo ? { userId: issuedTo } : {}) });
  return result.appended > 0;
}

/** Draws random codes until one is new (a collision is one in a billion), and issues it. */
async function issueFreshCode(deps: ReferralDeps, uses: number, issuedTo?: string): Promise<string> {
  for (;;) {
    const code = referralCodeFromBytes(randomBytes(6));
    if (await issue(deps, code, uses, issuedTo)) return code;
  }
}

/** Records an operator code in the registry; `expected` 'no_stream' makes "the first code ever" race-free. */
async function list(deps: ReferralDeps, code: string, uses: number, source: OperatorSource, expected: 'no_stream' | 'any'): Promise<void> {
  const now = deps.clock().toISOString();
  const correlationId = systemContext().correlationId;
  const event: OperatorReferralCodeListed = { type: 'OperatorReferralCodeListed', data: { code, uses, source } };
  await deps.eventStore.append(
    REFERRAL_REGISTRY_STREAM_ID,
    [toNewEvent(event, deps.newId(), { correlationId, causationId: correlationId, recordedAt: now })],
    expected,
  );
}

/** The codes of REFERRAL_CODES (comma-separated), each issued with 1000 uses unless it already was. */
export async function seedReferralCodes(deps: ReferralDeps): Promise<string[]> {
  const codes = deps.config.REFERRAL_CODES.split(',').map(normalizeReferralCode).filter(Boolean);
  for (const code of codes) {
    if (!isWellFormedReferralCode(code)) throw new Error(`REFERRAL_CODES: "${code}" is not six letters or digits`);
    if (await issue(deps, code, OPERATOR_REFERRAL_USES)) await list(deps, code, OPERATOR_REFERRAL_USES, 'config', 'any');
  }
  return codes;
}

/** A new operator code (the referral CLI). */
export async function mintReferralCode(deps: ReferralDeps, uses: number): Promise<string> {
  const code = await issueFreshCode(deps, uses);
  await list(deps, code, uses, 'cli', 'any');
  return code;
}

/**
 * On the very first start, with no code ever issued, a 5-use code so the first family can sign up;
 * null afterwards. Two processes starting at once: the registry append lets only one announce a code.
 */
export async function ensureStarterReferralCode(deps: ReferralDeps): Promise<string | null> {
  if ((await deps.eventStore.readStream(REFERRAL_REGISTRY_STREAM_ID)).length > 0) return null;
  const code = await issueFreshCode(deps, STARTER_REFERRAL_USES);
  try {
    await list(deps, code, STARTER_REFERRAL_USES, 'starter', 'no_stream');
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
  return code;
}

/** Every account gets a code of its own to invite others with. */
export function issuePersonalReferralCode(deps: ReferralDeps, userId: string): Promise<string> {
  return issueFreshCode(deps, PERSONAL_REFERRAL_USES, userId);
}

/** Uses one redemption of an entered code; 'Invalid referral code' when it is unknown or used up. */
export async function redeemReferralCode(deps: ReferralDeps, enteredCode: string, userId: string): Promise<{ position: number }> {
  const code = normalizeReferralCode(enteredCode);
  // Only a well-formed code may name a stream.
  if (!isWellFormedReferralCode(code)) throw new DomainRuleError(INVALID_REFERRAL_CODE_MESSAGE, 'referralCode');
  const result = await decideWithRetry(deps, referralStreamId(code), referralCodeDecider, { type: 'RedeemReferralCode', data: { code, userId } }, { userId, ...systemContext() });
  return { position: result.position };
}

export async function referralUsesLeft(deps: Pick<CommandDeps, 'eventStore'>, code: string | null): Promise<number> {
  return code ? usesLeft(await loadReferralCode(deps.eventStore, code)) : 0;
}

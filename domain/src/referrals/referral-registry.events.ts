import type { DomainEvent } from '../shared/domain-event';

/** Appended to the registry stream whenever an operator code is issued. */
export type OperatorReferralCodeListed = DomainEvent<'OperatorReferralCodeListed', { code: string; uses: number; source: 'config' | 'cli' | 'starter' }>;

/** Lists the codes an operator issued (configuration, CLI, starter code): answers "was any code ever issued?" durably. */
export const REFERRAL_REGISTRY_STREAM_ID = 'referral-registry';

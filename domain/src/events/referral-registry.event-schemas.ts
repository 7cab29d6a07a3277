import { z } from 'zod';
import type { OperatorReferralCodeListed } from '../referrals/referral-registry.events';
import { eventDefinition, type EventDefinition } from './event-definition';

export const referralRegistryEventDefinitions = {
  OperatorReferralCodeListed: eventDefinition<OperatorReferralCodeListed>()(
    z.strictObject({ code: z.string(), uses: z.number().int().nonnegative(), source: z.enum(['config', 'cli', 'starter']) }),
  ),
} satisfies Record<OperatorReferralCodeListed['type'], EventDefinition>;

import { z } from 'zod';
import type { ReferralCodeEvent, ReferralCodeIssued, ReferralCodeRedeemed, ReferralCodeWithdrawn } from '../referrals/referral-code.events';
import { eventDefinition, type EventDefinition } from './event-definition';

export const referralCodeEventDefinitions = {
  ReferralCodeIssued: eventDefinition<ReferralCodeIssued>()(
    z.strictObject({ code: z.string(), uses: z.number().int().nonnegative(), issuedTo: z.string().optional() }),
  ),
  ReferralCodeRedeemed: eventDefinition<ReferralCodeRedeemed>()(z.strictObject({ code: z.string(), userId: z.string() })),
  ReferralCodeWithdrawn: eventDefinition<ReferralCodeWithdrawn>()(z.strictObject({ code: z.string() })),
} satisfies Record<ReferralCodeEvent['type'], EventDefinition>;

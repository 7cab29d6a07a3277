import { z } from 'zod';
import type { InvitationCodeIssued } from '../children/invitation-code';
import { eventDefinition, type EventDefinition } from './event-definition';

export const invitationCodeEventDefinitions = {
  InvitationCodeIssued: eventDefinition<InvitationCodeIssued>()(z.strictObject({ invitationId: z.string(), childId: z.string() })),
} satisfies Record<InvitationCodeIssued['type'], EventDefinition>;

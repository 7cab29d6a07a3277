import { z } from 'zod';
import type { EmailReleased, EmailReservationEvent, EmailReserved } from '../users/email-reservation.events';
import { eventDefinition, type EventDefinition } from './event-definition';

export const emailReservationEventDefinitions = {
  EmailReserved: eventDefinition<EmailReserved>()(z.strictObject({ userId: z.string() })),
  EmailReleased: eventDefinition<EmailReleased>()(z.strictObject({ userId: z.string() })),
} satisfies Record<EmailReservationEvent['type'], EventDefinition>;

import { z } from 'zod';
import type { IdempotencyKeyUsed } from '../idempotency/idempotency-key';
import { eventDefinition, type EventDefinition } from './event-definition';

export const idempotencyKeyEventDefinitions = {
  IdempotencyKeyUsed: eventDefinition<IdempotencyKeyUsed>()(z.strictObject({ request: z.string() })),
} satisfies Record<IdempotencyKeyUsed['type'], EventDefinition>;

import { decideGrowth } from '@nightlight/domain/growth/growth.decider';
import { evolveGrowth, initialGrowthState, type GrowthDetails } from '@nightlight/domain/growth/growth.events';
import { growthBody, growthEntryOf } from '@nightlight/domain/growth/growth-request';
import { checkGrowth } from '@nightlight/domain/growth/growth-rules';
import { growthStreamId } from '@nightlight/domain/shared/stream-ids';
import { parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { handleCommand } from '../command-handler';
import type { WriteActor } from '../write-reply';

const growthDecider = { initialState: initialGrowthState, evolve: evolveGrowth, decide: decideGrowth };

/** Growth measurements read from a file (Baby Buddy's weight, height, head circumference): checked and recorded as POST /api/growth does. */
export function growthImport({ eventStore, clock, newId }: CommandDeps) {
  return {
    /** The measurement's rules, with the child's birth date and today in its zone. */
    check: (body: Record<string, unknown>, child: { birthDate: string; today: string }): GrowthDetails => checkGrowth(growthEntryOf(parseInput(growthBody, body)), child),

    /** Whether a measurement was recorded under this id before (deleted since, or not), other than by this very request (`key`) sent again. */
    async recordedBefore(measurementId: string, key: string | null): Promise<boolean> {
      const recorded = await eventStore.readStream(growthStreamId(measurementId));
      return recorded.length > 0 && !recorded.some((event) => key !== null && event.metadata.idempotencyKey === key);
    },

    async record(actor: WriteActor, measurementId: string, childId: string, details: GrowthDetails): Promise<number> {
      const data = { measurementId, childId, ownerId: actor.userId, ...details };
      const result = await handleCommand(eventStore, growthStreamId(measurementId), growthDecider, { type: 'RecordGrowth', data }, {
        userId: actor.userId,
        correlationId: actor.correlationId,
        now: clock(),
        newId,
        idempotency: actor.idempotent,
      });
      return result.position;
    },
  };
}

import { decideGrowth } from '@nightlight/domain/growth/growth.decider';
import { initialGrowthState, type GrowthDetails, type GrowthEvent } from '@nightlight/domain/growth/growth.events';
import { growthBody, growthEntryOf } from '@nightlight/domain/growth/growth-request';
import { checkGrowth } from '@nightlight/domain/growth/growth-rules';
import { parseInput } from '@nightlight/infrastructure/http/http-errors';

/** Growth measurements read from a file (Baby Buddy's weight, height, head circumference): checked and recorded as POST /api/growth does. */
export const growthImport = {
  /** The measurement's rules, with the child's birth date and today in its zone. */
  check: (body: Record<string, unknown>, child: { birthDate: string; today: string }): GrowthDetails => checkGrowth(growthEntryOf(parseInput(growthBody, body)), child),

  /** What recording a new measurement appends to its stream. */
  recorded: (ref: { measurementId: string; childId: string; ownerId: string }, details: GrowthDetails): GrowthEvent[] =>
    decideGrowth({ type: 'RecordGrowth', data: { ...ref, ...details } }, initialGrowthState()),
};

import { z } from 'zod';
import type { GrowthEvent, GrowthMeasured, GrowthMeasurementCorrected, GrowthMeasurementDeleted, GrowthMeasurementRestored } from '../growth/growth.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const growthRef = { measurementId: z.string(), childId: z.string(), ownerId: z.string() };

const growthDetails = z.strictObject({
  ...growthRef,
  measuredOn: z.string(),
  weightKg: z.number().nullable(),
  lengthCm: z.number().nullable(),
  headCm: z.number().nullable(),
  enteredIn: z.enum(['metric', 'imperial']),
});

export const growthEventDefinitions = {
  GrowthMeasured: eventDefinition<GrowthMeasured>()(growthDetails),
  GrowthMeasurementCorrected: eventDefinition<GrowthMeasurementCorrected>()(growthDetails),
  GrowthMeasurementDeleted: eventDefinition<GrowthMeasurementDeleted>()(z.strictObject(growthRef)),
  GrowthMeasurementRestored: eventDefinition<GrowthMeasurementRestored>()(growthDetails),
} satisfies Record<GrowthEvent['type'], EventDefinition>;

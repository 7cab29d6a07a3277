import type { GrowthEvent } from '@nightlight/domain/growth/growth.events';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { GROWTH_COLLECTION, type GrowthDocument } from '@nightlight/domain/read-models/growth/growth-document';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';

/** The growth read model: each measurement of a child, as last corrected. */
export const growthProjection: Projection = {
  name: 'growth',
  handles: new Set(['GrowthMeasured', 'GrowthMeasurementCorrected', 'GrowthMeasurementDeleted', 'GrowthMeasurementRestored']),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as GrowthEvent;
    const growth = context.readStore.collection<GrowthDocument>(GROWTH_COLLECTION);
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: event.data.childId }, { readOnly: true });
    // A removed or anonymised child has no read models.
    if (!child) return;
    if (event.type === 'GrowthMeasurementDeleted') {
      await growth.deleteOne({ _id: event.data.measurementId });
      return;
    }
    const { measurementId, ...data } = event.data;
    const existing = await growth.findOne({ _id: measurementId }, { readOnly: true });
    if (existing && existing.position >= recorded.position) return;
    await growth.replaceOne({ _id: measurementId }, { _id: measurementId, ...data, position: recorded.position }, { upsert: true });
  },
};

import { allProjections } from '@nightlight/projector/all-projections';
import type { Projection } from '@nightlight/projector/projection';

/**
 * Every projection of this build, with the timeline at the next version: it also keeps a read
 * model the current one never had, one document per timeline event. A module of its own, because the rebuild
 * job's thread loads its projections by module.
 */
const timeline = allProjections.find((projection) => projection.name === 'timeline')!;

const timelineV2: Projection = {
  ...timeline,
  version: (timeline.version ?? 1) + 1,
  async apply(event, context) {
    await timeline.apply(event, context);
    await context.readStore.collection('timeline_events').replaceOne({ _id: event.id }, { _id: event.id, type: event.type }, { upsert: true });
  },
};

export const projections: readonly Projection[] = allProjections.map((projection) => (projection === timeline ? timelineV2 : projection));

import type { Projection } from './projection';
import { childrenProjection } from './projections/children.projection';
import { timelineProjection } from './projections/timeline.projection';

/** In this order: the timeline and insights read the child's document the children projection wrote. */
export const allProjections: readonly Projection[] = [childrenProjection, timelineProjection];

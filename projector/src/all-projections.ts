import type { Projection } from './projection';
import { childrenProjection } from './projections/children.projection';
import { growthProjection } from './projections/growth.projection';
import { milestoneAlertsProjection } from './projections/milestone-alerts.projection';
import { timelineProjection } from './projections/timeline.projection';
import { timersProjection } from './projections/timers.projection';
import { usersProjection } from './projections/users.projection';

/** In this order: the timeline, insights and milestone alerts read the child's document the children projection wrote. */
export const allProjections: readonly Projection[] = [childrenProjection, milestoneAlertsProjection, timelineProjection, growthProjection, timersProjection, usersProjection];

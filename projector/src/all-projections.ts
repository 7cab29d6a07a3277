import { CHILDREN_COLLECTION } from '@nightlight/domain/read-models/children/child-document';
import { INVITATIONS_COLLECTION } from '@nightlight/domain/read-models/children/invitation-document';
import { MEMBERSHIPS_COLLECTION } from '@nightlight/domain/read-models/children/membership-document';
import { USERS_COLLECTION } from '@nightlight/domain/read-models/users/user-document';
import type { Projection } from './projection';
import { childrenProjection } from './projections/children.projection';
import { growthProjection } from './projections/growth.projection';
import { milestoneAlertsProjection } from './projections/milestone-alerts.projection';
import { timelineProjection } from './projections/timeline.projection';
import { timersProjection } from './projections/timers.projection';
import { usersProjection } from './projections/users.projection';

/** In this order: the timeline, insights and milestone alerts read the child's document the children projection wrote. */
export const allProjections: readonly Projection[] = [childrenProjection, milestoneAlertsProjection, timelineProjection, growthProjection, timersProjection, usersProjection];

/**
 * The read models holding personal data: names, birth dates and e-mails, sealed with their owners'
 * keys, and who belongs to which family. On disk, what a deletion or a change takes out of them is
 * erased from the files at once, sealed values included.
 */
export const PERSONAL_READ_MODELS = [USERS_COLLECTION, CHILDREN_COLLECTION, MEMBERSHIPS_COLLECTION, INVITATIONS_COLLECTION];

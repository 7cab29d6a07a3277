import { CHILDREN_COLLECTION } from '@nightlight/domain/read-models/children/child-document';
import { INVITATIONS_COLLECTION } from '@nightlight/domain/read-models/children/invitation-document';
import { MEMBERSHIPS_COLLECTION } from '@nightlight/domain/read-models/children/membership-document';
import { DAILY_INSIGHTS_COLLECTION } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { GROWTH_COLLECTION } from '@nightlight/domain/read-models/growth/growth-document';
import { TIMERS_COLLECTION } from '@nightlight/domain/read-models/timers/timer-document';
import { ENTRY_HISTORY_COLLECTION } from '@nightlight/domain/read-models/timeline/entry-history';
import { TIMELINE_COLLECTION } from '@nightlight/domain/read-models/timeline/timeline-document';
import { REFERRAL_CODES_COLLECTION } from '@nightlight/domain/read-models/users/referral-code-document';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

/** The indexes the projections and the query routes rely on; creating them again is harmless. */
export async function ensureReadModelIndexes(readStore: ReadStore): Promise<void> {
  await readStore.collection(CHILDREN_COLLECTION).createIndex({ ownerId: 1, registeredAt: 1 });
  // A user's children are found through their memberships; a family's members by its child.
  await readStore.collection(MEMBERSHIPS_COLLECTION).createIndex({ memberId: 1 });
  await readStore.collection(MEMBERSHIPS_COLLECTION).createIndex({ childId: 1 });
  await readStore.collection(INVITATIONS_COLLECTION).createIndex({ childId: 1 });
  await readStore.collection(TIMELINE_COLLECTION).createIndex({ childId: 1, startedAt: 1 });
  // A removed child's entries' histories go with it.
  await readStore.collection(ENTRY_HISTORY_COLLECTION).createIndex({ childId: 1 });
  await readStore.collection(TIMELINE_COLLECTION).createIndex({ childId: 1, kind: 1, localDate: 1 });
  await readStore.collection(DAILY_INSIGHTS_COLLECTION).createIndex({ childId: 1, date: 1 });
  await readStore.collection(GROWTH_COLLECTION).createIndex({ childId: 1, measuredOn: 1 });
  // The glance's latest feeding and latest sleep.
  await readStore.collection(TIMELINE_COLLECTION).createIndex({ childId: 1, kind: 1, endedAt: 1 });
  await readStore.collection(TIMERS_COLLECTION).createIndex({ childId: 1 });
  await readStore.collection(TIMERS_COLLECTION).createIndex({ stopsAt: 1 });
  await readStore.collection(REFERRAL_CODES_COLLECTION).createIndex({ issuedTo: 1 });
}

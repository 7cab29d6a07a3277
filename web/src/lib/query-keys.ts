import { ENTRY_KIND_LISTING, ENTRY_KIND_NAMES, type EntryKind } from '@nightlight/domain/entries/entry-kinds';

// First elements of query keys. Invalidation matches by prefix, so every feature builds its
// keys from these (e.g. [entryListRoots.feeding, childId, date]) and a child deletion can
// refresh them all without knowing each screen's exact key.

/** Each kind of entry's lists and writes: the last part of its path ('feedings', 'sleep', 'diapers'). */
export const entryListRoots = Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, ENTRY_KIND_LISTING[kind].path.slice('/api/'.length)])) as Record<EntryKind, string>;

export const queryKeyRoots = {
  me: 'me',
  userSettings: 'user-settings',
  children: 'children',
  childrenSettings: 'children-settings',
  growth: 'growth',
  insights: 'insights',
  milestoneAlerts: 'milestone-alerts',
  members: 'members',
  invitations: 'invitations',
  timers: 'timers',
  glance: 'glance',
} as const;

/**
 * Roots of the queries that show one child's data: a live update of the child refreshes them all.
 * Running timers and the glance are among them, so a timer another member starts or stops shows
 * on every open dashboard.
 */
export const childDataRoots = [
  ...Object.values(entryListRoots),
  queryKeyRoots.growth,
  queryKeyRoots.insights,
  queryKeyRoots.milestoneAlerts,
  queryKeyRoots.members,
  queryKeyRoots.timers,
  queryKeyRoots.glance,
];

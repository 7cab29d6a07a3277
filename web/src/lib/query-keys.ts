// First elements of query keys. Invalidation matches by prefix, so every feature builds its
// keys from these (e.g. [queryKeyRoots.feedings, childId, date]) and a child deletion can
// refresh them all without knowing each screen's exact key.
export const queryKeyRoots = {
  me: 'me',
  userSettings: 'user-settings',
  children: 'children',
  childrenSettings: 'children-settings',
  feedings: 'feedings',
  sleep: 'sleep',
  diapers: 'diapers',
  pumpings: 'pumpings',
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
  queryKeyRoots.feedings,
  queryKeyRoots.sleep,
  queryKeyRoots.diapers,
  queryKeyRoots.pumpings,
  queryKeyRoots.growth,
  queryKeyRoots.insights,
  queryKeyRoots.milestoneAlerts,
  queryKeyRoots.members,
  queryKeyRoots.timers,
  queryKeyRoots.glance,
] as const;

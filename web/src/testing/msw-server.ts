import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ENTRY_KIND_LISTING, ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';

/**
 * Screens of a child follow its live stream (hooks/use-live-updates.ts): by default it stays open
 * and quiet, as when nobody else logs anything; a test about live updates declares its own.
 */
const quietLiveStream = http.get('/api/children/:id/live', () => new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }));

/** Screens that list a day list every kind of entry: by default there are none, and a test declares the ones it is about. */
const noEntries = ENTRY_KIND_NAMES.map((kind) => http.get(ENTRY_KIND_LISTING[kind].path, () => HttpResponse.json([])));

/** An Edit dialog shows who logged the entry: by default nobody changed it since. */
const quietHistories = ENTRY_KIND_NAMES.map((kind) =>
  http.get(`${ENTRY_KIND_LISTING[kind].path}/:id/history`, () => HttpResponse.json([{ action: 'logged', by: { memberId: 'user-1', displayName: 'Alex' }, at: null, changed: [] }])),
);

/** The Insights page shows growth too: by default no measurement, and curves of a child without a sex. */
const noGrowth = [
  http.get('/api/children/:id/growth', () => HttpResponse.json([])),
  http.get('/api/children/:id/growth/curves', () => HttpResponse.json({ sex: 'Unknown', percentiles: [3, 15, 50, 85, 97], weight: [], length: [], head: [] })),
];

/** Screens that pick a child (the reports) list the children first: by default there are none. */
const noChildren = http.get('/api/children', () => HttpResponse.json([]));

// The network edge for component tests: each test declares the answers it needs with
// server.use(...); any request nobody declared fails the test (see setup-tests.ts).
export const server = setupServer(quietLiveStream, ...noEntries, ...quietHistories, noChildren, ...noGrowth);

import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import helmet from 'helmet';
import { ENTRY_KIND_LIST } from '@nightlight/domain/entries/all-entry-kinds';
import { admitParents } from '@nightlight/infrastructure/http/authentication';
import { registerApiHygiene } from '@nightlight/infrastructure/http/api-hygiene';
import { frameworkErrorOptions } from '@nightlight/infrastructure/http/framework-errors';
import { noRouteMessage, registerErrorHandler } from '@nightlight/infrastructure/http/http-errors';
import { readersLocale, registerLocalizedAnswers } from '@nightlight/infrastructure/http/localized-answers';
import { registerRouteSchemas } from '@nightlight/infrastructure/http/route-schemas';
import { registerAnswerCompression } from './answer-compression';
import { REFERENCE_PAGE_PATH, registerApiDescription, type ApiDocument } from './api-description';
import type { QueryDeps } from './query-deps';
import { growthQueries } from './routes/growth.queries';
import { timerQueries } from './routes/timers.queries';
import { exportQueries } from './routes/export.queries';
import { readYourWrites } from './read-your-writes';
import { accountQueries } from './routes/account.queries';
import { childQueries } from './routes/children.queries';
import { entryQueries } from './routes/entries.queries';
import { familyQueries, invitationPreviewQuery } from './routes/family.queries';
import { insightQueries } from './routes/insights.queries';
import { liveRoutes } from './routes/live.routes';
import { milestoneAlertQueries } from './routes/milestone-alerts.queries';
import { reportQueries } from './routes/report.queries';

export const BODY_LIMIT_BYTES = 64 * 1024;

const CSP_DIRECTIVES = { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], styleSrc: ["'self'", "'unsafe-inline'"], scriptSrc: ["'self'"] };
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;

/**
 * The headers a helmet middleware sets, worked out once: with fixed directives they are the same
 * for every request. Given to the reply as one object, they are checked once as the answer is
 * written, where helmet's dozen middlewares and their setHeader calls cost a read a tenth of its
 * time (docs/benchmarks.md, "HTTP from outside").
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

// Served over plain HTTP (a LAN address, Safari on localhost), upgrade-insecure-requests would send
// every script and stylesheet to an https:// that does not exist and leave the page blank, and HSTS
// would pin a scheme the server does not serve: both go only with HTTPS.
const plainHttpHeaders = headersSetBy(helmet({ contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: null } }, strictTransportSecurity: false }));
const httpsHeaders = headersSetBy(helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES }, strictTransportSecurity: { maxAge: ONE_YEAR_S, includeSubDomains: true } }));

/**
 * An API answer is JSON that no browser shows as a page, so it carries what still guards it (as
 * OWASP's REST guidance lists): no type sniffing, no framing, a policy under which nothing loads,
 * reads from this origin only, and HSTS over HTTPS. The rest of helmet's set (the referrer, the
 * opener, DNS prefetching, download and cross-domain policies, the XSS filter, agent clusters) is
 * for documents. Node checks every header as it writes an answer, and a read is mostly the writing
 * of its answer (docs/benchmarks.md, "HTTP from outside").
 */
const plainApiHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const httpsApiHeaders = { ...plainApiHeaders, 'strict-transport-security': httpsHeaders['strict-transport-security']! };
/** Under /api, the reference page and its files are documents like the app's. */
const isApiAnswer = (url: string): boolean => url.startsWith('/api/') && !url.startsWith(REFERENCE_PAGE_PATH);

export interface EdgeOptions {
  /** The write routes: command-api's plugin in-process, or a plugin that forwards to it over HTTP. */
  writes: FastifyPluginAsync;
  /** The researchers' replay, outside the parent scope: it admits researcher credentials only. */
  research?: FastifyPluginAsync;
  /** Folder of the built web app; served with an index.html fallback for client routes. */
  webDist?: string;
  logger?: boolean | { level: string };
  /** True while the embedded read models are being rebuilt: /api answers 503 until it turns false. */
  startingUp?: () => boolean;
  /**
   * The API description to serve when `writes` forwards to command-api: its routes are not
   * registered here, so the document is made by an edge that registers them (describeApi).
   */
  apiDocument?: ApiDocument;
  /** Called on the new app before anything is registered on it: tests add their hooks here. */
  instrument?: (app: FastifyInstance) => void;
}

export const STARTING_UP_MESSAGE = 'Starting up, please try again in a moment';

/**
 * The API description of an edge whose writes are `writes` (command-api's routes, in-process): made
 * once, from an edge that registers every route and never listens. An edge that forwards its writes
 * over HTTP serves this document, so the writes are described where they are declared.
 */
export async function describeApi(deps: QueryDeps, options: Pick<EdgeOptions, 'writes' | 'research'>): Promise<ApiDocument> {
  const app = await buildEdgeApp(deps, options);
  try {
    await app.ready();
    return app.swagger() as unknown as ApiDocument;
  } finally {
    await app.close();
  }
}

/**
 * The edge: every /api path of the product. Reads are answered from the read models here, writes go
 * to command-api; the built React app is served from the same origin.
 */
export async function buildEdgeApp(deps: QueryDeps, options: EdgeOptions): Promise<FastifyInstance> {
  // X-Forwarded-For and -Proto count only from the proxies TRUST_PROXY names (none by default):
  // otherwise any client could choose its own address and slip past the per-address rate limits.
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES, trustProxy: deps.config.TRUST_PROXY, ...frameworkErrorOptions() });
  options.instrument?.(app);
  registerRouteSchemas(app);
  registerErrorHandler(app);
  registerLocalizedAnswers(app, readersLocale(deps.readStore));
  registerApiHygiene(app);
  registerAnswerCompression(app);
  app.addHook('onRequest', (request, reply, done) => {
    const https = request.protocol === 'https';
    if (isApiAnswer(request.url)) reply.headers(https ? httpsApiHeaders : plainApiHeaders);
    else reply.headers(https ? httpsHeaders : plainHttpHeaders);
    done();
  });
  // Same-origin app: no Access-Control-* header is ever sent and preflights find no route, so a
  // browser refuses every call to the API from another origin.
  const startingUp = options.startingUp;
  if (startingUp) {
    // Half-built read models would answer with missing entries and check writes against them.
    app.addHook('onRequest', (request, reply, done) => {
      if (startingUp() && request.url.startsWith('/api/')) reply.status(503).header('retry-after', '1').send({ message: STARTING_UP_MESSAGE });
      else done();
    });
  }

  // Before every route: the document is made from the routes registered after it.
  await registerApiDescription(app, options.apiDocument);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const status = await deps.progress.status();
    const { position, head, rebuild } = status;
    return reply.status(status.ready ? 200 : 503).send({ status: status.ready ? 'ready' : 'catching-up', position, head, ...(rebuild && { rebuild }) });
  });

  const afterWrites = readYourWrites(deps.progress, deps.config.READ_YOUR_WRITES_TIMEOUT_MS);
  // Routes that check their caller themselves, and wait for X-Min-Position as the parents' reads do:
  // a write's answer is written in its writer's units, read from the read models (just after a
  // change of units, say), and the join page opens an invitation before its invitee has an account.
  await app.register(async (ownCheckScope) => {
    ownCheckScope.addHook('preHandler', afterWrites);
    await ownCheckScope.register(options.writes);
    await ownCheckScope.register(invitationPreviewQuery(deps));
  });
  if (options.research) await app.register(options.research);

  await app.register(async (parentScope) => {
    admitParents(parentScope, deps.tokens, deps.sessions);
    parentScope.addHook('preHandler', afterWrites);
    await parentScope.register(accountQueries(deps));
    await parentScope.register(childQueries(deps));
    for (const kind of ENTRY_KIND_LIST) await parentScope.register(entryQueries(deps, kind));
    await parentScope.register(insightQueries(deps));
    await parentScope.register(growthQueries(deps));
    await parentScope.register(reportQueries(deps));
    await parentScope.register(timerQueries(deps));
    await parentScope.register(exportQueries(deps));
    await parentScope.register(milestoneAlertQueries(deps));
    await parentScope.register(familyQueries(deps));
    await parentScope.register(liveRoutes(deps));
  });

  const webDist = options.webDist && existsSync(path.join(options.webDist, 'index.html')) ? options.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // Brotli or gzip copies made at build time (web/build/precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // A hashed asset never changes under its name: a phone keeps it for a year and never asks
      // again. Everything else (index.html first) is asked again each time, so a new version shows.
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, file: string) =>
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/settings, /auth/login…) are the React app's: answer with its page.
    if (webDist && request.method === 'GET' && !request.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.status(404).send(noRouteMessage(request.method, request.url));
  });
  return app;
}

import { LOGIN_PATH } from '../config/constants.ts';
import { getAuthState, reloadAuthFromStorage } from '../stores/auth-store.ts';
import type { TokenPair } from '../types/api.ts';
import { reportNetworkFailure } from './connectivity.ts';
import { navigateTo } from './navigation.ts';
import { getHighestPosition, recordPosition } from './read-your-writes.ts';
import { holdSpentMark, spentByAnotherTab, spentMarkOf, storedPairReplacing } from './refresh-handoff.ts';
import { signOut } from './sign-out.ts';

export type ApiRequestInit = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiIssue = { path: string; message: string };

/** A non-2xx answer. `message` is the server's own text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when there is one, else the given fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

const READ_METHODS = new Set(['GET', 'HEAD']);
// A 401 from these means wrong credentials, not an expired access token.
const NO_REFRESH_PREFIX = '/api/auth/';

function toUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.startsWith('/api/') || withSlash === '/api' ? withSlash : `/api${withSlash}`;
}

async function send(url: string, init: ApiRequestInit, accessToken: string | null): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Only with a body: Fastify rejects an empty body declared as JSON.
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const minPosition = getHighestPosition();
  if (READ_METHODS.has(method) && minPosition > 0) headers['X-Min-Position'] = String(minPosition);
  try {
    return await fetch(url, {
      method,
      headers: { ...headers, ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    // No answer at all (not a request the page cancelled): the app is offline until a probe succeeds.
    if (error instanceof TypeError && !init.signal?.aborted) reportNetworkFailure();
    throw error;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const issues = 'issues' in body && Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : undefined;
    return new ApiError(response.status, body.message, issues);
  }
  return new ApiError(response.status, '');
}

/** The refresh could not be tried (offline, server down, rate limited): the session may still be good. */
export class RefreshUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The session could not be refreshed right now', { cause });
    this.name = 'RefreshUnavailableError';
  }
}

// Only one tab of this origin refreshes at a time (see refreshTokens).
const REFRESH_LOCK = 'nightlight-token-refresh';

/** Runs `task` holding the cross-tab refresh lock; where Web Locks are missing, just runs it. */
async function withRefreshLock<T>(task: (locks: LockManager | undefined) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(undefined);
  return (await locks.request(REFRESH_LOCK, () => task(locks))) as T;
}

/**
 * Refresh tokens are single-use: the server revokes the whole session when a spent one comes
 * back. Two tabs share one stored session, so a tab refreshes only while holding a lock every
 * tab honours, and first reads the stored tokens again: when another tab refreshed while this
 * one waited, its new pair is taken as is, once it has reached this tab (see refresh-handoff.ts).
 */
async function refreshTokens(): Promise<string | null> {
  const heldRefreshToken = getAuthState().refreshToken;
  if (!heldRefreshToken) return null;
  return withRefreshLock(async (locks) => {
    await reloadAuthFromStorage();
    let { accessToken, refreshToken } = getAuthState();
    // The held token's mark: looked for now, and held once this tab has spent the token.
    const mark = locks && refreshToken === heldRefreshToken ? await spentMarkOf(heldRefreshToken) : null;
    if (locks && mark && (await spentByAnotherTab(locks, mark))) {
      ({ accessToken, refreshToken } = await storedPairReplacing(heldRefreshToken));
      // The other tab holds the session's next pair: spending this token again would only be refused.
      if (refreshToken === heldRefreshToken) throw new RefreshUnavailableError(new Error('Another tab refreshed the session; its tokens did not arrive here'));
    }
    if (!refreshToken) return null;
    if (refreshToken !== heldRefreshToken) return accessToken;

    // Kept in storage before the request goes: if its answer never arrives, the next try (in this
    // tab, another, or after a reload) sends the same key and the server answers again.
    const retryKey = getAuthState().retryKeyForRefresh();
    let response: Response;
    try {
      response = await send(toUrl('/api/auth/refresh'), { method: 'POST', body: { refreshToken, retryKey } }, null);
    } catch (error) {
      throw new RefreshUnavailableError(error);
    }
    // Too many attempts or a server fault say nothing about the token itself.
    if (response.status === 429 || response.status >= 500) throw new RefreshUnavailableError(await toApiError(response));
    if (!response.ok) {
      // Refused because another tab spent this token a moment ago (tabs without Web Locks can race):
      // its new pair is in storage by now, and the session goes on with it.
      await reloadAuthFromStorage();
      const stored = getAuthState();
      return stored.refreshToken && stored.refreshToken !== refreshToken ? stored.accessToken : null;
    }
    const tokens = (await readBody(response)) as TokenPair | undefined;
    if (!tokens?.accessToken || !tokens.refreshToken) return null;
    getAuthState().setTokens(tokens.accessToken, tokens.refreshToken);
    if (locks && mark) await holdSpentMark(locks, mark);
    return tokens.accessToken;
  });
}

// Several requests may hit 401 at the same moment; they share one refresh so the single-use
// refresh token is spent only once.
let refreshInFlight: Promise<string | null> | null = null;

/**
 * Exchanges the stored refresh token for new tokens. Resolves with the new access token, or null
 * when the server refused the refresh token (the session is over); rejects with
 * RefreshUnavailableError when the server could not be asked.
 */
export function refreshSession(): Promise<string | null> {
  refreshInFlight ??= refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * An access token to retry with after `rejected` got a 401: the one already stored when something
 * else replaced it meanwhile (another request's refresh, another tab, a password change), else a
 * refreshed one.
 */
async function accessTokenAfter(rejected: string | null): Promise<string | null> {
  const { accessToken } = getAuthState();
  if (accessToken && accessToken !== rejected) return accessToken;
  return refreshSession();
}

function endSession(): void {
  signOut();
  navigateTo(LOGIN_PATH, { replace: true });
}

/** Seconds of leeway: a token this close to its end would expire on the way. */
const EXPIRY_LEEWAY_MS = 10_000;

/** Whether a JWT's `exp` has passed (read, not verified: the server verifies). Anything unreadable has not. */
export function accessTokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = token.split('.')[1];
    if (!payload) return false;
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 <= now + EXPIRY_LEEWAY_MS;
  } catch {
    return false;
  }
}

/**
 * Before a batch of waiting writes (the outbox after a reconnect): refreshes a session whose access
 * token expired meanwhile, so no write goes out with a token the server will refuse. Resolves false
 * when the server refused the refresh (the session is then ended as any refused refresh ends it);
 * rejects with RefreshUnavailableError when it could not be asked.
 */
export async function refreshIfExpired(now = Date.now()): Promise<boolean> {
  const { accessToken } = getAuthState();
  if (!accessToken || !accessTokenExpired(accessToken, now)) return true;
  if (await refreshSession()) return true;
  endSession();
  return false;
}

/**
 * Calls the API. `path` is as written in docs/api.md ('/api/children'); a path without the
 * '/api' prefix gets it. Resolves with the parsed JSON body (undefined when empty) and throws
 * ApiError for any non-2xx answer.
 */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  return (await readBody(await apiResponse(path, init))) as T;
}

/** A file the API answers with (an export), as it came, with the name the server gave it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await apiResponse(path, {});
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** The successful answer to an API call, after a refresh if the access token had expired. */
async function apiResponse(path: string, init: ApiRequestInit): Promise<Response> {
  const url = toUrl(path);
  const sentAccessToken = getAuthState().accessToken;
  let response = await send(url, init, sentAccessToken);

  if (response.status === 401 && !url.startsWith(NO_REFRESH_PREFIX)) {
    const accessToken = await accessTokenAfter(sentAccessToken);
    if (!accessToken) {
      endSession();
      throw await toApiError(response);
    }
    response = await send(url, init, accessToken);
  }

  if (!response.ok) throw await toApiError(response);

  const position = Number(response.headers.get('X-Event-Position'));
  if (position) recordPosition(position);
  return response;
}

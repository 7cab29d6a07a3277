import { LOGIN_PATH } from '../config/constants.ts';
import { getAuthState } from '../stores/auth-store.ts';
import type { TokenPair } from '../types/api.ts';
import { navigateTo } from './navigation.ts';

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

// Read-your-writes (design §4): the highest event position any write has answered with.
// Reads carry it so the query side waits until its projections have caught up.
let highestPosition = 0;

export function getHighestPosition(): number {
  return highestPosition;
}

export function recordPosition(position: number): void {
  if (Number.isFinite(position) && position > highestPosition) highestPosition = position;
}

/** Forgets the remembered position; for tests and sign-out. */
export function resetPositionTracking(): void {
  highestPosition = 0;
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
  if (READ_METHODS.has(method) && highestPosition > 0) headers['X-Min-Position'] = String(highestPosition);
  return fetch(url, {
    method,
    headers: { ...headers, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
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

// Several requests may hit 401 at the same moment; they share one refresh so the
// single-use refresh token is spent only once.
let refreshInFlight: Promise<string | null> | null = null;

async function refreshTokens(): Promise<string | null> {
  const { refreshToken } = getAuthState();
  if (!refreshToken) return null;
  try {
    const response = await send(toUrl('/api/auth/refresh'), { method: 'POST', body: { refreshToken } }, null);
    if (!response.ok) return null;
    const tokens = (await readBody(response)) as TokenPair | undefined;
    if (!tokens?.accessToken || !tokens.refreshToken) return null;
    getAuthState().setTokens(tokens.accessToken, tokens.refreshToken);
    return tokens.accessToken;
  } catch {
    return null;
  }
}

/**
 * Exchanges the stored refresh token for new tokens. Returns the new access token, or null
 * when the refresh failed (the caller decides what that means).
 */
export function refreshSession(): Promise<string | null> {
  refreshInFlight ??= refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function endSession(): void {
  getAuthState().clearAuth();
  resetPositionTracking();
  navigateTo(LOGIN_PATH, { replace: true });
}

/**
 * Calls the API. `path` is as written in docs/api.md ('/api/children'); a path without the
 * '/api' prefix gets it. Resolves with the parsed JSON body (undefined when empty) and throws
 * ApiError for any non-2xx answer.
 */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const url = toUrl(path);
  let response = await send(url, init, getAuthState().accessToken);

  if (response.status === 401 && !url.startsWith(NO_REFRESH_PREFIX)) {
    const accessToken = await refreshSession();
    if (!accessToken) {
      endSession();
      throw await toApiError(response);
    }
    response = await send(url, init, accessToken);
  }

  if (!response.ok) throw await toApiError(response);

  const position = Number(response.headers.get('X-Event-Position'));
  if (position) recordPosition(position);

  return (await readBody(response)) as T;
}

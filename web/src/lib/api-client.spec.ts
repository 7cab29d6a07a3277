import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/auth-fixtures.ts';
import { server } from '../testing/msw-server.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { ApiError, apiRequest, refreshSession, RefreshUnavailableError } from './api-client.ts';
import { getHighestPosition } from './read-your-writes.ts';
import { registerNavigate } from './navigation.ts';

/**
 * GET /api/me answering the user for one access token and 401 for any other; every Authorization
 * header it receives is recorded in `received`.
 */
function meAccepting(accessToken: string, received: (string | null)[] = []) {
  return http.get('/api/me', ({ request }) => {
    const authorization = request.headers.get('Authorization');
    received.push(authorization);
    return authorization === `Bearer ${accessToken}` ? HttpResponse.json({ id: 'user-1' }) : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
  });
}

describe('apiRequest', () => {
  it('sends the bearer token and parses the JSON answer', async () => {
    signIn();
    let authorization: string | null = null;
    server.use(
      http.get('/api/children', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([{ id: 'c1' }]);
      }),
    );

    await expect(apiRequest('/api/children')).resolves.toEqual([{ id: 'c1' }]);
    expect(authorization).toBe('Bearer access-1');
  });

  it('sends bodies as JSON and adds the /api prefix when the path lacks it', async () => {
    signIn();
    let seen: { contentType: string | null; body: unknown } | null = null;
    server.use(
      http.post('/api/feedings', async ({ request }) => {
        seen = { contentType: request.headers.get('Content-Type'), body: await request.json() };
        return HttpResponse.json({ id: 'f1' }, { status: 201 });
      }),
    );

    await apiRequest('/feedings', { method: 'POST', body: { childId: 'c1' } });
    expect(seen).toEqual({ contentType: 'application/json', body: { childId: 'c1' } });
  });

  it('remembers the highest X-Event-Position and sends it as X-Min-Position on reads', async () => {
    signIn();
    let minPosition: string | null = null;
    server.use(
      http.post('/api/sleep', () => HttpResponse.json({ position: 42 }, { headers: { 'X-Event-Position': '42' } })),
      http.delete('/api/sleep/s1', () => HttpResponse.json({ ok: true }, { headers: { 'X-Event-Position': '17' } })),
      http.get('/api/sleep', ({ request }) => {
        minPosition = request.headers.get('X-Min-Position');
        return HttpResponse.json([]);
      }),
    );

    await apiRequest('/api/sleep', { method: 'POST', body: {} });
    await apiRequest('/api/sleep/s1', { method: 'DELETE' });
    await apiRequest('/api/sleep?childId=c1');

    expect(getHighestPosition()).toBe(42);
    expect(minPosition).toBe('42');
  });

  it("throws ApiError with the status and the server's message", async () => {
    signIn();
    server.use(http.get('/api/children/x', () => HttpResponse.json({ message: 'Child not found' }, { status: 404 })));

    const error = await apiRequest('/api/children/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Child not found' });
  });

  it('on 401 refreshes once with the stored refresh token and retries with the new access token', async () => {
    signIn();
    const refreshBodies: unknown[] = [];
    const authorizations: (string | null)[] = [];
    server.use(
      meAccepting('access-2', authorizations),
      http.post('/api/auth/refresh', async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1', retryKey: expect.stringMatching(/^[\w-]{43}$/) }]);
    expect(authorizations).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', refreshRetryKey: null });
  });

  it('sends a refresh whose answer never came again with the same retry key, and a new key for the next token', async () => {
    signIn();
    const refreshBodies: { refreshToken: string; retryKey: string }[] = [];
    let answered = 0;
    server.use(
      http.post('/api/auth/refresh', async ({ request }) => {
        refreshBodies.push((await request.json()) as { refreshToken: string; retryKey: string });
        answered += 1;
        // The first answer is lost on the way: the server rotated the token, the phone never heard.
        if (answered === 1) return HttpResponse.error();
        return HttpResponse.json({ accessToken: `access-${answered}`, refreshToken: `refresh-${answered}` });
      }),
    );

    await expect(refreshSession()).rejects.toBeInstanceOf(RefreshUnavailableError);
    await expect(refreshSession()).resolves.toBe('access-2');
    await expect(refreshSession()).resolves.toBe('access-3');
    const [lost, again, next] = refreshBodies;
    expect(again).toEqual(lost);
    expect(next!.refreshToken).toBe('refresh-2');
    expect(next!.retryKey).not.toBe(lost!.retryKey);
  });

  it('shares one refresh between requests that fail together', async () => {
    signIn();
    let refreshes = 0;
    server.use(
      http.get('/api/children', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-2'
          ? HttpResponse.json([])
          : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
      http.post('/api/auth/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );

    await Promise.all([apiRequest('/api/children'), apiRequest('/api/children')]);
    expect(refreshes).toBe(1);
  });

  it('retries only once: a second 401 is thrown', async () => {
    signIn();
    let calls = 0;
    server.use(
      http.get('/api/me', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
      http.post('/api/auth/refresh', () => HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
    );

    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });

  it('when the refresh fails, clears the stored auth and goes to /auth/login', async () => {
    signIn();
    const navigate = vi.fn();
    registerNavigate(navigate);
    server.use(
      http.get('/api/me', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.post('/api/auth/refresh', () => HttpResponse.json({ message: 'Invalid refresh token' }, { status: 401 })),
    );

    await expect(apiRequest('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      sessionExpiry: null,
    });
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('does not try to refresh when the login itself answers 401', async () => {
    const refresh = vi.fn();
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
      http.post('/api/auth/refresh', () => {
        refresh();
        return HttpResponse.json({});
      }),
    );

    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('one session shared by several tabs', () => {
  type Grant = () => Promise<unknown>;

  /**
   * Web Locks as a browser provides them: `whileWaiting` runs before the lock is granted, and
   * `heldElsewhere` names locks other tabs hold.
   */
  function fakeLocks(whileWaiting: () => void = () => {}, heldElsewhere: string[] = []) {
    const requested: string[] = [];
    const held = new Set(heldElsewhere);
    const locks = {
      request: async (name: string, grant: Grant) => {
        requested.push(name);
        whileWaiting();
        held.add(name);
        try {
          return await grant();
        } finally {
          held.delete(name);
        }
      },
      query: async () => ({ held: [...held].map((name) => ({ name, mode: 'exclusive' })), pending: [] }),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    return { requested, held };
  }

  /** The lock a tab holds for half a minute after spending `token`, named after its SHA-256. */
  async function spentMark(token: string) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    return `nightlight-spent-refresh-token-${Buffer.from(digest.subarray(0, 16)).toString('hex')}`;
  }

  /** What another tab's store writes to localStorage. */
  function storeAsAnotherTab(changes: Record<string, unknown>) {
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}');
    localStorage.setItem('auth-storage', JSON.stringify({ ...stored, state: { ...stored.state, ...changes } }));
  }

  /** A request that finds its access token expired goes on with the pair the other tab stored, and never asks for a refresh. */
  async function expectToGoOnWithTheOtherTabsPair() {
    const refresh = vi.fn();
    const authorizations: (string | null)[] = [];
    server.use(
      meAccepting('access-from-tab-2', authorizations),
      http.post('/api/auth/refresh', () => {
        refresh();
        return HttpResponse.json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 });
      }),
    );

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(refresh).not.toHaveBeenCalled();
    expect(authorizations).toEqual(['Bearer access-1', 'Bearer access-from-tab-2']);
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: 'refresh-from-tab-2', isAuthenticated: true });
  }

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('refreshes while holding the lock every tab of the app shares', async () => {
    signIn();
    const { requested, held } = fakeLocks();
    const refreshBodies: unknown[] = [];
    server.use(
      meAccepting('access-2'),
      http.post('/api/auth/refresh', async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1', retryKey: expect.stringMatching(/^[\w-]{43}$/) }]);
    // Written where the other tabs read it, and the spent token marked where they see it at once.
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(requested).toEqual(['nightlight-token-refresh', await spentMark('refresh-1')]);
    expect([...held]).toEqual([await spentMark('refresh-1')]);
  });

  it("waits for the pair of a tab that spent the token a moment ago, while this tab's storage still holds the spent one", async () => {
    signIn();
    fakeLocks(() => {}, [await spentMark('refresh-1')]);
    setTimeout(() => storeAsAnotherTab({ accessToken: 'access-from-tab-2', refreshToken: 'refresh-from-tab-2' }), 100);
    await expectToGoOnWithTheOtherTabsPair();
  });

  it('stays signed in, without spending the token, when the pair of the tab that spent it never arrives', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fakeLocks(() => {}, [await spentMark('refresh-1')]);
    const refresh = vi.fn();
    server.use(
      http.get('/api/me', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.post('/api/auth/refresh', () => {
        refresh();
        return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      }),
    );

    let outcome: unknown;
    apiRequest('/api/me').catch((error: unknown) => (outcome = error));
    // The digest and the storage reads settle outside the fake clock (the digest on a worker thread,
    // slower on a busy machine), so the clock moves in steps, with a real turn of the event loop
    // between them, until the wait gives up; bounded by real time, not by a count of steps.
    const givingUpBy = Date.now() + 10_000;
    while (outcome === undefined && Date.now() < givingUpBy) {
      await vi.advanceTimersByTimeAsync(20);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(outcome).toBeInstanceOf(RefreshUnavailableError);
    expect(refresh).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: 'refresh-1' });
  });

  it('takes the pair another tab refreshed while this one waited for the lock, instead of spending a used token', async () => {
    signIn();
    fakeLocks(() => storeAsAnotherTab({ accessToken: 'access-from-tab-2', refreshToken: 'refresh-from-tab-2' }));
    await expectToGoOnWithTheOtherTabsPair();
  });

  it('without Web Locks, goes on with the pair another tab stored when the server refuses a token that tab just spent', async () => {
    signIn();
    const authorizations: (string | null)[] = [];
    server.use(
      meAccepting('access-from-tab-2', authorizations),
      // Both tabs sent refresh-1 at once; the other tab's request won and stored its new pair.
      http.post('/api/auth/refresh', () => {
        storeAsAnotherTab({ accessToken: 'access-from-tab-2', refreshToken: 'refresh-from-tab-2' });
        return HttpResponse.json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 });
      }),
    );

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(authorizations).toEqual(['Bearer access-1', 'Bearer access-from-tab-2']);
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: 'refresh-from-tab-2', isAuthenticated: true });
  });

  it('retries a 401 with an access token that replaced the rejected one meanwhile, without refreshing', async () => {
    signIn();
    const refresh = vi.fn();
    server.use(
      http.get('/api/me', ({ request }) => {
        if (request.headers.get('Authorization') === 'Bearer access-new') return HttpResponse.json({ id: 'user-1' });
        // The answer is on its way while another tab's refresh lands here.
        useAuthStore.getState().setTokens('access-new', 'refresh-new');
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
      http.post('/api/auth/refresh', () => {
        refresh();
        return HttpResponse.json({});
      }),
    );

    await expect(apiRequest('/api/me')).resolves.toEqual({ id: 'user-1' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('stays signed in when the refresh cannot reach the server', async () => {
    signIn();
    const navigate = vi.fn();
    registerNavigate(navigate);
    server.use(
      http.get('/api/me', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.post('/api/auth/refresh', () => HttpResponse.error()),
    );

    await expect(apiRequest('/api/me')).rejects.toBeInstanceOf(RefreshUnavailableError);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, refreshToken: 'refresh-1' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

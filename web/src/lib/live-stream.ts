import { getAuthState } from '../stores/auth-store.ts';
import { refreshSession } from './api-client.ts';

export type LiveHandlers = {
  /** The child's read models changed up to `position`: read again with it. */
  onChange: (position: number) => void;
  /** The user is no longer in the child's family: the stream ended for good. */
  onClosed: () => void;
};

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows `GET /api/children/{id}/live` until `signal` aborts. EventSource cannot send a bearer
 * token, so the stream is read with fetch; a 401 refreshes the session once, a dropped stream is
 * opened again after a growing pause (a phone waking up, a server restarting), and a 404 or the
 * server's `closed` event ends it: the child is not, or no longer, the user's.
 */
export async function followChild(childId: string, signal: AbortSignal, handlers: LiveHandlers): Promise<void> {
  let retryMs = FIRST_RETRY_MS;
  let token = getAuthState().accessToken;
  while (!signal.aborted && token) {
    let response: Response | null = null;
    try {
      response = await fetch(`/api/children/${encodeURIComponent(childId)}/live`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal });
    } catch {
      // Offline or aborted: try again below.
    }
    if (response?.status === 401) {
      token = await refreshSession().catch(() => getAuthState().accessToken);
      continue;
    }
    if (response?.status === 404) return handlers.onClosed();
    if (response?.ok && response.body) {
      retryMs = FIRST_RETRY_MS;
      if ((await readEvents(response.body, handlers, signal)) === 'closed') return handlers.onClosed();
    }
    await pause(retryMs, signal);
    retryMs = Math.min(LONGEST_RETRY_MS, retryMs * 2);
    token = getAuthState().accessToken;
  }
}

/** Reads server-sent events until the stream ends ('ended') or the server closes it for good ('closed'). */
async function readEvents(body: ReadableStream<Uint8Array>, handlers: LiveHandlers, signal: AbortSignal): Promise<'ended' | 'closed'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!signal.aborted) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event === 'closed') return 'closed';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'change' && data) handlers.onChange((JSON.parse(data) as { position: number }).position);
      }
    }
  } catch {
    // The connection dropped or was aborted.
  }
  return 'ended';
}

// The outbox: writes made with no signal (or whose request never reached the server) wait here, in
// IndexedDB, each with its Idempotency-Key, and are sent in the order they were made once the
// connection returns. See web/README.md, 'Offline'.
import { ApiError, apiRequest, RefreshUnavailableError } from '../api-client.ts';
import { offlineDb, OUTBOX_STORE } from './offline-db.ts';
import { t } from '../i18n/i18n-store.ts';

/**
 * What the screens show of a write while it waits. Entries and timers are the features' own; the
 * outbox only keeps them. `form` is what reopens the entry's dialog for Edit after a refusal.
 */
export type OutboxView =
  | { kind: 'entry-added'; entry: unknown; form: unknown }
  | { kind: 'entry-corrected'; entryId: string; entry: unknown; form: unknown }
  | { kind: 'entry-deleted'; entryId: string }
  | { kind: 'timer-started'; timer: unknown }
  | { kind: 'timer-switched'; timerId: string; side: string }
  | { kind: 'timer-stopped'; timerId: string; stoppedAt: string }
  | { kind: 'timer-discarded'; timerId: string };

/** One write as the API takes it, with what the screens show of it until it is sent. */
export type OutboxWrite = {
  method: 'POST' | 'PUT' | 'DELETE';
  /** A timer started offline is named by its placeholder id (see offlineId) until its start is sent. */
  path: string;
  body?: unknown;
  idempotencyKey: string;
  childId: string;
  view: OutboxView;
};

/** The server's reason for not taking a write: kept with it until the parent edits or discards it. */
export type Refusal = { status: number; message: string };

export type OutboxItem = OutboxWrite & {
  /** The Idempotency-Key: one write, one key, whatever happens to it. */
  id: string;
  /** The account that made it: it is sent as that account or not at all. */
  userId: string;
  /** Its place in the order the parent made the writes. */
  seq: number;
  queuedAt: string;
  refusal: Refusal | null;
};

/** What a write through the outbox came to: sent now, with the server's answer, or waiting. */
export type Submitted<T> = { queued: false; answer: T } | { queued: true; item: OutboxItem };

const PLACEHOLDER_PREFIX = 'offline-';

/** The id a timer or an entry made offline goes by until the server has given it its own. */
export function offlineId(idempotencyKey: string): string {
  return `${PLACEHOLDER_PREFIX}${idempotencyKey}`;
}

export function isOfflineId(id: string): boolean {
  return id.startsWith(PLACEHOLDER_PREFIX);
}


/**
 * A 4xx answer: the server read the write and will not take it as it is. 401 is not one (the session
 * ended: the write is kept for the same account), nor are 408 and 429 (try again later).
 */
function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  if (error.status === 401 || error.status === 408 || error.status === 429) return null;
  return { status: error.status, message: error.message || t('offline.refused') };
}

/** The request never got an answer: no signal, the server unreachable, or the session not refreshable now. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RefreshUnavailableError;
}

export type OutboxDeps = {
  send: (write: OutboxWrite) => Promise<unknown>;
  isOnline: () => boolean;
  /** The signed-in account, or null: writes are only ever sent as the account that made them. */
  currentUserId: () => string | null;
  /** Called once a sending round has sent something, with the children whose data changed. */
  onSynced?: (childIds: string[]) => Promise<unknown> | void;
  /**
   * Runs before a round sends anything (a session that expired offline is refreshed here); false
   * stops the round, with everything kept.
   */
  beforeSending?: () => Promise<boolean>;
  /** Serialises sending across tabs (Web Locks where there are any). */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  now?: () => Date;
};

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? (() => new Date());
  const withLock = deps.withLock ?? ((task) => task());
  let userId: string | null = null;
  let items: readonly OutboxItem[] = [];
  const listeners = new Set<() => void>();
  let sending: Promise<void> | null = null;
  let sendAgain = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = FIRST_RETRY_MS;

  function publish(next: readonly OutboxItem[]) {
    items = [...next].sort((a, b) => a.seq - b.seq);
    for (const listener of listeners) listener();
  }

  async function readStored(forUser: string): Promise<OutboxItem[]> {
    const stored = await offlineDb.getAll<OutboxItem>(OUTBOX_STORE);
    return stored.filter((item) => item.userId === forUser);
  }

  /** Reads the account's items again: another tab may have added or sent some. */
  async function reload(): Promise<void> {
    const forUser = userId;
    if (!forUser) return;
    const stored = await readStored(forUser);
    if (userId === forUser) publish(stored);
  }

  function clearRetry() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function scheduleRetry() {
    if (retryTimer !== null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
  }

  async function save(item: OutboxItem): Promise<void> {
    await offlineDb.put(OUTBOX_STORE, item);
  }

  async function refuse(item: OutboxItem, refusal: Refusal): Promise<void> {
    const refused = { ...item, refusal };
    await save(refused);
    publish(items.map((candidate) => (candidate.id === item.id ? refused : candidate)));
  }

  /** Sent: gone from the outbox. A timer's start gives the later writes of that timer its real id. */
  async function sent(item: OutboxItem, answer: unknown): Promise<void> {
    await offlineDb.delete(OUTBOX_STORE, item.id);
    let rest = items.filter((candidate) => candidate.id !== item.id);
    const realId = item.view.kind === 'timer-started' && answer && typeof answer === 'object' && 'id' in answer ? String(answer.id) : null;
    if (realId) {
      const placeholder = offlineId(item.idempotencyKey);
      const renamed: OutboxItem[] = [];
      rest = rest.map((candidate) => {
        if (!candidate.path.includes(placeholder)) return candidate;
        const view = 'timerId' in candidate.view && candidate.view.timerId === placeholder ? { ...candidate.view, timerId: realId } : candidate.view;
        const next = { ...candidate, path: candidate.path.split(placeholder).join(encodeURIComponent(realId)), view } as OutboxItem;
        renamed.push(next);
        return next;
      });
      for (const next of renamed) await save(next);
    }
    publish(rest);
  }

  /**
   * Sends the account's waiting writes, oldest first, until none is left or the network fails.
   * Resolves with false when it stopped for want of an answer: the retry takes it from there.
   */
  async function sendWaiting(): Promise<boolean> {
    const forUser = userId;
    if (!forUser) return true;
    await reload();
    const changed = new Set<string>();
    let prepared = false;
    try {
      for (;;) {
        if (!deps.isOnline() || deps.currentUserId() !== forUser || userId !== forUser) return true;
        const item = items.find((candidate) => candidate.refusal === null);
        if (!item) {
          clearRetry();
          retryDelay = FIRST_RETRY_MS;
          return true;
        }
        if (item.path.includes(PLACEHOLDER_PREFIX)) {
          // Its timer's start was refused or discarded: nothing to send it to.
          await refuse(item, { status: 404, message: t('offline.timerNotStarted') });
          continue;
        }
        let answer: unknown;
        try {
          if (!prepared && deps.beforeSending) {
            prepared = true;
            // Refused: the session is over, and its writes wait for the same account to sign in again.
            if (!(await deps.beforeSending())) return true;
            if (deps.currentUserId() !== forUser) return true;
          }
          answer = await deps.send(item);
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) {
            // No answer, a server fault, or a session that ended: everything stays, in order, for later.
            scheduleRetry();
            return false;
          }
          await refuse(item, refusal);
          changed.add(item.childId);
          continue;
        }
        await sent(item, answer);
        changed.add(item.childId);
      }
    } finally {
      if (changed.size > 0) await deps.onSynced?.([...changed]);
    }
  }

  /** Starts sending (or sends once more after the round under way), and resolves when done. */
  function flush(): Promise<void> {
    if (sending) {
      sendAgain = true;
      return sending;
    }
    sending = (async () => {
      let more = true;
      while (more) {
        sendAgain = false;
        const reachedTheEnd = await withLock(sendWaiting);
        // After a failure, asking again at once would fail again: the retry comes later.
        more = sendAgain && reachedTheEnd;
      }
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  async function enqueue(forUser: string, write: OutboxWrite): Promise<OutboxItem> {
    const last = items.at(-1)?.seq ?? 0;
    const item: OutboxItem = { ...write, id: write.idempotencyKey, userId: forUser, seq: Math.max(now().getTime(), last + 1), queuedAt: now().toISOString(), refusal: null };
    await save(item);
    publish([...items.filter((candidate) => candidate.id !== item.id), item]);
    return item;
  }

  /** Takes the account's outbox and sends what waits in it. Another account's items stay unseen. */
  async function start(forUser: string): Promise<void> {
    if (userId !== forUser) {
      userId = forUser;
      publish([]);
      await reload();
    }
    await flush();
  }

  return {
    /** The signed-in account's items, in order. */
    getItems: (): readonly OutboxItem[] => items,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start,

    /** Stops showing and sending (signed out, or another account): the items stay stored. */
    stop(): void {
      userId = null;
      clearRetry();
      retryDelay = FIRST_RETRY_MS;
      publish([]);
    },

    flush,

    /**
     * Sends `write` now when the device is online and nothing waits before it; otherwise, or when
     * the request gets no answer, keeps it in the outbox to be sent in turn. A refusal of a write
     * sent now is thrown, as any answer the form shows.
     */
    async submit<T>(write: OutboxWrite): Promise<Submitted<T>> {
      const forUser = deps.currentUserId();
      if (!forUser) throw new Error('Nobody is signed in');
      if (userId !== forUser) await start(forUser);
      const waiting = items.some((item) => item.refusal === null) || sending !== null;
      if (deps.isOnline() && !waiting) {
        try {
          return { queued: false, answer: (await deps.send(write)) as T };
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          // The answer may have been lost after the server wrote it: the same key is sent again later.
        }
      }
      const item = await enqueue(forUser, write);
      void flush();
      return { queued: true, item };
    },

    /** Edit after a refusal: the corrected write takes the refused one's place and key, and is sent again. */
    async replace(id: string, write: OutboxWrite): Promise<void> {
      const current = items.find((item) => item.id === id);
      if (!current) throw new Error('That change is no longer waiting');
      const next: OutboxItem = { ...current, ...write, id: current.id, idempotencyKey: current.idempotencyKey, refusal: null };
      await save(next);
      publish(items.map((item) => (item.id === id ? next : item)));
      void flush();
    },

    /** Drops a write; dropping a timer's start drops what was done to that timer after it. */
    async discard(id: string): Promise<void> {
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return;
      const dropped = new Set([id]);
      if (item.view.kind === 'timer-started') {
        const placeholder = offlineId(item.idempotencyKey);
        for (const later of items) if (later.path.includes(placeholder)) dropped.add(later.id);
      }
      for (const key of dropped) await offlineDb.delete(OUTBOX_STORE, key);
      publish(items.filter((candidate) => !dropped.has(candidate.id)));
    },
  };
}

/** Sends one write through the API client, which adds the token and refreshes an expired one. */
export function sendWrite(write: OutboxWrite): Promise<unknown> {
  return apiRequest(write.path, { method: write.method, body: write.body, headers: { 'Idempotency-Key': write.idempotencyKey } });
}

/** One tab sends at a time (Web Locks where there are any): two tabs never race through one outbox. */
export async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return (await locks.request('nightlight-outbox', task)) as T;
}

// The app's own IndexedDB database: what a signed-in parent's device keeps to work with no signal.
//
//   query-cache   the saved answers of the screens, one record per user id (persisted-queries.ts)
//   outbox        the writes made offline, each with its Idempotency-Key, in order (outbox.ts)

const DB_NAME = 'nightlight-offline';
const DB_VERSION = 1;

export const QUERY_CACHE_STORE = 'query-cache';
export const OUTBOX_STORE = 'outbox';
type StoreName = typeof QUERY_CACHE_STORE | typeof OUTBOX_STORE;

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(QUERY_CACHE_STORE)) db.createObjectStore(QUERY_CACHE_STORE);
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database (a new version of the app) needs this one to let go.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

/** Runs one request in its own transaction and resolves once the transaction has committed. */
async function inStore<T>(store: StoreName, mode: IDBTransactionMode, act: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  const transaction = db.transaction(store, mode);
  const result = promised(act(transaction.objectStore(store)));
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

/** Whether this browser has IndexedDB at all (some private modes, old test environments do not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

export const offlineDb = {
  get: <T>(store: StoreName, key: IDBValidKey) => inStore<T | undefined>(store, 'readonly', (objects) => objects.get(key) as IDBRequest<T | undefined>),
  getAll: <T>(store: StoreName) => inStore<T[]>(store, 'readonly', (objects) => objects.getAll() as IDBRequest<T[]>),
  /** `key` for the query cache (out-of-line keys); the outbox's records carry their own `id`. */
  put: (store: StoreName, value: unknown, key?: IDBValidKey) => inStore(store, 'readwrite', (objects) => objects.put(value, key)),
  delete: (store: StoreName, key: IDBValidKey) => inStore(store, 'readwrite', (objects) => objects.delete(key)),
  clear: (store: StoreName) => inStore(store, 'readwrite', (objects) => objects.clear()),
};

/** Forgets what the device keeps for one account: its saved answers and its waiting writes. */
export async function clearOfflineData(userId: string): Promise<void> {
  if (!hasIndexedDb()) return;
  const outbox = await offlineDb.getAll<{ id: string; userId: string }>(OUTBOX_STORE);
  await Promise.all([offlineDb.delete(QUERY_CACHE_STORE, userId), ...outbox.filter((item) => item.userId === userId).map((item) => offlineDb.delete(OUTBOX_STORE, item.id))]);
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteKeyStore } from '../key-store/sqlite-key-store';
import { DataKeyDestroyedError, type KeyStore } from '../ports/key-store';
import { KEY_CACHE_TTL_MS, PersonalDataCipher } from './personal-data-cipher';

/** Two processes on one DATA_DIR: each its own key store connection, cipher and clock. */
let dir: string;
let stores: KeyStore[];
const masterKey = randomBytes(32);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'nightlight-cipher-'));
  stores = [];
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function openProcess(now: () => number): PersonalDataCipher {
  const store = createSqliteKeyStore({ file: path.join(dir, 'keys.sqlite') });
  stores.push(store);
  return new PersonalDataCipher(masterKey, store, now);
}

describe('a data key destroyed by another process', () => {
  it('stops opening here once the cached key expires, and is never created again', async () => {
    let now = 1_000_000;
    const projector = openProcess(() => now);
    const commandApi = openProcess(() => now);
    const sealed = await commandApi.seal('owner-1', 'Wilhelmina');
    expect(await projector.open('owner-1', sealed)).toBe('Wilhelmina');

    await commandApi.shred('owner-1');
    expect(await commandApi.open('owner-1', sealed)).toBeNull();
    // The projector still holds the key it opened, for at most the cache's lifetime.
    now += KEY_CACHE_TTL_MS - 1;
    expect(await projector.open('owner-1', sealed)).toBe('Wilhelmina');
    now += 1;
    expect(await projector.open('owner-1', sealed)).toBeNull();

    // A write still in flight for the deleted account cannot bring a key back.
    await expect(projector.seal('owner-1', 'late note')).rejects.toThrow(DataKeyDestroyedError);
    await expect(commandApi.seal('owner-1', 'late note')).rejects.toThrow(DataKeyDestroyedError);
    expect(await openProcess(() => now).open('owner-1', sealed)).toBeNull();
  });

  it('keeps other owners working', async () => {
    const cipher = openProcess(() => 0);
    const kept = await cipher.seal('owner-2', 'Bartholomew');
    await cipher.shred('owner-1');
    expect(await cipher.open('owner-2', kept)).toBe('Bartholomew');
    expect(await cipher.seal('owner-3', 'new family')).toMatch(/^v1\./);
  });
});

describe('opening for sign-in', () => {
  /** The key store as the cipher sees it, counting the reads it is asked for. */
  function counted(store: KeyStore): KeyStore & { reads: number } {
    const wrapper = {
      reads: 0,
      getOrCreateWrappedKey: store.getOrCreateWrappedKey.bind(store),
      getWrappedKey: async (ownerId: string) => {
        wrapper.reads += 1;
        return store.getWrappedKey(ownerId);
      },
      destroyKey: store.destroyKey.bind(store),
      close: store.close.bind(store),
    };
    return wrapper;
  }

  it('reads the key store for a known owner even with the key cached, as the decoy does for an unknown one', async () => {
    const store = createSqliteKeyStore({ file: path.join(dir, 'keys.sqlite') });
    stores.push(store);
    const keys = counted(store);
    const cipher = new PersonalDataCipher(masterKey, keys, () => 0);
    const sealed = await cipher.seal('owner-1', 'scrypt$16384$8$1$salt$hash');

    expect(await cipher.open('owner-1', sealed)).toBe('scrypt$16384$8$1$salt$hash');
    expect(keys.reads).toBe(0);
    expect(await cipher.open('owner-1', sealed, { fromKeyStore: true })).toBe('scrypt$16384$8$1$salt$hash');
    expect(keys.reads).toBe(1);
    expect(await cipher.openDecoy()).toBeNull();
    expect(keys.reads).toBe(2);
  });
});

describe("a child's data", () => {
  it('opens for every member with the child\'s key, and data written before with the key of whoever wrote it', async () => {
    const cipher = openProcess(() => 1_000_000);
    const before = await cipher.seal('first-parent', 'Josephine');
    const after = await cipher.sealForChild('child-1', 'Took it all');
    expect(await cipher.openForChild('child-1', 'first-parent', before)).toBe('Josephine');
    expect(await cipher.openForChild('child-1', 'second-parent', after)).toBe('Took it all');
  });

  it('is sealed for many texts with the key looked up once, each text as sealForChild seals it', async () => {
    const cipher = openProcess(() => 1_000_000);
    await cipher.sealForChild('child-1', 'first');
    const seal = await cipher.childSealer('child-1');
    const sealed = ['Woke once', '', 'Woke once'].map(seal);
    // A fresh IV each time: the same text sealed twice gives two values.
    expect(new Set(sealed).size).toBe(3);
    expect(await Promise.all(sealed.map((text) => cipher.openForChild('child-1', 'second-parent', text)))).toEqual(['Woke once', '', 'Woke once']);
  });

  it('is unreadable once the child\'s key is destroyed, whoever wrote it since', async () => {
    const cipher = openProcess(() => 1_000_000);
    const sealed = await cipher.sealForChild('child-1', 'Took it all');
    await cipher.shredChild('child-1');
    expect(await cipher.openForChild('child-1', 'second-parent', sealed)).toBeNull();
    await expect(cipher.sealForChild('child-1', 'again')).rejects.toThrow(DataKeyDestroyedError);
  });
});

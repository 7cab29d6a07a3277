import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMongoKeyStore } from '@nightlight/infrastructure/key-store/mongo-key-store';
import { createPostgresKeyStore } from '@nightlight/infrastructure/key-store/postgres-key-store';
import { createSqliteKeyStore } from '@nightlight/infrastructure/key-store/sqlite-key-store';
import { DataKeyDestroyedError, type KeyStore } from '@nightlight/infrastructure/ports/key-store';
import { StorageUnavailableError } from '@nightlight/infrastructure/ports/storage-unavailable';
import { postgresDatabase, reachableUrl } from './reachability';

interface KeyStoreTarget {
  name: string;
  prepare(): { open(): Promise<KeyStore>; cleanup(): void };
  /** The raw bytes the store keeps on disk, where the test can look at them. */
  filesOnDisk?: () => Buffer[];
}

function keyStoreContract(target: KeyStoreTarget): void {
  describe(`key-store contract on ${target.name}`, () => {
    let storage: ReturnType<KeyStoreTarget['prepare']>;
    let store: KeyStore;

    beforeEach(async () => {
      storage = target.prepare();
      store = await storage.open();
    });

    afterEach(async () => {
      await store.close();
      storage.cleanup();
    });

    it('creates a key once and returns the same key afterwards', async () => {
      const owner = randomUUID();
      const key = randomBytes(60);
      let created = 0;
      const create = () => {
        created += 1;
        return created === 1 ? key : randomBytes(60);
      };

      const first = await store.getOrCreateWrappedKey(owner, create);
      const second = await store.getOrCreateWrappedKey(owner, create);

      expect(first.equals(key)).toBe(true);
      expect(second.equals(key)).toBe(true);
      expect(created).toBe(1);
      expect((await store.getWrappedKey(owner))?.equals(key)).toBe(true);
      expect(await store.getWrappedKey(randomUUID())).toBeNull();
    });

    it('keeps the key across a reopen', async () => {
      const owner = randomUUID();
      const key = await store.getOrCreateWrappedKey(owner, () => randomBytes(60));
      await store.close();
      store = await storage.open();

      expect((await store.getWrappedKey(owner))?.equals(key)).toBe(true);
    });

    it('forgets a destroyed key and never creates one for that owner again, also after a reopen', async () => {
      const owner = randomUUID();
      const other = randomUUID();
      await store.getOrCreateWrappedKey(owner, () => randomBytes(60));
      const otherKey = await store.getOrCreateWrappedKey(other, () => randomBytes(60));

      await store.destroyKey(owner);
      await store.destroyKey(owner);

      expect(await store.getWrappedKey(owner)).toBeNull();
      expect((await store.getWrappedKey(other))?.equals(otherKey)).toBe(true);
      const create = () => randomBytes(60);
      await expect(store.getOrCreateWrappedKey(owner, create)).rejects.toThrow(new DataKeyDestroyedError(owner));
      await store.close();
      store = await storage.open();
      await expect(store.getOrCreateWrappedKey(owner, create)).rejects.toThrow(DataKeyDestroyedError);
      expect(await store.getWrappedKey(owner)).toBeNull();
      expect((await store.getWrappedKey(other))?.equals(otherKey)).toBe(true);
    });

    it('refuses a key for an owner destroyed before ever having one', async () => {
      const owner = randomUUID();
      await store.destroyKey(owner);
      await expect(store.getOrCreateWrappedKey(owner, () => randomBytes(60))).rejects.toThrow(DataKeyDestroyedError);
      expect(await store.getWrappedKey(owner)).toBeNull();
    });

    it('ends with no key when a creation and a destruction of one owner race', async () => {
      const owners = Array.from({ length: 20 }, () => randomUUID());
      await Promise.all(
        owners.flatMap((owner) => [store.getOrCreateWrappedKey(owner, () => randomBytes(60)).catch((error: unknown) => (error instanceof DataKeyDestroyedError ? null : Promise.reject(error))), store.destroyKey(owner)]),
      );
      for (const owner of owners) {
        expect(await store.getWrappedKey(owner)).toBeNull();
        await expect(store.getOrCreateWrappedKey(owner, () => randomBytes(60))).rejects.toThrow(DataKeyDestroyedError);
      }
    });

    if (target.filesOnDisk) {
      const filesOnDisk = target.filesOnDisk;
      it('leaves no copy of a destroyed key in its files', async () => {
        const owner = randomUUID();
        const key = await store.getOrCreateWrappedKey(owner, () => randomBytes(60));
        for (let i = 0; i < 20; i += 1) await store.getOrCreateWrappedKey(randomUUID(), () => randomBytes(60));
        expect(filesOnDisk().some((bytes) => bytes.includes(key))).toBe(true);

        await store.destroyKey(owner);

        expect(filesOnDisk().some((bytes) => bytes.includes(key))).toBe(false);
      });
    }
  });
}

let keyDirectory = '';
keyStoreContract({
  name: 'SQLite',
  prepare() {
    keyDirectory = mkdtempSync(join(tmpdir(), 'nightlight-keys-'));
    const file = join(keyDirectory, 'keys.sqlite');
    return {
      open: async () => createSqliteKeyStore({ file }),
      cleanup: () => rmSync(keyDirectory, { recursive: true, force: true }),
    };
  },
  filesOnDisk() {
    const file = join(keyDirectory, 'keys.sqlite');
    // Another connection's checkpoint moves whatever the WAL still holds into the main file first.
    const checkpoint = new Database(file);
    checkpoint.pragma('wal_checkpoint(FULL)');
    checkpoint.close();
    return [file, `${file}-wal`, `${file}-journal`].filter((path) => existsSync(path)).map((path) => readFileSync(path));
  },
});

const mongoUrl = reachableUrl('mongo', 'key-store contract on MongoDB');
if (mongoUrl) {
  keyStoreContract({
    name: 'MongoDB',
    prepare() {
      const dbName = `nightlight_keys_${randomUUID().slice(0, 8)}`;
      return {
        open: () => createMongoKeyStore({ url: mongoUrl, dbName }),
        cleanup: () => undefined,
      };
    },
  });
}

const postgres = postgresDatabase('key-store contract on PostgreSQL');
if (postgres) {
  keyStoreContract({
    name: 'PostgreSQL',
    prepare: () => ({ open: async () => createPostgresKeyStore({ connectionString: postgres.url() }), cleanup: () => undefined }),
  });

  describe('the PostgreSQL key store without its server', () => {
    it('refuses with StorageUnavailableError (503)', async () => {
      // Nothing listens on port 1.
      const store = createPostgresKeyStore({ connectionString: 'postgres://postgres@127.0.0.1:1/nightlight' });
      await expect(store.getOrCreateWrappedKey(randomUUID(), () => randomBytes(60))).rejects.toThrow(StorageUnavailableError);
      await expect(store.destroyKey(randomUUID())).rejects.toThrow('Key store cannot be reached or take writes');
      await store.close();
    });
  });
}

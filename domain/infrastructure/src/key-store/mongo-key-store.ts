import { Binary, MongoClient, MongoNetworkError, MongoNotConnectedError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { DataKeyDestroyedError, type KeyStore } from '../ports/key-store';
import { StorageUnavailableError } from '../ports/storage-unavailable';

/** A live key has `wrappedKey`; a destroyed one keeps its document as a tombstone, `destroyed: true` and no key. */
interface KeyDocument {
  _id: string;
  wrappedKey?: Binary;
  destroyed?: true;
}

const DUPLICATE_KEY = 11000;

/** A server that cannot be reached (or has stopped, as MongoDB does on a full disk) is 503, as a full disk is. */
async function reachable<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError || error instanceof MongoNotConnectedError) {
      throw new StorageUnavailableError(`Key store cannot be reached: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Wrapped data keys in MongoDB, one document per owner. */
export async function createMongoKeyStore({ url, dbName }: { url: string; dbName: string }): Promise<KeyStore> {
  const client = await MongoClient.connect(url);
  const keys = client.db(dbName).collection<KeyDocument>('data_keys');

  const read = (ownerId: string): Promise<KeyDocument | null> => reachable(() => keys.findOne({ _id: ownerId }));
  const keyOf = (found: KeyDocument | null): Buffer | null => (found?.wrappedKey ? Buffer.from(found.wrappedKey.buffer) : null);

  return {
    async getOrCreateWrappedKey(ownerId, create) {
      const existing = await read(ownerId);
      if (existing?.destroyed) throw new DataKeyDestroyedError(ownerId);
      if (existing) return keyOf(existing)!;
      try {
        // An insert only: a tombstone written meanwhile is a document already, and stays as it is.
        await reachable(() => keys.updateOne({ _id: ownerId }, { $setOnInsert: { wrappedKey: new Binary(create()) } }, { upsert: true }));
      } catch (error) {
        // A concurrent upsert of the same owner lost the race; the winner's key is read below.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      const stored = await read(ownerId);
      if (!stored || stored.destroyed) throw new DataKeyDestroyedError(ownerId);
      return keyOf(stored)!;
    },
    async getWrappedKey(ownerId) {
      return keyOf(await read(ownerId));
    },
    async destroyKey(ownerId) {
      // One atomic update per document: the key goes and the tombstone stays, even when no key was made.
      await reachable(() => keys.updateOne({ _id: ownerId }, { $set: { destroyed: true }, $unset: { wrappedKey: '' } }, { upsert: true }));
    },
    async close() {
      await client.close();
    },
  };
}

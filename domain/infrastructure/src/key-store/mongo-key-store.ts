import { Binary, MongoClient, MongoServerError } from 'mongodb';
import type { KeyStore } from '../ports/key-store';

interface KeyDocument {
  _id: string;
  wrappedKey: Binary;
}

const DUPLICATE_KEY = 11000;

/** Wrapped data keys in MongoDB, one document per owner. */
export async function createMongoKeyStore({ url, dbName }: { url: string; dbName: string }): Promise<KeyStore> {
  const client = await MongoClient.connect(url);
  const keys = client.db(dbName).collection<KeyDocument>('data_keys');

  const read = async (ownerId: string): Promise<Buffer | null> => {
    const found = await keys.findOne({ _id: ownerId });
    return found ? Buffer.from(found.wrappedKey.buffer) : null;
  };

  return {
    async getOrCreateWrappedKey(ownerId, create) {
      const existing = await read(ownerId);
      if (existing) return existing;
      try {
        await keys.updateOne({ _id: ownerId }, { $setOnInsert: { wrappedKey: new Binary(create()) } }, { upsert: true });
      } catch (error) {
        // A concurrent upsert of the same owner lost the race; the winner's key is read below.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      return (await read(ownerId))!;
    },
    getWrappedKey: read,
    async destroyKey(ownerId) {
      await keys.deleteOne({ _id: ownerId });
    },
    async close() {
      await client.close();
    },
  };
}

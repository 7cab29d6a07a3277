import {
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  type AnyBulkWriteOperation,
  type Collection as MongoCollection,
  type Document,
} from 'mongodb';
import { DuplicateKeyError, ReadStoreUnavailableError, type Collection, type Doc, type ReadStore } from '../ports/read-store';

const DUPLICATE_KEY = 11000;

/** Driver errors in the port's terms: a duplicate key, or a server that cannot be reached right now. */
async function mapErrors<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new DuplicateKeyError(error.message);
    if (error instanceof MongoNetworkError || error instanceof MongoServerSelectionError || error instanceof MongoNotConnectedError) {
      throw new ReadStoreUnavailableError(`MongoDB cannot be reached: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function wrap<T extends Doc>(collection: MongoCollection<Document>): Collection<T> {
  return {
    async find(filter, options = {}) {
      const cursor = collection.find(filter, {
        ...(options.sort && { sort: options.sort }),
        ...(options.skip && { skip: options.skip }),
        ...(options.limit && { limit: options.limit }),
        ...(options.projection && { projection: options.projection }),
      });
      return (await mapErrors(() => cursor.toArray())) as unknown as T[];
    },
    async findOne(filter, options = {}) {
      return (await mapErrors(() =>
        collection.findOne(filter, {
          ...(options.sort && { sort: options.sort }),
          ...(options.projection && { projection: options.projection }),
        }),
      )) as unknown as T | null;
    },
    countDocuments: (filter) => mapErrors(() => collection.countDocuments(filter)),
    async insertOne(document) {
      // The driver adds _id to the object it is given; the caller's object stays untouched.
      await mapErrors(() => collection.insertOne({ ...document } as Document));
    },
    async updateOne(filter, update, options) {
      const result = await mapErrors(() => collection.updateOne(filter, update, { upsert: options?.upsert ?? false }));
      return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upsertedCount: result.upsertedCount };
    },
    async replaceOne(filter, replacement, options) {
      const result = await mapErrors(() => collection.replaceOne(filter, replacement, { upsert: options?.upsert ?? false }));
      return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upsertedCount: result.upsertedCount };
    },
    async deleteOne(filter) {
      return (await mapErrors(() => collection.deleteOne(filter))).deletedCount;
    },
    async deleteMany(filter) {
      return (await mapErrors(() => collection.deleteMany(filter))).deletedCount;
    },
    async bulkWrite(operations) {
      if (operations.length === 0) return;
      await mapErrors(() => collection.bulkWrite(operations.map((operation) => ({ ...operation })) as AnyBulkWriteOperation<Document>[]));
    },
    async createIndex(keys, options = {}) {
      await mapErrors(() =>
        collection.createIndex(keys, { ...(options.unique && { unique: true }), ...(options.name && { name: options.name }) }),
      );
    },
  };
}

/** The full-stack read store: MongoDB through the official driver. */
export async function createMongoReadStore({ url, dbName }: { url: string; dbName: string }): Promise<ReadStore> {
  const client = await MongoClient.connect(url);
  const db = client.db(dbName);
  return {
    collection<T extends Doc = Doc>(name: string) {
      return wrap<T>(db.collection(name));
    },
    async dropCollections(matching = () => true) {
      const collections = await db.listCollections({}, { nameOnly: true }).toArray();
      await Promise.all(collections.filter(({ name }) => matching(name)).map(({ name }) => db.dropCollection(name)));
    },
    // Each write is durable on its own; projections are idempotent, so a checkpoint behind its documents only replays.
    async commit() {},
    async close() {
      await client.close();
    },
  };
}

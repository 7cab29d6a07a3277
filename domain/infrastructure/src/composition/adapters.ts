import path from 'node:path';
import { TokenService } from '../auth/token-service';
import { createInProcessChangeFeed } from '../change-feed/in-process-change-feed';
import { createRedisChangeFeed } from '../change-feed/redis-change-feed';
import { sharesReadModels, usesPostgres, type AppConfig } from '../config/app-config';
import type { PersonalDataCipher } from '../crypto/personal-data-cipher';
import { secretFromConfigOrFile } from '../crypto/secret-files';
import { privateFolder } from '../files/private-files';
import type { AppendSignal } from '../event-store/append-signal';
import { createEsdbEventStore } from '../event-store/esdb-event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { createUpcastingEventStore } from '../event-store/upcasting-event-store';
import { createBullmqJobQueue } from '../jobs/bullmq-job-queue';
import { createInProcessJobQueue } from '../jobs/in-process-job-queue';
import { createMongoKeyStore } from '../key-store/mongo-key-store';
import { createPostgresKeyStore } from '../key-store/postgres-key-store';
import type { ChangeFeed } from '../ports/change-feed';
import type { EventStore } from '../ports/event-store';
import type { JobQueue } from '../ports/job-queue';
import type { KeyStore } from '../ports/key-store';
import type { ReadStore } from '../ports/read-store';
import type { SessionStore } from '../ports/session-store';
import { followLiveReadModels } from '../read-store/live-read-models';
import { createMemoryReadStore } from '../read-store/memory-read-store';
import { createMongoReadStore } from '../read-store/mongo-read-store';
import { createPostgresReadStore } from '../read-store/postgres-read-store';
import { createPostgresSessionStore } from '../sessions/postgres-session-store';
import { createRedisSessionStore } from '../sessions/redis-session-store';
import { createSqliteSessionStore } from '../sessions/sqlite-session-store';
import { createCipher, createEmbeddedEventStore, createEmbeddedKeyStore } from './embedded-stores';

export interface Adapters {
  eventStore: EventStore;
  /** The read models readers use: in the full stack, the live version's (see live-read-models.ts). */
  readStore: ReadStore;
  /** Every version's read models, which the full stack's projector workers write; the embedded default has one. */
  readModelStore: ReadStore;
  jobs: JobQueue;
  keyStore: KeyStore;
  sessions: SessionStore;
  changeFeed: ChangeFeed;
  cipher: PersonalDataCipher;
  tokens: TokenService;
  close(): Promise<void>;
}

/** The event log the configuration names; every reader sees events at their current schema version. */
export function createEventStore(config: AppConfig, options: { readonly?: boolean; appendSignal?: AppendSignal } = {}): EventStore {
  if (config.EVENT_STORE === 'esdb') return createUpcastingEventStore(createEsdbEventStore({ connectionString: config.ESDB_URL! }));
  if (config.EVENT_STORE === 'postgres') return createUpcastingEventStore(createPostgresEventStore({ connectionString: config.DATABASE_URL! }));
  return createEmbeddedEventStore(config, options);
}

/** Beside the read models when they are MongoDB's, in the PostgreSQL database when one is used, else a file in DATA_DIR. */
export async function createKeyStore(config: AppConfig): Promise<KeyStore> {
  if (config.READ_STORE === 'mongo') return createMongoKeyStore({ url: config.MONGO_URL!, dbName: `${config.MONGO_DB}-keys` });
  if (usesPostgres(config)) return createPostgresKeyStore({ connectionString: config.DATABASE_URL! });
  return createEmbeddedKeyStore(config);
}

/** The read models every process of the full stack shares: MongoDB's or PostgreSQL's. */
async function createSharedReadStore(config: AppConfig): Promise<ReadStore> {
  return config.READ_STORE === 'postgres'
    ? createPostgresReadStore({ connectionString: config.DATABASE_URL! })
    : createMongoReadStore({ url: config.MONGO_URL!, dbName: config.MONGO_DB });
}

/** Redis when there is one (every request asks for its user's revocations, which Redis answers fastest), else the PostgreSQL database, else a file. */
function createSessionStore(config: AppConfig): SessionStore {
  if (config.REDIS_URL) return createRedisSessionStore({ redisUrl: config.REDIS_URL });
  if (usesPostgres(config)) return createPostgresSessionStore({ connectionString: config.DATABASE_URL! });
  return createSqliteSessionStore({ file: path.join(config.dataDir, 'sessions.sqlite') });
}

export { createCipher };

/**
 * Chooses every adapter from validated configuration (never from "is this a test"): SQLite, memory
 * and in-process jobs by default; EventStoreDB, MongoDB, PostgreSQL and Redis when configured.
 */
export async function createAdapters(
  config: AppConfig,
  clock: () => Date = () => new Date(),
  embeddedReadStore?: ReadStore,
  appendSignal?: AppendSignal,
): Promise<Adapters> {
  privateFolder(config.dataDir);

  const eventStore = createEventStore(config, { appendSignal });
  // The embedded read models (memory or SQLite) come with the projectors that keep them (the embedded
  // server's composition); a command-api process beside query-api on the embedded stores sees none.
  const shared = sharesReadModels(config);
  const readModelStore = shared ? await createSharedReadStore(config) : (embeddedReadStore ?? createMemoryReadStore());
  const readStore = shared ? await followLiveReadModels(readModelStore) : readModelStore;
  const keyStore = await createKeyStore(config);
  const jobs = config.REDIS_URL ? createBullmqJobQueue({ redisUrl: config.REDIS_URL }) : createInProcessJobQueue();
  const sessions = createSessionStore(config);
  // Across processes when the read models are a server's (the full stack: projectors and query-api apart).
  const changeFeed = shared && config.REDIS_URL ? createRedisChangeFeed({ redisUrl: config.REDIS_URL }) : createInProcessChangeFeed();

  const jwtSecret = secretFromConfigOrFile(config.JWT_SECRET, config.dataDir, 'jwt.key');

  return {
    eventStore,
    readStore,
    readModelStore,
    jobs,
    keyStore,
    sessions,
    changeFeed,
    cipher: createCipher(config, keyStore, clock),
    tokens: new TokenService(jwtSecret, clock),
    async close() {
      await jobs.close();
      await eventStore.close();
      await readStore.close();
      await keyStore.close();
      await sessions.close();
      await changeFeed.close();
    },
  };
}

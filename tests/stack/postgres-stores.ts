import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from './throwaway-redis';

/** The stores a stack runs on: the services' settings for them, a line to print about each, and how to stop what was started. */
export interface StackStores {
  env: Record<string, string>;
  describe: string[];
  stop(): Promise<void>;
}

/**
 * PostgreSQL for the event log, the read models, the key store and (without Redis) the sessions,
 * and Redis for the jobs, the sessions and the live updates between processes: the servers
 * DATABASE_URL and REDIS_URL name, or throwaway ones started here and removed at the end.
 */
export async function startPostgresStores(log: (line: string) => void): Promise<StackStores> {
  const started: (ThrowawayPostgres | ThrowawayRedis)[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  try {
    let databaseUrl = process.env['DATABASE_URL'];
    if (!databaseUrl) {
      log('Starting a throwaway PostgreSQL cluster…');
      const postgres = await startThrowawayPostgres();
      started.push(postgres);
      databaseUrl = postgres.url;
    }
    let redisUrl = process.env['REDIS_URL'];
    if (!redisUrl) {
      log('Starting a throwaway Redis…');
      const redis = await startThrowawayRedis();
      started.push(redis);
      redisUrl = redis.url;
    }
    const throwaway = (url: string) => (started.some((server) => server.url === url) ? ' (throwaway, removed at the end)' : '');
    return {
      env: { EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
      describe: [`PostgreSQL ${databaseUrl}${throwaway(databaseUrl)}`, `Redis ${redisUrl}${throwaway(redisUrl)}`],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

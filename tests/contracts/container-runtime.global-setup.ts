import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import type { TestProject } from 'vitest/node';
import { postgresMissing, startThrowawayPostgres, type ThrowawayPostgres } from '../stack/throwaway-postgres';
import type { Reachability } from './reachability';

declare module 'vitest' {
  export interface ProvidedContext {
    esdb: Reachability;
    mongo: Reachability;
    postgres: Reachability;
  }
}

const ESDB_IMAGE = 'eventstore/eventstore:24.10.0-bookworm-slim';
const MONGO_IMAGE = 'mongo:8';

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function startEventStoreDb(): Promise<StartedTestContainer> {
  return new GenericContainer(ESDB_IMAGE)
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'ALL', EVENTSTORE_CLUSTER_SIZE: '1' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300))
    .start();
}

async function startMongo(): Promise<StartedTestContainer> {
  return new GenericContainer(MONGO_IMAGE)
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
}

/** DATABASE_URL's server, else a throwaway cluster of the binaries installed here (stopped at the end). */
async function reachPostgres(stopAtEnd: (stop: () => Promise<void>) => void): Promise<Reachability> {
  const fromEnv = process.env['DATABASE_URL'];
  if (fromEnv) return { url: fromEnv };
  const missing = postgresMissing();
  if (missing) return { skipped: `${missing} and DATABASE_URL not set` };
  let cluster: ThrowawayPostgres;
  try {
    cluster = await startThrowawayPostgres();
  } catch (error) {
    return { skipped: `could not start PostgreSQL (${describeError(error)}) and DATABASE_URL not set` };
  }
  stopAtEnd(() => cluster.stop());
  return { url: cluster.url };
}

/**
 * Decides once, for every contract suite, which servers can be reached: an explicit URL wins,
 * otherwise a container is started when a container runtime exists (PostgreSQL: a throwaway cluster
 * when its binaries are installed). Suites read the answer with inject() and print a SKIPPED line
 * for what is missing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: StartedTestContainer[] = [];
  const stops: (() => Promise<void>)[] = [];
  let runtimeProblem: string | undefined;
  const needsRuntime = !process.env['ESDB_URL'] || !process.env['MONGO_URL'];
  if (needsRuntime) {
    try {
      await getContainerRuntimeClient();
    } catch (error) {
      runtimeProblem = `no container runtime (${describeError(error)})`;
    }
  }

  const reach = async (
    envName: string,
    start: () => Promise<StartedTestContainer>,
    toUrl: (container: StartedTestContainer) => string,
  ): Promise<Reachability> => {
    const fromEnv = process.env[envName];
    if (fromEnv) return { url: fromEnv };
    if (runtimeProblem) return { skipped: `${runtimeProblem} and ${envName} not set` };
    try {
      const container = await start();
      started.push(container);
      return { url: toUrl(container) };
    } catch (error) {
      return { skipped: `could not start a container (${describeError(error)}) and ${envName} not set` };
    }
  };

  const [esdb, mongo, postgres] = await Promise.all([
    reach('ESDB_URL', startEventStoreDb, (c) => `esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`),
    reach('MONGO_URL', startMongo, (c) => `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/?directConnection=true`),
    reachPostgres((stop) => stops.push(stop)),
  ]);
  project.provide('esdb', esdb);
  project.provide('mongo', mongo);
  project.provide('postgres', postgres);

  return async () => {
    await Promise.all([...started.map((container) => container.stop()), ...stops.map((stop) => stop())]);
  };
}

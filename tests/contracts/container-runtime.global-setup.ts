import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import type { TestProject } from 'vitest/node';
import type { Reachability } from './reachability';

declare module 'vitest' {
  export interface ProvidedContext {
    esdb: Reachability;
    mongo: Reachability;
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

/**
 * Decides once, for every contract suite, which servers can be reached: an explicit URL wins,
 * otherwise a container is started when a container runtime exists. Suites read the answer with
 * inject() and print a SKIPPED line for what is missing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: StartedTestContainer[] = [];
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

  const [esdb, mongo] = await Promise.all([
    reach('ESDB_URL', startEventStoreDb, (c) => `esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`),
    reach('MONGO_URL', startMongo, (c) => `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/?directConnection=true`),
  ]);
  project.provide('esdb', esdb);
  project.provide('mongo', mongo);

  return async () => {
    await Promise.all(started.map((container) => container.stop()));
  };
}

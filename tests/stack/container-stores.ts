import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import type { StackStores } from './postgres-stores';

/** EventStoreDB, MongoDB and Redis in containers (Docker or Podman), as docker-compose.yml runs them. */
export async function startContainerStores(log: (line: string) => void): Promise<StackStores> {
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    throw new Error(`the stack's containers need a container runtime (Docker or Podman): ${(error as Error).message.split('\n')[0]}; without one, npm run stack -- --engine postgres`, { cause: error });
  }
  log('Starting EventStoreDB, MongoDB and Redis…');
  const containers: StartedTestContainer[] = await Promise.all([
    new GenericContainer('eventstore/eventstore:24.10.0-bookworm-slim')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'ALL', EVENTSTORE_CLUSTER_SIZE: '1' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start(),
    new GenericContainer('mongo:8').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)).start(),
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
  ]);
  const [eventstore, mongo, redis] = containers as [StartedTestContainer, StartedTestContainer, StartedTestContainer];
  const env = {
    EVENT_STORE: 'esdb',
    ESDB_URL: `esdb://${eventstore.getHost()}:${eventstore.getMappedPort(2113)}?tls=false`,
    READ_STORE: 'mongo',
    MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  };
  return {
    env,
    describe: [`EventStoreDB ${env.ESDB_URL}, MongoDB ${env.MONGO_URL}, Redis ${env.REDIS_URL}`],
    stop: async () => {
      await Promise.all(containers.map((container) => container.stop()));
    },
  };
}

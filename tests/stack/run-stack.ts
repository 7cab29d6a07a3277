import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { startServices, type RunningServices } from './service-supervisor';

/**
 * `npm run stack`: EventStoreDB, MongoDB and Redis in containers, and command-api, two projector
 * workers and query-api as separate processes against them. The URL is printed once every service
 * is ready; if one stops, the whole stack stops. Ctrl-C stops everything.
 */
const READY_TIMEOUT_MS = 180_000;

try {
  await getContainerRuntimeClient();
} catch (error) {
  console.error(`npm run stack needs a container runtime (Docker or Podman): ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
}

const containers: StartedTestContainer[] = [];
const started: { services?: RunningServices } = {};
let stopped = false;
const stopAll = async (code: number) => {
  if (stopped) return;
  stopped = true;
  await started.services?.stop();
  await Promise.all(containers.map((container) => container.stop()));
  process.exit(code);
};
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

console.log('Starting EventStoreDB, MongoDB and Redis…');
const [eventstore, mongo, redis] = await Promise.all([
  new GenericContainer('eventstore/eventstore:24.10.0-bookworm-slim')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'ALL', EVENTSTORE_CLUSTER_SIZE: '1' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start(),
  new GenericContainer('mongo:8').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)).start(),
  new GenericContainer('redis:7').withExposedPorts(6379).start(),
]);
containers.push(eventstore, mongo, redis);

const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  EVENT_STORE: 'esdb',
  ESDB_URL: `esdb://${eventstore.getHost()}:${eventstore.getMappedPort(2113)}?tls=false`,
  READ_STORE: 'mongo',
  MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
  REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nightlight-stack-')),
  // One set of secrets for every service, as docker-compose.yml requires.
  MASTER_KEY: process.env.MASTER_KEY ?? randomBytes(32).toString('base64'),
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('base64'),
  RESEARCH_SECRET: process.env.RESEARCH_SECRET ?? randomBytes(32).toString('base64'),
  REFERRAL_CODES: process.env.REFERRAL_CODES ?? 'STACK1',
};
const local = (servicePort: string, readyPath: string) => `http://127.0.0.1:${servicePort}${readyPath}`;

// The services run as production runs them: built JavaScript under plain node.
if (spawnSync(process.execPath, ['query-api/build/build-services.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
console.log('Starting command-api, two projector workers and query-api…');
const services = startServices(
  [
    // query-api forwards each client's address from the loopback.
    { name: 'command-api', script: 'command-api/dist/server.js', env: { ...env, PORT: '3001', TRUST_PROXY: 'loopback' }, readyUrl: local('3001', '/healthz') },
    { name: 'projector 0/2', script: 'projector/dist/server.js', env: { ...env, PORT: '3002', PROJECTOR_SHARD: '0/2' }, readyUrl: local('3002', '/readyz') },
    { name: 'projector 1/2', script: 'projector/dist/server.js', env: { ...env, PORT: '3003', PROJECTOR_SHARD: '1/2' }, readyUrl: local('3003', '/readyz') },
    { name: 'query-api', script: 'query-api/dist/server.js', env: { ...env, PORT: port, COMMAND_API_URL: 'http://127.0.0.1:3001' }, readyUrl: local(port, '/readyz') },
  ],
  (name, code, signal) => {
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the stack.`);
    void stopAll(1);
  },
);
started.services = services;
try {
  await services.waitUntilReady(READY_TIMEOUT_MS);
} catch (error) {
  console.error(`The stack did not start: ${(error as Error).message}`);
  await stopAll(1);
}
console.log(`Nightlight full stack: http://localhost:${port} (referral code ${env.REFERRAL_CODES.split(',')[0]})`);

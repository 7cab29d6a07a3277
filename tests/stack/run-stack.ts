import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';

/**
 * `npm run stack`: EventStoreDB, MongoDB and Redis in containers, and command-api, two projector
 * workers and query-api as separate processes against them. Ctrl-C stops everything.
 */
try {
  await getContainerRuntimeClient();
} catch (error) {
  console.error(`npm run stack needs a container runtime (Docker or Podman): ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
}

const containers: StartedTestContainer[] = [];
const processes: ChildProcess[] = [];
const stopAll = async () => {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(containers.map((container) => container.stop()));
  process.exit(0);
};
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);

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

const env = {
  ...process.env,
  EVENT_STORE: 'esdb',
  ESDB_URL: `esdb://${eventstore.getHost()}:${eventstore.getMappedPort(2113)}?tls=false`,
  READ_STORE: 'mongo',
  MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
  REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nightlight-stack-')),
  MASTER_KEY: process.env.MASTER_KEY ?? randomBytes(32).toString('base64'),
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('base64'),
  REFERRAL_CODES: process.env.REFERRAL_CODES ?? 'STACK1',
};

function run(name: string, script: string, extra: Record<string, string>): void {
  const child = spawn('npx', ['tsx', script], { env: { ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => code && console.error(`${name} exited with ${code}`));
  processes.push(child);
}

run('command-api', 'command-api/src/server.ts', { PORT: '3001' });
run('projector 0/2', 'projector/src/server.ts', { PORT: '3002', PROJECTOR_SHARD: '0/2' });
run('projector 1/2', 'projector/src/server.ts', { PORT: '3003', PROJECTOR_SHARD: '1/2' });
run('query-api', 'query-api/src/server.ts', { PORT: process.env.PORT ?? '3000', COMMAND_API_URL: 'http://127.0.0.1:3001' });
console.log(`Nightlight full stack: http://localhost:${process.env.PORT ?? '3000'} (referral code ${env.REFERRAL_CODES.split(',')[0]})`);

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startContainerStores } from './container-stores';
import { startPostgresStores } from './postgres-stores';
import { startServices, type RunningServices, type ServiceSpec } from './service-supervisor';
import { freePort } from './free-port';

/**
 * `npm run stack`: the services as separate processes against the stores of the full stack, the
 * URL printed once every service is ready; if one stops, the whole stack stops, and Ctrl-C stops
 * everything.
 *
 * - without `--engine` (or `--engine containers`): EventStoreDB, MongoDB and Redis in containers,
 *   command-api, two projector workers and query-api;
 * - `--engine postgres`: PostgreSQL (a throwaway cluster unless DATABASE_URL is set) and Redis (a
 *   throwaway server unless REDIS_URL is set), two command-api, two projector workers and two
 *   query-api processes, on PORT and PORT+1.
 */
const READY_TIMEOUT_MS = 180_000;

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'containers' } } });
if (values.engine !== 'containers' && values.engine !== 'postgres') {
  console.error(`npm run stack: --engine ${values.engine} is not known; use --engine postgres, or no --engine for the containers`);
  process.exit(1);
}
const onPostgres = values.engine === 'postgres';

const started: { services?: RunningServices; stores?: { stop(): Promise<void> } } = {};
let stopped = false;
const stopAll = async (code: number) => {
  if (stopped) return;
  stopped = true;
  await started.services?.stop();
  await started.stores?.stop();
  process.exit(code);
};
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

let stores: Awaited<ReturnType<typeof startPostgresStores>>;
try {
  stores = started.stores = onPostgres ? await startPostgresStores((line) => console.log(line)) : await startContainerStores((line) => console.log(line));
} catch (error) {
  console.error(`npm run stack: ${(error as Error).message}`);
  await stopAll(1);
  throw error;
}

const port = Number(process.env.PORT ?? '3000');
const env = {
  ...process.env,
  ...stores.env,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nightlight-stack-')),
  // One set of secrets for every service, as docker-compose.yml requires.
  MASTER_KEY: process.env.MASTER_KEY ?? randomBytes(32).toString('base64'),
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('base64'),
  RESEARCH_SECRET: process.env.RESEARCH_SECRET ?? randomBytes(32).toString('base64'),
  REFERRAL_CODES: process.env.REFERRAL_CODES ?? 'STACK1',
  // Warnings and errors, as npm start prints them; LOG_LEVEL=info shows every request.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const local = (servicePort: number, readyPath: string) => `http://127.0.0.1:${servicePort}${readyPath}`;

// The services run as production runs them: built JavaScript under plain node.
if (spawnSync(process.execPath, ['query-api/build/build-services.mjs'], { stdio: 'inherit' }).status !== 0) await stopAll(1);

/** Two of each on PostgreSQL, each query-api writing through a command-api of its own; one command-api and one query-api on the containers. */
const apis = onPostgres ? [port, port + 1] : [port];
const commandPorts = await Promise.all(apis.map(() => freePort()));
const projectorPorts = [await freePort(), await freePort()];
const specs: ServiceSpec[] = [
  // query-api forwards each client's address from the loopback.
  ...commandPorts.map((commandPort, i) => ({
    name: `command-api ${i + 1}`,
    script: 'command-api/dist/server.js',
    env: { ...env, PORT: String(commandPort), TRUST_PROXY: 'loopback' },
    readyUrl: local(commandPort, '/healthz'),
  })),
  ...projectorPorts.map((projectorPort, i) => ({
    name: `projector ${i}/2`,
    script: 'projector/dist/server.js',
    env: { ...env, PORT: String(projectorPort), PROJECTOR_SHARD: `${i}/2` },
    readyUrl: local(projectorPort, '/readyz'),
  })),
  ...apis.map((apiPort, i) => ({
    name: `query-api ${i + 1}`,
    script: 'query-api/dist/server.js',
    env: { ...env, PORT: String(apiPort), COMMAND_API_URL: `http://127.0.0.1:${commandPorts[i]}` },
    readyUrl: local(apiPort, '/readyz'),
  })),
];
console.log(`Starting ${specs.map((spec) => spec.name).join(', ')}…`);
const services = startServices(specs, (name, code, signal) => {
  console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the stack.`);
  void stopAll(1);
});
started.services = services;
try {
  await services.waitUntilReady(READY_TIMEOUT_MS);
} catch (error) {
  console.error(`The stack did not start: ${(error as Error).message}`);
  await stopAll(1);
}
const urls = apis.map((apiPort) => `http://localhost:${apiPort}`).join(' and ');
console.log(`Nightlight full stack${onPostgres ? ' on PostgreSQL' : ''}: ${urls} (referral code ${env.REFERRAL_CODES.split(',')[0]})`);
console.log(`  ${specs.map((spec) => `${spec.name} ${new URL(spec.readyUrl).origin}`).join(', ')}`);
for (const line of stores.describe) console.log(`  ${line}`);

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, REPO_ROOT, startServiceProcess, type ServiceProcess } from '../../api/support/service-process';
import { killServiceHard } from './kill-process-tree';

export type ServiceKind = 'command-api' | 'projector' | 'query-api';

interface Service {
  kind: ServiceKind;
  index: number;
  script: string;
  port: number;
  env: Record<string, string>;
  process: ServiceProcess;
}

export interface PostgresStack {
  jwtSecret: Buffer;
  /** The two query-api processes' addresses, as a browser reaches them. */
  queryApis: string[];
  service(kind: ServiceKind, index: number): ServiceProcess;
  /** kill -9 of the service's whole process tree. */
  kill(kind: ServiceKind, index: number): Promise<void>;
  /** Starts it again on the same port, with the same settings, and waits until it is ready. */
  restart(kind: ServiceKind, index: number, until?: 'ready' | 'alive'): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

/** The services' bundles, built again when a source changed since (what `npm start` does too). */
export async function buildServicesIfOutdated(): Promise<void> {
  const { buildServices, servicesOutdated } = (await import(pathToFileURL(path.join(REPO_ROOT, 'query-api/build/build-services.mjs')).href)) as {
    buildServices(): Promise<void>;
    servicesOutdated(): boolean;
  };
  if (servicesOutdated()) await buildServices();
}

/**
 * The full stack on PostgreSQL as `npm run stack -- --engine postgres` runs it, from the built
 * bundles: two command-api processes, two projector workers (shards 0/2 and 1/2) and two
 * query-api processes, each query-api writing through a command-api of its own.
 */
export async function startPostgresStack({ databaseUrl, redisUrl, jwtSecret = randomBytes(32) }: { databaseUrl: string; redisUrl: string; jwtSecret?: Buffer }): Promise<PostgresStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-pg-stack-'));
  const shared = {
    EVENT_STORE: 'postgres',
    READ_STORE: 'postgres',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret.toString('base64'),
    MASTER_KEY: randomBytes(32).toString('base64'),
    RESEARCH_SECRET: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_IP: '100000',
  };
  const ports = await Promise.all(Array.from({ length: 6 }, () => freePort()));
  const specs: Omit<Service, 'process'>[] = [
    ...[0, 1].map((index) => ({ kind: 'command-api' as const, index, script: 'command-api/dist/server.js', port: ports[index]!, env: { ...shared, TRUST_PROXY: 'loopback' } })),
    ...[0, 1].map((index) => ({ kind: 'projector' as const, index, script: 'projector/dist/server.js', port: ports[2 + index]!, env: { ...shared, PROJECTOR_SHARD: `${index}/2` } })),
    ...[0, 1].map((index) => ({ kind: 'query-api' as const, index, script: 'query-api/dist/server.js', port: ports[4 + index]!, env: { ...shared, COMMAND_API_URL: `http://127.0.0.1:${ports[index]}` } })),
  ];
  const start = (spec: Omit<Service, 'process'>, until: 'ready' | 'alive' = 'ready') => startServiceProcess(spec.script, spec.env, spec.port, { until });
  const services: Service[] = [];
  try {
    // All at once, as an orchestrator starts them: the query-api processes are ready once the projectors have built the read models.
    services.push(...(await Promise.all(specs.map(async (spec) => ({ ...spec, process: await start(spec) })))));
  } catch (error) {
    await Promise.all(services.map((service) => service.process.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const find = (kind: ServiceKind, index: number) => services.find((service) => service.kind === kind && service.index === index)!;
  return {
    jwtSecret,
    queryApis: services.filter((service) => service.kind === 'query-api').map((service) => service.process.url),
    service: (kind, index) => find(kind, index).process,
    kill: (kind, index) => killServiceHard(find(kind, index).process),
    async restart(kind, index, until = 'ready') {
      const service = find(kind, index);
      service.process = await start(service, until);
      return service.process;
    },
    async stop() {
      await Promise.all(services.map((service) => service.process.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

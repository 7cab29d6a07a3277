import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { appConfigSchema, loadConfig, queryApiConfigSchema } from './app-config';

/**
 * docker-compose.yml cannot run here (no container engine), so what can be checked without one is
 * checked: every service's environment passes the configuration schema, sets every variable of it
 * (or leaves out, on purpose, one that service does not read), keeps DATA_DIR on a volume the
 * service's user can write, and refuses to start without the shared secrets.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ComposeService {
  build?: { context: string; target: string };
  profiles?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const services = Object.entries(compose.services).filter(([, service]) => service.build);
/** The stack `docker compose up` starts: the services of no profile. */
const defaultStack = services.filter(([, service]) => !service.profiles);
/** The stack of the profile `postgres`. */
const postgresStack = services.filter(([, service]) => service.profiles?.includes('postgres'));
const onPostgres = (name: string) => postgresStack.some(([other]) => other === name);

/** Secrets as an operator's .env gives them; every other ${VAR:-default} falls back to its default. */
const operatorEnv: Record<string, string> = { MASTER_KEY: randomBytes(32).toString('base64'), JWT_SECRET: randomBytes(32).toString('base64'), RESEARCH_SECRET: randomBytes(32).toString('base64') };

function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    if (env[name]) return env[name];
    if (kind === '?') throw new Error(rest);
    return kind === '-' ? (rest ?? '') : '';
  });
}

function environmentOf(service: ComposeService, env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), env)]));
}

const kind = (name: string) => name.replace(/(-pg)?-\d+$/, '');
/** Settings a service does not read, which its environment may leave to the default. */
function notReadBy(name: string): string[] {
  return [
    ...(kind(name) === 'projector' ? ['COMMAND_API_URL'] : ['PROJECTOR_SHARD']),
    ...(kind(name) === 'command-api' ? ['COMMAND_API_URL'] : []),
    // The full stack's read models are on a server; the cache is the embedded SQLite store's.
    'READ_CACHE_DOCUMENTS',
    // The stores of the other stack.
    ...(onPostgres(name) ? ['ESDB_URL', 'MONGO_URL', 'MONGO_DB'] : ['DATABASE_URL']),
  ];
}

describe('docker-compose.yml', () => {
  it('runs command-api, two projector workers and query-api from the Dockerfile', () => {
    expect(defaultStack.map(([name]) => name).sort()).toEqual(['command-api', 'projector-0', 'projector-1', 'query-api']);
  });

  it('runs two command-api, two projector workers and two query-api processes on PostgreSQL in the profile postgres', () => {
    expect(postgresStack.map(([name]) => name).sort()).toEqual(['command-api-pg-1', 'command-api-pg-2', 'projector-pg-0', 'projector-pg-1', 'query-api-pg-1', 'query-api-pg-2']);
    expect(compose.services['postgres']?.profiles).toEqual(['postgres']);
    for (const [name, service] of postgresStack) {
      expect(kind(name) === 'query-api' ? Object.keys(service.depends_on ?? {}) : service.depends_on?.['postgres'], name).toEqual(
        kind(name) === 'query-api' ? [`command-api-pg-${name.slice(-1)}`, 'projector-pg-0', 'projector-pg-1'] : { condition: 'service_healthy' },
      );
    }
    // Each query-api writes through a command-api of its own, and they answer on 3000 and 3001.
    expect(environmentOf(compose.services['query-api-pg-2']!, operatorEnv)['COMMAND_API_URL']).toBe('http://command-api-pg-2:3001');
    expect(postgresStack.flatMap(([, service]) => service.ports ?? [])).toEqual(['3000:3000', '3001:3000']);
    // The database the postgres service creates is the one the services name.
    const { POSTGRES_USER, POSTGRES_DB } = environmentOf(compose.services['postgres']!, operatorEnv);
    const url = new URL(environmentOf(compose.services['projector-pg-0']!, operatorEnv)['DATABASE_URL']!);
    expect([url.hostname, url.username, url.pathname]).toEqual(['postgres', POSTGRES_USER, `/${POSTGRES_DB}`]);
  });

  it.each(services)('gives %s a valid configuration that sets every variable it reads', (name, service) => {
    const environment = environmentOf(service, operatorEnv);
    const config = loadConfig(environment, kind(name) === 'query-api' ? queryApiConfigSchema : appConfigSchema);
    const stores = onPostgres(name) ? { EVENT_STORE: 'postgres', READ_STORE: 'postgres' } : { EVENT_STORE: 'esdb', READ_STORE: 'mongo' };
    expect(config).toMatchObject({ NODE_ENV: 'production', ...stores, DATA_DIR: '/data', ...operatorEnv });
    const unset = Object.keys(appConfigSchema.shape).filter((variable) => !(variable in environment) && !notReadBy(name).includes(variable));
    expect(unset).toEqual([]);
  });

  it.each(services)('keeps the DATA_DIR of %s on a volume of its own', (name, service) => {
    const volume = service.volumes?.find((mount) => mount.endsWith(':/data'))?.split(':')[0];
    expect(volume).toBe(`${name}-data`);
    expect(compose.volumes).toHaveProperty(volume!);
  });

  it('refuses to start without each shared secret, so no service makes up a key of its own', () => {
    for (const secret of ['MASTER_KEY', 'JWT_SECRET', 'RESEARCH_SECRET']) {
      const { [secret]: _missing, ...env } = operatorEnv;
      for (const [, service] of services) expect(() => environmentOf(service, env)).toThrow(`set ${secret} (openssl rand -base64 32)`);
    }
  });

  it('lets only query-api be reached from outside, and trusts forwarded addresses only on the inside', () => {
    const exposed = Object.entries(compose.services).filter(([, service]) => 'ports' in service && service.build).map(([name]) => name);
    expect(exposed).toEqual(['query-api', 'query-api-pg-1', 'query-api-pg-2']);
    for (const name of exposed) expect(environmentOf(compose.services[name]!, operatorEnv)['TRUST_PROXY']).toBe('false');
    for (const name of ['command-api', 'command-api-pg-1', 'command-api-pg-2']) expect(environmentOf(compose.services[name]!, operatorEnv)['TRUST_PROXY']).toBe('uniquelocal');
    // The database is reached on the project's network only.
    expect(compose.services['postgres']?.ports).toBeUndefined();
  });
});

/** The Dockerfile's stages by name: what each is built from and its lines. */
const stages = new Map(
  read('Dockerfile')
    .split(/^(?=FROM )/m)
    .filter((stage) => stage.startsWith('FROM '))
    .map((stage) => {
      const [, base, name] = /^FROM (\S+) AS (\S+)/.exec(stage)!;
      return [name!, { base: base!, lines: stage.split('\n').map((line) => line.trim()) }] as const;
    }),
);

describe('Dockerfile', () => {
  it.each(services)('builds %s as a target that runs its own server on the shared runtime', (name, service) => {
    expect(service.build).toEqual({ context: '.', target: kind(name) });
    const stage = stages.get(service.build!.target);
    expect(stage?.base).toBe('runtime');
    expect(stage?.lines).toContain(`CMD ["node", "--enable-source-maps", "${service.build!.target}/dist/server.js"]`);
  });

  it('runs the services as node with DATA_DIR on a folder that node alone owns and enters', () => {
    const { lines } = stages.get('runtime')!;
    const user = lines.indexOf('USER node');
    expect(user).toBeGreaterThan(0);
    expect(lines.slice(0, user)).toEqual(expect.arrayContaining(['RUN mkdir -p /data && chown node:node /data && chmod 700 /data', 'ENV DATA_DIR=/data', 'VOLUME /data']));
  });

  it('builds the web app that query-api serves and the services as JavaScript', () => {
    expect(stages.get('build')?.lines).toContain('RUN npm run build');
    expect(JSON.parse(read('package.json')).scripts.build).toBe('npm run build -w web && node query-api/build/build-services.mjs');
  });
});

describe('README', () => {
  it('documents every configuration variable', () => {
    const readme = read('README.md');
    const undocumented = Object.keys(appConfigSchema.shape).filter((variable) => !readme.includes(`\`${variable}\``));
    expect(undocumented).toEqual([]);
  });
});

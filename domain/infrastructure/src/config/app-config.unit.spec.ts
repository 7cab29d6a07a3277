import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, queryApiConfigSchema } from './app-config';

const key = (bytes: number) => randomBytes(bytes).toString('base64');

describe('configuration', () => {
  it('defaults to the embedded default: port 3000, ./data, SQLite, memory, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', EVENT_STORE: 'sqlite', READ_STORE: 'sqlite', READ_CACHE_DOCUMENTS: 20_000, READ_YOUR_WRITES_TIMEOUT_MS: 2000, TRUST_PROXY: false, RESEARCH_MIN_CHILDREN: 20 });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ EVENT_STORE: 'mysql' }, 'EVENT_STORE'],
    [{ EVENT_STORE: 'postgres' }, 'DATABASE_URL: is required when EVENT_STORE=postgres (e.g. postgres://nightlight@db:5432/nightlight)'],
    [{ READ_STORE: 'postgres' }, 'DATABASE_URL: is required when READ_STORE=postgres'],
    [{ EVENT_STORE: 'postgres', READ_STORE: 'postgres' }, 'DATABASE_URL: is required when EVENT_STORE=postgres and READ_STORE=postgres'],
    [{ DATABASE_URL: 'mongodb://db/nightlight' }, 'DATABASE_URL: must be a postgres:// connection string'],
    [{ EVENT_STORE: 'esdb' }, 'ESDB_URL: is required when EVENT_STORE=esdb'],
    [{ READ_STORE: 'mongo' }, 'MONGO_URL: is required when READ_STORE=mongo'],
    [{ ESDB_URL: 'http://localhost:2113' }, 'ESDB_URL: must be an esdb:// connection string'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ PROJECTOR_SHARD: 'two' }, 'PROJECTOR_SHARD: must look like INDEX/COUNT, e.g. 0/2'],
    [{ MASTER_KEY: 'abc' }, 'MASTER_KEY: must be base64 of exactly 32 bytes (openssl rand -base64 32)'],
    [{ MASTER_KEY: key(16) }, 'MASTER_KEY: must be base64 of exactly 32 bytes'],
    [{ MASTER_KEY: key(48) }, 'MASTER_KEY: must be base64 of exactly 32 bytes'],
    [{ MASTER_KEY: `${key(32)}!` }, 'MASTER_KEY: must be base64 of exactly 32 bytes'],
    [{ MASTER_KEY: '' }, 'MASTER_KEY: must be base64 of exactly 32 bytes'],
    [{ JWT_SECRET: 'secret' }, 'JWT_SECRET: must be base64 of at least 32 bytes (openssl rand -base64 32)'],
    [{ JWT_SECRET: key(31) }, 'JWT_SECRET: must be base64 of at least 32 bytes'],
    [{ RESEARCH_SECRET: 'research' }, 'RESEARCH_SECRET: must be base64 of at least 32 bytes (openssl rand -base64 32)'],
    [{ RESEARCH_MIN_CHILDREN: '0' }, 'RESEARCH_MIN_CHILDREN'],
    [{ RESEARCH_MIN_CHILDREN: 'twenty' }, 'RESEARCH_MIN_CHILDREN'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY: a hop count cannot check who sent the header'],
    [{ TRUST_PROXY: 'yes' }, "TRUST_PROXY: must be false, true, or addresses and CIDRs separated by commas (not 'yes')"],
    [{ TRUST_PROXY: '10.0.0.0/33' }, "(not '10.0.0.0/33')"],
    [{ TRUST_PROXY: '127.0.0.1, proxy.local' }, "(not 'proxy.local')"],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('accepts secrets of the promised sizes, as openssl prints them', () => {
    const secrets = { MASTER_KEY: key(32), JWT_SECRET: key(64), RESEARCH_SECRET: key(32) };
    expect(loadConfig(secrets)).toMatchObject(secrets);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback, 10.0.0.0/8,::1,192.168.1.0/255.255.255.0', ['loopback', '10.0.0.0/8', '::1', '192.168.1.0/255.255.255.0']],
  ])('reads TRUST_PROXY=%s as Fastify takes it', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('lets query-api read MongoDB only with a command-api to send writes to', () => {
    const mongo = { READ_STORE: 'mongo', MONGO_URL: 'mongodb://mongo:27017' };
    expect(() => loadConfig(mongo, queryApiConfigSchema)).toThrow(
      'COMMAND_API_URL: is required when READ_STORE=mongo (the command-api address, e.g. http://command-api:3001)',
    );
    // command-api and the projectors read MongoDB too, and have no command-api to name.
    expect(loadConfig(mongo).READ_STORE).toBe('mongo');
    expect(loadConfig({ ...mongo, COMMAND_API_URL: 'http://command-api:3001' }, queryApiConfigSchema).COMMAND_API_URL).toBe('http://command-api:3001');
    // The embedded default runs its writes itself.
    expect(loadConfig({}, queryApiConfigSchema).READ_STORE).toBe('sqlite');
  });

  it('takes PostgreSQL for the log and the read models with a DATABASE_URL, and query-api on it only with a command-api', () => {
    const postgres = { EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: 'postgresql://nightlight@db:5432/nightlight' };
    expect(loadConfig(postgres)).toMatchObject(postgres);
    expect(() => loadConfig(postgres, queryApiConfigSchema)).toThrow('COMMAND_API_URL: is required when READ_STORE=postgres');
  });
});

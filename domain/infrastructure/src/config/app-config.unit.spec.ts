import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

describe('configuration', () => {
  it('defaults to the embedded default: port 3000, ./data, SQLite, memory', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', EVENT_STORE: 'sqlite', READ_STORE: 'memory', READ_YOUR_WRITES_TIMEOUT_MS: 2000 });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ EVENT_STORE: 'postgres' }, 'EVENT_STORE'],
    [{ EVENT_STORE: 'esdb' }, 'ESDB_URL: is required when EVENT_STORE=esdb'],
    [{ READ_STORE: 'mongo' }, 'MONGO_URL: is required when READ_STORE=mongo'],
    [{ ESDB_URL: 'http://localhost:2113' }, 'ESDB_URL: must be an esdb:// connection string'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ PROJECTOR_SHARD: 'two' }, 'PROJECTOR_SHARD: must look like INDEX/COUNT, e.g. 0/2'],
  ])('refuses %j with a message naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });
});

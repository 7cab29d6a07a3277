import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.string().url().optional();

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A secret given as base64 (what `openssl rand -base64 32` prints), checked for its decoded length. */
function base64Secret({ exactBytes, minBytes }: { exactBytes?: number; minBytes?: number }) {
  const wanted = exactBytes !== undefined ? `exactly ${exactBytes}` : `at least ${minBytes}`;
  return z.string().refine(
    (value) => {
      if (!BASE64.test(value)) return false;
      const bytes = Buffer.from(value, 'base64').length;
      return exactBytes !== undefined ? bytes === exactBytes : bytes >= (minBytes ?? 0);
    },
    { message: `must be base64 of ${wanted} bytes (openssl rand -base64 32)` },
  );
}

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) >= 1 && Number(range) <= (kind === 4 ? 32 : 128);
  // An IPv4 netmask (255.255.255.0) is accepted for IPv4 addresses.
  return kind === 4 && isIP(range) === 4;
}

/**
 * Which proxies may tell this service the client's address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto): off by default, so no client can pick its own address and slip past the
 * per-address rate limits. `true` trusts every peer; otherwise a comma-separated list of
 * addresses, CIDRs or the names loopback, linklocal, uniquelocal. A hop count is refused: Fastify
 * ignores it, because it cannot check who sent the header.
 */
const trustProxySetting = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'false' || trimmed === '') return false;
    if (trimmed === 'true') return true;
    if (/^\d+$/.test(trimmed)) {
      ctx.addIssue({ code: 'custom', message: 'a hop count cannot check who sent the header: name the proxy instead (an address, a CIDR, loopback or uniquelocal)' });
      return z.NEVER;
    }
    const entries = trimmed.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be false, true, or addresses and CIDRs separated by commas (not ${bad.map((entry) => `'${entry}'`).join(', ')})` });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting the services read, validated once at start-up. */
export const appConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    EVENT_STORE: z.enum(['sqlite', 'esdb', 'postgres']).default('sqlite'),
    /** `sqlite`: the embedded read models on disk, resumed at start. `memory`: rebuilt at every start. `mongo`, `postgres`: on a server every process shares. */
    READ_STORE: z.enum(['sqlite', 'memory', 'mongo', 'postgres']).default('sqlite'),
    /** Parsed read-model documents the embedded SQLite store keeps in memory per collection (the least used go first). */
    READ_CACHE_DOCUMENTS: z.coerce.number().int().min(100).default(20_000),
    REDIS_URL: optionalUrl,
    ESDB_URL: z.string().startsWith('esdb://', 'must be an esdb:// connection string').optional(),
    MONGO_URL: z.string().startsWith('mongodb', 'must be a mongodb:// connection string').optional(),
    MONGO_DB: z.string().default('nightlight'),
    /** The PostgreSQL database of EVENT_STORE=postgres and READ_STORE=postgres (and then of the key store, and of the sessions without Redis). */
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
    COMMAND_API_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Base64 of 32 bytes. The embedded default creates one in DATA_DIR when it is not set. */
    MASTER_KEY: base64Secret({ exactBytes: 32 }).optional(),
    /** Base64 of at least 32 bytes for signing tokens; created in DATA_DIR when not set. */
    JWT_SECRET: base64Secret({ minBytes: 32 }).optional(),
    REFERRAL_CODES: z.string().default(''),
    RESEARCH_TOKENS: z.string().default(''),
    /** Base64 of at least 32 bytes: the key of research pseudonyms; created in DATA_DIR when not set. */
    RESEARCH_SECRET: base64Secret({ minBytes: 32 }).optional(),
    /** A research release with fewer children than this is refused: small cohorts single children out. */
    RESEARCH_MIN_CHILDREN: z.coerce.number().int().min(1).default(20),
    TRUST_PROXY: trustProxySetting,
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    PROJECTOR_SHARD: z
      .string()
      .regex(/^\d+\/\d+$/, 'must look like INDEX/COUNT, e.g. 0/2')
      .default('0/1'),
  })
  .superRefine((config, ctx) => {
    if (config.EVENT_STORE === 'esdb' && !config.ESDB_URL) {
      ctx.addIssue({ code: 'custom', path: ['ESDB_URL'], message: 'is required when EVENT_STORE=esdb' });
    }
    const [index, count] = config.PROJECTOR_SHARD.split('/').map(Number) as [number, number];
    if (count < 1 || index >= count) {
      ctx.addIssue({ code: 'custom', path: ['PROJECTOR_SHARD'], message: 'INDEX must be below COUNT, e.g. 0/2 and 1/2' });
    }
    if (config.READ_STORE === 'mongo' && !config.MONGO_URL) {
      ctx.addIssue({ code: 'custom', path: ['MONGO_URL'], message: 'is required when READ_STORE=mongo' });
    }
    const onPostgres = [config.EVENT_STORE === 'postgres' && 'EVENT_STORE=postgres', config.READ_STORE === 'postgres' && 'READ_STORE=postgres'].filter(Boolean);
    if (onPostgres.length > 0 && !config.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: `is required when ${onPostgres.join(' and ')} (e.g. postgres://nightlight@db:5432/nightlight)` });
    }
  });

/** Whether the read models are on a server every process shares (the full stack's), rather than embedded in one process. */
export function sharesReadModels(config: Pick<AppConfig, 'READ_STORE'>): boolean {
  return config.READ_STORE === 'mongo' || config.READ_STORE === 'postgres';
}

/** Whether the key store (and, without Redis, the sessions) live in DATABASE_URL's database. */
export function usesPostgres(config: Pick<AppConfig, 'EVENT_STORE' | 'READ_STORE'>): boolean {
  return config.EVENT_STORE === 'postgres' || config.READ_STORE === 'postgres';
}

/**
 * The settings of the full stack's query-api process. Reading the read models of a server, it has
 * no write side of its own: every write goes to a command-api process, so it must know where one is.
 */
export const queryApiConfigSchema = appConfigSchema.superRefine((config, ctx) => {
  if (sharesReadModels(config) && !config.COMMAND_API_URL) {
    ctx.addIssue({ code: 'custom', path: ['COMMAND_API_URL'], message: `is required when READ_STORE=${config.READ_STORE} (the command-api address, e.g. http://command-api:3001)` });
  }
});

export type AppConfig = z.infer<typeof appConfigSchema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, schema: typeof appConfigSchema = appConfigSchema): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

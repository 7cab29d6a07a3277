import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.string().url().optional();

/** Every setting the services read, validated once at start-up. */
export const appConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    EVENT_STORE: z.enum(['sqlite', 'esdb']).default('sqlite'),
    READ_STORE: z.enum(['memory', 'mongo']).default('memory'),
    REDIS_URL: optionalUrl,
    ESDB_URL: z.string().startsWith('esdb://', 'must be an esdb:// connection string').optional(),
    MONGO_URL: z.string().startsWith('mongodb', 'must be a mongodb:// connection string').optional(),
    MONGO_DB: z.string().default('nightlight'),
    COMMAND_API_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Base64 of 32 bytes. The embedded default creates one in DATA_DIR when it is not set. */
    MASTER_KEY: z.string().optional(),
    /** Base64 of at least 32 bytes for signing tokens; created in DATA_DIR when not set. */
    JWT_SECRET: z.string().optional(),
    REFERRAL_CODES: z.string().default(''),
    RESEARCH_TOKENS: z.string().default(''),
    RESEARCH_SECRET: z.string().optional(),
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
  });

export type AppConfig = z.infer<typeof appConfigSchema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = appConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

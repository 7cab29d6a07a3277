import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { MAX_RESEARCH_TOKEN_DAYS, researchTokenService } from '@nightlight/infrastructure/auth/research-token-service';
import { ConfigError, loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { RESUME_FROM_MESSAGE, writeResearchExport } from './research-export';

const USAGE = `Usage:
  npm run research -- export [--from CURSOR] [--out FILE]     anonymised events as NDJSON (stdout by default); CURSOR is the
                                                              resumeFrom of the last line of an earlier export
  npm run research -- token [--days N]                        a researcher token for GET /api/research/events (default 7 days, at most 90)`;

const DEFAULT_TOKEN_DAYS = 7;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return parsed;
}

async function exportEvents(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, out: { type: 'string' } } });
  const config = loadConfig();
  const cursor = researchCursorCodec(config);
  const fromPosition = values.from === undefined ? null : cursor.decode(values.from);
  if (fromPosition === null && values.from !== undefined) throw new UsageError(`--${RESUME_FROM_MESSAGE}`);
  const adapters = await createAdapters(config);
  const out = values.out ? createWriteStream(values.out) : process.stdout;
  try {
    const summary = await writeResearchExport({ eventStore: adapters.eventStore, cipher: adapters.cipher, digest: researchDigest(config), cursor }, fromPosition, out);
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
    // stderr, so stdout stays pure NDJSON when it is piped.
    console.error(`Exported ${summary.lines} lines; resume with --from ${summary.resumeFrom}`);
  } finally {
    await adapters.close();
  }
}

async function mintToken(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
  const days = wholeNumber(values.days, 'days', DEFAULT_TOKEN_DAYS, 1, MAX_RESEARCH_TOKEN_DAYS);
  // Only the research secret is needed: no store is opened.
  console.log(await researchTokenService(loadConfig()).issue('researcher', days));
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'export') await exportEvents(rest);
  else if (command === 'token') await mintToken(rest);
  else throw new UsageError(command ? `Unknown command '${command}'` : 'A command is required');
} catch (error) {
  if (!(error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')) throw error;
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exitCode = 1;
}

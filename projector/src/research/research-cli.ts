import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { MAX_RESEARCH_TOKEN_DAYS, researchTokenService } from '@nightlight/infrastructure/auth/research-token-service';
import { ConfigError, loadConfig, type AppConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { prepareResearchRelease, ReleaseTooSmallError, ResumeCursorError, resumePosition, writeResearchExport, type ResearchRelease } from './research-export';
import { copiedAsCsv, parquetStream, TABLE_COLUMNS, tableRows, type ResearchTable } from './research-tables-writer';

const USAGE = `Usage:
  npm run research -- export [--from CURSOR] [--out FILE]     anonymised research lines as NDJSON (stdout by default); CURSOR is the
                                                              resumeFrom of the last line of an earlier export
  npm run research -- tables --out DIR                        the final state as tables: entries.csv, entries.parquet,
                                                              children.csv and children.parquet in DIR
  npm run research -- token [--days N]                        a researcher token for /api/research (default 7 days, at most 90)`;

const DEFAULT_TOKEN_DAYS = 7;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return parsed;
}

/** Opens the server's stores, prepares the release (refused when too small, before anything is written) and hands it on. */
async function withRelease(config: AppConfig, fromPosition: number | null, use: (release: ResearchRelease) => Promise<void>): Promise<void> {
  const adapters = await createAdapters(config);
  try {
    const source = { eventStore: adapters.eventStore, cipher: adapters.cipher, digest: researchDigest(config), cursor: researchCursorCodec(config) };
    await use(await prepareResearchRelease(source, fromPosition, { minChildren: config.RESEARCH_MIN_CHILDREN }));
  } finally {
    await adapters.close();
  }
}

async function exportLines(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, out: { type: 'string' } } });
  const config = loadConfig();
  const fromPosition = resumePosition(researchCursorCodec(config), values.from);
  await withRelease(config, fromPosition, async (release) => {
    const out = values.out ? createWriteStream(values.out) : process.stdout;
    const summary = await writeResearchExport(release, out);
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
    // stderr, so stdout stays pure NDJSON when it is piped.
    console.error(`Exported ${summary.lines} lines of ${release.children} children; resume with --from ${summary.resumeFrom}`);
  });
}

async function writeTables(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('--out DIR is required');
  const dir = values.out;
  const config = loadConfig();
  await withRelease(config, null, async (release) => {
    mkdirSync(dir, { recursive: true });
    for (const table of ['entries', 'children'] as ResearchTable[]) {
      const columns = TABLE_COLUMNS[table];
      const rows = copiedAsCsv(columns, tableRows(release, table), createWriteStream(path.join(dir, `${table}.csv`)));
      await pipeline(parquetStream(columns, rows), createWriteStream(path.join(dir, `${table}.parquet`)));
    }
    console.error(`Wrote entries and children of ${release.children} children, as CSV and Parquet, to ${dir}`);
  });
}

async function mintToken(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
  const days = wholeNumber(values.days, 'days', DEFAULT_TOKEN_DAYS, 1, MAX_RESEARCH_TOKEN_DAYS);
  // Only the research secret is needed: no store is opened.
  console.log(await researchTokenService(loadConfig()).issue('researcher', days));
}

/** Refusals the researcher can act on: said in one line, with the usage where it helps. */
function refusal(error: unknown): string | null {
  if (error instanceof ReleaseTooSmallError) return error.message;
  if (error instanceof ResumeCursorError) return `--${error.message}`;
  if (error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${(error as Error).message}\n\n${USAGE}`;
  return null;
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'export') await exportLines(rest);
  else if (command === 'tables') await writeTables(rest);
  else if (command === 'token') await mintToken(rest);
  else throw new UsageError(command ? `Unknown command '${command}'` : 'A command is required');
} catch (error) {
  const message = refusal(error);
  if (message === null) throw error;
  console.error(message);
  process.exitCode = 1;
}

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { SERVER_HEAP_FLAGS } from '@nightlight/embedded/heap-growth';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { freePort } from '../stack/free-port';
import { childrenToWriteTo, feedingsBefore } from './support/feedings-before';

/**
 * The instructions a write costs the server, every thread counted (the projector's, the event
 * log's writer, the collector's helpers), under valgrind's callgrind: a count a shared machine does
 * not blur, where the CPU a request in http.bench.ts moves by a fifth between two runs of the same
 * code. `npx tsx tests/bench/write-instructions.bench.ts` (WRITES counted, after WARMUP writes not
 * counted; CONNECTIONS; WRITE_CHILDREN). The same feedings as http.bench.ts's writes: each child's
 * 20 minutes before its last, a new version-7 Idempotency-Key each. The server runs the built
 * bundle (`npm run build` first) with the heap flags `npm start` gives it, and counting stops once
 * the read models have caught up with the last write, so the projection of every counted write is
 * counted too. Under valgrind the server runs some fifty times slower: writes gather into larger
 * group commits than at full speed, so the count is for comparing two versions of the code, run the
 * same way, rather than a CPU time. READS=n counts n reads of daily insights instead (7 days of a
 * child with about a hundred feedings), after READ_WARMUP reads not counted. THREADS=1 also prints
 * each thread's count: the answering thread's, the projector's, the event log's writer's and V8's
 * helpers' (its compilers and its collector's marking and sweeping run there).
 */
const WRITES = Number(process.env.WRITES ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 12000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const WRITE_CHILDREN = Number(process.env.WRITE_CHILDREN ?? CONNECTIONS);
const READS = Number(process.env.READS ?? 0);
const READ_WARMUP = Number(process.env.READ_WARMUP ?? 4000);
const BY_THREAD = process.env.THREADS === '1';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The dump's instructions by where they ran. V8's optimising compilers still work through code first
 * run a while ago, on threads of their own, at a pace that depends on timing: they are counted apart.
 */
function instructionsByPart(dump: string): Map<string, number> {
  const parts = new Map<string, number>(['compiler', 'collector', 'sqlite', 'rest'].map((part) => [part, 0]));
  const lines = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', dump], { maxBuffer: 1 << 28 }).toString().split('\n');
  for (const line of lines) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!match || match[2]!.includes('PROGRAM TOTALS')) continue;
    const where = match[2]!;
    const part = /v8::internal::(compiler|maglev|baseline)::|Parser|BytecodeGenerator|Compiler/.test(where)
      ? 'compiler'
      : /Scavenge|MarkCompact|Marking|Sweeper|Evacuat|v8::internal::Heap::|heap::base/.test(where)
        ? 'collector'
        : where.includes('better_sqlite3')
          ? 'sqlite'
          : 'rest';
    parts.set(part, parts.get(part)! + Number(match[1]!.replaceAll(',', '')));
  }
  return parts;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-instructions-'));
const counts = path.join(dataDir, 'callgrind.out');
let server: ChildProcess | undefined;

try {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  const ownerId = uuidv7();
  const adapters = await createAdapters(config);
  const token = await adapters.tokens.issueAccessToken(ownerId);
  await adapters.close();

  const port = await freePort();
  const { REDIS_URL: _redis, ...environment } = process.env;
  // JIT-compiled code changes as it runs: every write to code is looked for (--smc-check).
  server = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--separate-threads=${BY_THREAD ? 'yes' : 'no'}`, '--smc-check=all-non-file', `--callgrind-out-file=${counts}`, process.execPath, ...SERVER_HEAP_FLAGS, 'query-api/dist/start.js'],
    { cwd: ROOT, env: { ...environment, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    server!.on('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${token}` };

  const children = await childrenToWriteTo(url, auth, WRITE_CHILDREN);
  const next = feedingsBefore(children, auth, Date.now());
  let lastPosition = 0;
  const writes = (amount: number) =>
    autocannon({
      url: `${url}/api/feedings`,
      connections: CONNECTIONS,
      amount,
      timeout: 600,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => Object.assign(request, next()),
          onResponse: (status, _body, _context, headers) => {
            if (status === 201) lastPosition = Math.max(lastPosition, Number(headers['x-event-position']));
          },
        },
      ],
    });
  /** Waits until the read models cover the last write answered. */
  const caughtUp = async () => {
    const read = await fetch(`${url}/api/children/${children[0]}/insights/daily`, { headers: { ...auth, 'x-min-position': String(lastPosition) } });
    if (!(lastPosition > 0) || read.headers.has('x-projection-stale')) throw new Error(`the read models did not reach position ${lastPosition}`);
  };

  const pid = String(server.pid);
  // vgdb finds the server by the host name valgrind read from HOST, which the server's environment sets.
  const control = (option: string) => execFileSync('callgrind_control', [option, pid], { env: { ...process.env, HOST: '127.0.0.1' } });
  /** Counts `run`'s requests, after its uncounted warm-up; the seconds counted. */
  const count = async (run: (amount: number) => Promise<Result>, amount: number, warmup: number, status: number): Promise<number> => {
    await run(warmup);
    await caughtUp();
    control('--instr=on');
    const started = Date.now();
    const result = await run(amount);
    await caughtUp();
    control('--instr=off');
    control('--dump');
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} answers other than ${status}, ${result.errors} errors`);
    return (Date.now() - started) / 1000;
  };
  const reads = (amount: number) => autocannon({ url: `${url}/api/children/${children[0]}/insights/daily`, headers: auth, connections: CONNECTIONS, amount, timeout: 600 });
  let seconds: number;
  if (READS > 0) {
    await writes(WARMUP / 10);
    seconds = await count(reads, READS, READ_WARMUP, 200);
  } else {
    seconds = await count(writes, WRITES, WARMUP, 201);
  }
  // The dump goes to a file of its own beside the one named: callgrind.out.1 with every thread in
  // it, or one a thread (callgrind.out.1-01, the answering thread's, then one a thread started).
  const dumps = execFileSync('sh', ['-c', `ls ${counts}.*`]).toString().trim().split('\n');
  const threads = dumps.map((dump) => ({ thread: /-(\d+)$/.exec(dump)?.[1] ?? 'all', byPart: instructionsByPart(dump) }));
  const sum = (byPart: Map<string, number>) => [...byPart.values()].reduce((total, count) => total + count, 0);
  const byPart = new Map<string, number>();
  for (const { byPart: own } of threads) for (const [part, count] of own) byPart.set(part, (byPart.get(part) ?? 0) + count);
  const total = sum(byPart);
  const [counted, what] = READS > 0 ? [READS, 'read'] : [WRITES, 'write'];
  const perRequest = (instructions: number) => Math.round(instructions / counted).toLocaleString('en');
  const parts = (instructionsOf: Map<string, number>) => [...instructionsOf].map(([part, instructions]) => `${part} ${perRequest(instructions)}`).join(', ');
  console.log(
    `${counted} ${what}s counted, ${CONNECTIONS} connections over ${WRITE_CHILDREN} children, ${seconds.toFixed(0)} s under callgrind:\n` +
      `${perRequest(total)} instructions a ${what}, every thread counted; ${perRequest(total - byPart.get('compiler')!)} without V8's compilers (${parts(byPart)})`,
  );
  if (BY_THREAD) {
    for (const { thread, byPart: own } of threads.filter(({ byPart: own }) => sum(own) > 0)) {
      // V8's helper threads run nothing but its compilers and its collector.
      const helper = own.get('rest')! + own.get('sqlite')! < sum(own) / 4;
      const name = thread === '01' ? 'answering thread' : helper ? "V8's helper" : 'worker thread';
      console.log(`  thread ${thread} (${name}): ${perRequest(sum(own))} (${parts(own)})`);
    }
  }
} finally {
  server?.kill('SIGKILL');
  if (!process.env.KEEP) rmSync(dataDir, { recursive: true, force: true });
}

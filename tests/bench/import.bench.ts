import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answeringProcess, bytesWrittenBy, cpuSecondsOf, mainThreadCpuSecondsOf } from './support/process-cpu';
import { freePort } from '../stack/free-port';

/**
 * A 16 MB Baby Buddy export imported while the server answers others: the server started as the
 * README starts it (`npm start`, NODE_ENV=production) in its own process, a second process asking
 * GET /healthz one request after another the whole time, and this one posting the file, first to
 * the preview, then to the import, then waiting until the read models have caught up with what the
 * import wrote (the projector runs in the server's process). Prints for each: its time, rows per
 * second, the server's CPU seconds, the bytes it had written to storage, and the /healthz answers'
 * p99 and max meanwhile; the same for three seconds of the idle server first (what the machine's
 * other work costs /healthz); and the load average of the machine before and after.
 * `npx tsx tests/bench/import.bench.ts` (MEGABYTES, default 16; CPU_PROF_DIR, a folder to write the
 * server's CPU profiles to, its threads' each). Goals (docs/benchmarks.md, "Import"): preview and
 * import each under 10 s; /healthz p99 under 100 ms.
 *
 * The file is Baby Buddy's sleep export with its columns as `core/admin.py` writes them: a ten-minute
 * sleep every half hour back from yesterday (years of them: 16 MB is far more than one child's
 * history), a note on every fourth, and every 1,000th row a copy of the one before it, which the
 * import refuses as overlapping.
 */
const MEGABYTES = Number(process.env.MEGABYTES ?? 16);
const CPU_PROF_DIR = process.env.CPU_PROF_DIR;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DAY_MS = 86_400_000;

/** Baby Buddy's wall time ('2025-02-17 03:04:09'); the child's zone is UTC here. */
const wallTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function sleepExport(bytes: number): { csv: string; rows: number; overlapping: number; first: number } {
  const lines = ['id,child_id,child_first_name,child_last_name,start,end,nap,notes,tags'];
  // The body is JSON: each line break is two bytes there, and the braces and the name fit in the rest.
  let size = lines[0]!.length + 2 + 16;
  let start = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let overlapping = 0;
  for (let id = 1; ; id++) {
    const copy = id % 1000 === 0;
    if (copy) overlapping++;
    else start -= 30 * 60_000;
    const note = id % 4 === 0 ? 'Woke once, settled after a cuddle' : '';
    const line = `${id},1,Robin,Lee,${wallTime(start)},${wallTime(start + 10 * 60_000)},1,${note},`;
    if (size + line.length + 2 > bytes) break;
    lines.push(line);
    size += line.length + 2;
  }
  return { csv: `${lines.join('\n')}\n`, rows: lines.length - 1, overlapping, first: start };
}

const processes: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-import-bench-'));
const stopAll = () => {
  for (const child of processes) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

/** A process of its own group (npm starts the server as a child of its own, and both must stop). */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: [stdin, 'pipe', 'inherit'], detached: true });
  processes.push(child);
  return child;
}

/** Polls /healthz from another process while `work` runs; its answers' times in ms, sorted, and the server's CPU seconds meanwhile (every thread's, and its main thread's). */
async function whilePolling<T>(base: string, server: number, work: () => Promise<T>): Promise<{ result: T; seconds: number; cpu: number; mainCpu: number; written: number; times: number[] }> {
  const poller = start(process.execPath, ['tests/bench/support/healthz-poller.mjs', base], process.env, 'pipe');
  let output = '';
  poller.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const finished = new Promise<void>((resolve) => poller.on('exit', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = performance.now();
  const cpuBefore = cpuSecondsOf(server);
  const mainCpuBefore = mainThreadCpuSecondsOf(server);
  const writtenBefore = bytesWrittenBy(server);
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSecondsOf(server) - cpuBefore;
  const mainCpu = mainThreadCpuSecondsOf(server) - mainCpuBefore;
  const written = bytesWrittenBy(server) - writtenBefore;
  poller.stdin!.end();
  await finished;
  return { result, seconds, cpu, mainCpu, written, times: (JSON.parse(output) as number[]).sort((a, b) => a - b) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The embedded default, as a new user runs it: no Redis even where the shell has one.
  const { REDIS_URL: _redis, ...environment } = process.env;
  // What `npm start` runs, by node itself when profiled: Node takes --cpu-prof on its command line only.
  const [command, args]: [string, string[]] = CPU_PROF_DIR ? [process.execPath, [...(process.env.NODE_FLAGS ?? '').split(' ').filter(Boolean), '--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`, 'query-api/build/start.mjs']] : ['npm', ['start']];
  start(command, args, { ...environment, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, REFERRAL_CODES: 'BENCH1', LOG_LEVEL: 'warn' });
  for (let ready = false; !ready; ) {
    ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Through node:http, which waits for an answer as long as it takes (fetch gives up after 300 s).
  const json = (pathname: string, body: unknown, token?: string) =>
    new Promise<Record<string, any>>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const sent = request(`${base}${pathname}`, { method: 'POST', headers }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => (response.statusCode! < 300 ? resolve(JSON.parse(text)) : reject(new Error(`${pathname} answered ${response.statusCode}: ${text}`))));
      });
      sent.on('error', reject).end(JSON.stringify(body));
    });
  const { accessToken } = await json('/api/auth/register', { email: 'import-bench@example.com', password: 'Bench parent 1', referralCode: 'BENCH1' });
  const file = sleepExport(MEGABYTES * 1024 * 1024);
  const birthDate = new Date(file.first - DAY_MS).toISOString().slice(0, 10);
  const { id: childId } = await json('/api/children', { displayName: 'Robin', birthDate, sex: 'Female', timezone: 'UTC' }, accessToken);

  const body = { csv: file.csv };
  const server = answeringProcess(processes[0]!.pid!);
  const load = () => loadavg().map((average) => average.toFixed(1)).join(', ');
  console.log(`Baby Buddy sleep export: ${(Buffer.byteLength(JSON.stringify(body)) / 1024 / 1024).toFixed(1)} MB, ${file.rows.toLocaleString('en')} rows (${file.overlapping} overlapping); load average ${load()}`);
  const report = (step: string, { seconds, cpu, mainCpu, written, times }: { seconds: number; cpu: number; mainCpu: number; written: number; times: number[] }) =>
    console.log(
      `${step.padEnd(9)} ${seconds.toFixed(1).padStart(5)} s  ${step === 'projected' || step === 'idle' ? ' '.repeat(14) : `${Math.round(file.rows / seconds).toLocaleString('en').padStart(7)} rows/s`}  server CPU ${cpu.toFixed(1).padStart(4)} s (main thread ${mainCpu.toFixed(1).padStart(4)} s)  written ${(written / 1024 / 1024).toFixed(0).padStart(4)} MiB` +
        `  /healthz (${times.length} answers) p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
    );
  // The machine's own share: /healthz of the idle server, for the figures below to be read against.
  const idle = await whilePolling(base, server, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
  report('idle', idle);
  let position = 0;
  for (const step of ['preview', 'import'] as const) {
    const polled = await whilePolling(base, server, () => json(`/api/children/${childId}/import${step === 'preview' ? '/preview' : ''}`, body, accessToken));
    const { result } = polled;
    const expected = file.rows - file.overlapping;
    if (result['entries'].sleep !== expected || result['refused'].length !== file.overlapping) {
      throw new Error(`${step}: ${result['entries'].sleep} sleeps and ${result['refused'].length} refused, not ${expected} and ${file.overlapping}`);
    }
    if (step === 'import') position = result['position'];
    report(step, polled);
  }
  // The read models catch up with the import in the server's process: /readyz says how far.
  const projected = await whilePolling(base, server, async () => {
    for (;;) {
      const { position: reached } = (await (await fetch(`${base}/readyz`)).json()) as { position: number };
      if (reached >= position) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // After the import's answer: what the projector still had to do.
  report('projected', projected);
  console.log(`load average ${load()}`);
} finally {
  stopAll();
}

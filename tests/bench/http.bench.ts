import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { SERVER_HEAP_FLAGS } from '@nightlight/embedded/heap-growth';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { childrenToWriteTo, feedingsBefore } from './support/feedings-before';
import { generateFamilies } from './support/generate-families';
import { answeringProcess, bytesWrittenBy, cpuSecondsOf, mainThreadCpuSecondsOf, processUnder } from './support/process-cpu';
import { EVENTS_PER_DAY } from './support/seeded-server';
import { freePort } from '../stack/free-port';

/**
 * Throughput of the server as users meet it, against bare Fastify routes answering the same bytes,
 * in three processes: the server started as the README starts it (`npm start`: built JavaScript,
 * NODE_ENV=production), the bare routes under plain node, and this process, which only generates
 * load (autocannon). `npx tsx tests/bench/http.bench.ts` (CONNECTIONS, DURATION in seconds per
 * round, ROUNDS, WARMUP in seconds of the untimed first round, WRITE_CHILDREN; ONLY=POST runs the
 * targets whose label holds that text; CPU_PROF_DIR=<folder> has the server write a CPU profile
 * there when it stops, for Chrome's DevTools).
 * Goals (issue: speed as users see it): daily insights ≥ 50 % of the bare GET; POST /api/feedings
 * ≥ 25 % of the bare POST and ≥ 12 % of the bare GET; p99 under 20 ms for both.
 * The targets take turns for ROUNDS rounds and each is reported by its median round, with the CPU
 * the answering process used per request in that round. Daily insights are also asked for as a
 * browser asks (Accept-Encoding: br), for scale.
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/**
 * Long enough for V8's optimising compiler to have worked through the write path: counted with
 * --trace-opt, it still spent 578 ms compiling during the 6,000 writes after the first 6,000, and
 * 22–131 ms during each 6,000 after those (3 s of writes are about 6,000).
 */
const WARMUP = Number(process.env.WARMUP ?? 10);
/**
 * Writes go to this many children in turn: the overlap rule serialises writes to one child's day
 * (docs/decisions.md, "Overlaps"), and 50 connections are 50 families, not one family's 50 phones.
 */
const WRITE_CHILDREN = Number(process.env.WRITE_CHILDREN ?? CONNECTIONS);
const ONLY = process.env.ONLY;
const CPU_PROF_DIR = process.env.CPU_PROF_DIR;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const processes: ChildProcess[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'nightlight-http-bench-'));
const dataDir = path.join(scratch, 'data');
const stopAll = () => {
  for (const child of processes) if (child.pid) process.kill(-child.pid, 'SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
};

/** Starts a process of its own group and resolves with the first line it prints that matches. */
function startProcess(command: string, args: string[], env: Record<string, string | undefined>, ready: RegExp): Promise<string> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  processes.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match[1] ?? match[0]);
    });
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
}

try {
  // A child with 30 days of history, written before the server starts, as a long-used install has it.
  const { REDIS_URL: _redis, ...environment } = process.env;
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  const ownerId = uuidv7();
  let childId = '';
  const writer = await createAdapters(config);
  const days = 30;
  const firstDay = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await generateFamilies(writer.eventStore, writer.cipher, { children: 1, eventsPerChild: 1 + days * EVENTS_PER_DAY, firstDay, ownerId, onChild: (id) => (childId = id) });
  const token = await writer.tokens.issueAccessToken(ownerId);
  await writer.close();

  const port = await freePort();
  const serverEnvironment = { ...environment, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // Profiled, the launcher npm start runs is started by hand with the heap flags it would pass, so the server runs in its process with node's profiler on.
  const [command, args] = CPU_PROF_DIR
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`, ...SERVER_HEAP_FLAGS, 'query-api/build/start.mjs']]
    : ['npm', ['start']];
  await startProcess(command, args, serverEnvironment, /is running at (\S+)/);
  const url = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${token}` };
  const insightsPath = `/api/children/${childId}/insights/daily`;
  const insightsBody = await fetch(`${url}${insightsPath}`, { headers: auth }).then((response) => response.text());

  const writeChildren = await childrenToWriteTo(url, auth, WRITE_CHILDREN);
  const now = Date.now();
  const writeAnswer = await fetch(`${url}/api/feedings`, { method: 'POST', ...feedingsBefore(writeChildren, auth, now + 20 * 60_000)() }).then((response) => response.text());

  const getBodyFile = path.join(scratch, 'get-body.json');
  const postAnswerFile = path.join(scratch, 'post-answer.json');
  writeFileSync(getBodyFile, insightsBody);
  writeFileSync(postAnswerFile, writeAnswer);
  const bareUrl = await startProcess(process.execPath, ['tests/bench/support/bare-servers.mjs'], { ...environment, GET_BODY_FILE: getBodyFile, POST_ANSWER_FILE: postAnswerFile }, /^(http\S+)/m);

  // Per-request bodies only take effect through `requests` (a top-level setupRequest is ignored).
  const feedingPosts = (target: string, fromMs: number): Options => {
    const next = feedingsBefore(writeChildren, auth, fromMs);
    return { url: target, method: 'POST', requests: [{ method: 'POST', setupRequest: (request) => Object.assign(request, next()) }] };
  };

  const serverPid = answeringProcess(processUnder(processes[0]!.pid!, /^\S*node (\S+ )*query-api\/build\/start\.mjs/));
  const barePid = processes[1]!.pid!;
  type Target = { label: string; options: Options; pid: number; goals?: { bare: string; percent: number }[] };
  const BARE_GET = 'bare GET, same JSON body';
  const BARE_POST = 'bare POST, same requests';
  const allTargets: Target[] = [
    { label: BARE_GET, options: { url: `${bareUrl}/bare` }, pid: barePid },
    { label: 'GET insights/daily (7 days)', options: { url: `${url}${insightsPath}`, headers: auth }, pid: serverPid, goals: [{ bare: BARE_GET, percent: 50 }] },
    // As a browser asks for it: the answer (about 3 KB) goes Brotli-compressed. For scale, no goal.
    { label: 'same, Accept-Encoding: br', options: { url: `${url}${insightsPath}`, headers: { ...auth, 'accept-encoding': 'br' } }, pid: serverPid },
    { label: 'POST /api/feedings', options: feedingPosts(`${url}/api/feedings`, now), pid: serverPid, goals: [{ bare: BARE_POST, percent: 25 }, { bare: BARE_GET, percent: 12 }] },
    { label: BARE_POST, options: feedingPosts(`${bareUrl}/bare`, now), pid: barePid },
  ];
  const targets = ONLY ? allTargets.filter((target) => target.label.includes(ONLY)) : allTargets;

  // An untimed round first, so that no counted round runs code not yet optimised or a log file still growing.
  for (const target of targets) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...target.options });
  // Each round also counts the CPU the answering process used: what a request costs the server, whatever the load generator took.
  // And the bytes it had written to storage: a write's share of the commits of the log and the read models.
  // Of that CPU, the answering thread's: what the other threads (the projector, the event log's writer, the collector's helpers) leave to it.
  type Round = Result & { cpuMicrosPerRequest: number; mainThreadMicrosPerRequest: number; bytesPerRequest: number };
  const rounds: Round[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const cpuBefore = cpuSecondsOf(target.pid);
      const mainThreadBefore = mainThreadCpuSecondsOf(target.pid);
      const writtenBefore = bytesWrittenBy(target.pid);
      const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...target.options });
      const cpuMicrosPerRequest = ((cpuSecondsOf(target.pid) - cpuBefore) * 1e6) / result.requests.total;
      const mainThreadMicrosPerRequest = ((mainThreadCpuSecondsOf(target.pid) - mainThreadBefore) * 1e6) / result.requests.total;
      const bytesPerRequest = (bytesWrittenBy(target.pid) - writtenBefore) / result.requests.total;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rounds[index]!.push({ ...result, cpuMicrosPerRequest, mainThreadMicrosPerRequest, bytesPerRequest });
    }
  }

  const median = (results: Round[]): Round => [...results].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(results.length / 2)]!;
  const rate = new Map(targets.map((target, index) => [target.label, median(rounds[index]!).requests.average]));
  const percentOf = (label: string, bare: string) => (rate.has(bare) ? `${Math.round((100 * rate.get(label)!) / rate.get(bare)!)}` : '?');
  console.log(
    `three processes (server by npm start, bare routes, load); ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per target after ${WARMUP} s untimed, median round shown; ` +
      `read body ${insightsBody.length} bytes, write answer ${writeAnswer.length} bytes; writes over ${WRITE_CHILDREN} children`,
  );
  for (const [index, target] of targets.entries()) {
    const result = median(rounds[index]!);
    const all = rounds[index]!.map((r) => Math.round(r.requests.average).toLocaleString('en')).join(' / ');
    const shares = (target.goals ?? []).map((goal) => `${percentOf(target.label, goal.bare)} % of the ${goal.bare.split(',')[0]} (goal ≥ ${goal.percent} %)`).join('; ');
    console.log(
      `${target.label.padEnd(28)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
        `  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms  server CPU ${result.cpuMicrosPerRequest.toFixed(0).padStart(3)} µs/request (answering thread ${result.mainThreadMicrosPerRequest.toFixed(0)}), ${(result.bytesPerRequest / 1024).toFixed(1).padStart(4)} KiB written  (rounds: ${all})  ${shares}`,
    );
  }
} finally {
  stopAll();
}

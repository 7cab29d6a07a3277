import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a process as Linux counts it (/proc), so a benchmark can say how much of the server's
 * CPU a request costs, whatever the load generator beside it used.
 */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** Fields of a /proc stat file after the command name (which may hold spaces): a process's, or one of its threads'. */
const fieldsOf = (statFile: string): string[] => readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
const statFields = (pid: number): string[] => fieldsOf(`/proc/${pid}/stat`);

/** User and system time in a stat file's fields, in seconds. */
const cpuSecondsIn = (fields: string[]): number => (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;

/** Seconds of CPU, user and system, every thread of the process has used so far. */
export function cpuSecondsOf(pid: number): number {
  return cpuSecondsIn(statFields(pid));
}

/**
 * Seconds of CPU the process's main thread alone has used: the thread that answers requests, whose
 * time bounds what one request that keeps it busy (an import) can take.
 */
export function mainThreadCpuSecondsOf(pid: number): number {
  return cpuSecondsIn(fieldsOf(`/proc/${pid}/task/${pid}/stat`));
}

/**
 * Bytes the process has had written to storage so far (`write_bytes` in /proc/<pid>/io): its files'
 * pages as the kernel sends them to the disk, the write-ahead logs and their checkpoints included.
 */
export function bytesWrittenBy(pid: number): number {
  return Number(/^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
}

/** The processes whose parent is `pid` (a server's children, such as PostgreSQL's backends). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(Number(entry))[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/** The process at or under `rootPid` whose command line matches (npm start runs the server two levels down). */
export function processUnder(rootPid: number, commandLine: RegExp): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(Number(entry))[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  for (const pending = [rootPid]; pending.length > 0; ) {
    const pid = pending.shift()!;
    if (commandLine.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '))) return pid;
    pending.push(...(children.get(pid) ?? []));
  }
  throw new Error(`No process under ${rootPid} runs ${commandLine}`);
}

/**
 * The process that answers under `npm start`'s launcher (query-api/build/start.mjs): the child it
 * starts with its heap flags, or the launcher itself when it was started with heap flags of its
 * own.
 */
export function answeringProcess(launcherPid: number): number {
  try {
    return processUnder(launcherPid, /query-api\/dist\/start\.js/);
  } catch {
    return launcherPid;
  }
}

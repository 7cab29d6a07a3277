import { spawn } from 'node:child_process';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `script` in a child process with V8 flags that only take effect when a process starts, and
 * stands for it: signals sent here (a container's stop, a service manager's) are passed on, and
 * this process ends as the child ends, with its exit code.
 */
export function runWithFlags(flags: readonly string[], script: string): void {
  const child = spawn(process.execPath, [...flags, ...process.execArgv, script], { stdio: 'inherit' });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal it did not handle: end the same way, so whoever waits here sees it.
    for (const forwarded of FORWARDED_SIGNALS) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
  });
}

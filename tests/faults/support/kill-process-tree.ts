import { readdirSync, readFileSync } from 'node:fs';
import type { ServiceProcess } from '../../api/support/service-process';

function parentOf(pid: number): number | undefined {
  try {
    // The command name may hold spaces and parentheses; the fields after its closing ')' do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function descendantsOf(root: number): number[] {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length) {
    const children = pids.filter((pid) => frontier.includes(parentOf(pid) ?? -1));
    found.push(...children);
    frontier = children;
  }
  return found;
}

/**
 * The crash, ready to land at once: the process tree is looked up beforehand, so the kill itself
 * is a few synchronous signals and no answer slips out while /proc is being read.
 */
export function prepareHardKill(service: ServiceProcess): () => void {
  const pid = service.child.pid;
  const victims = pid === undefined ? [] : [...descendantsOf(pid).reverse(), pid];
  return () => {
    for (const victim of victims) {
      try {
        process.kill(victim, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
}

/**
 * A real crash of a service started with startServiceProcess. Its process is the tsx launcher,
 * which runs the server in a child of its own and cannot pass a SIGKILL on: killing only the
 * launcher would leave the server running. So the server (every descendant) is killed first.
 */
export async function killServiceHard(service: ServiceProcess): Promise<void> {
  const pid = service.child.pid;
  if (pid === undefined || service.child.exitCode !== null || service.child.signalCode !== null) return;
  for (const descendant of descendantsOf(pid).reverse()) {
    try {
      process.kill(descendant, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await service.stop('SIGKILL');
}

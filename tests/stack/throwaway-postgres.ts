import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (`apt-get install postgresql`); another build can be named with POSTGRES_BIN. */
export const POSTGRES_BIN = process.env['POSTGRES_BIN'] ?? '/usr/lib/postgresql/15/bin';

/** Why no throwaway cluster can be started here, or undefined when one can. */
export function postgresMissing(): string | undefined {
  return existsSync(path.join(POSTGRES_BIN, 'initdb')) ? undefined : `no PostgreSQL binaries in ${POSTGRES_BIN} (apt-get install postgresql)`;
}

export interface ThrowawayPostgres {
  /** The server's `postgres` database, as the superuser `postgres`. */
  url: string;
  /** The server's main process, whose children serve the connections. */
  pid: number;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: then the cluster is made and run by the `postgres` user, who owns its folder. */
async function asServerUser(): Promise<{ wrap: (command: string, args: string[]) => [string, string[]]; uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return { wrap: (command, args) => [command, args] };
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { wrap: (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]], uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/**
 * A PostgreSQL cluster of its own in a temporary folder (its socket there too), listening on a free
 * port of the loopback with trust authentication: for tests, benchmarks and `npm run stack`, never
 * for data anyone keeps.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const missing = postgresMissing();
  if (missing) throw new Error(`Cannot start PostgreSQL: ${missing}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'nightlight-postgres-'));
  const data = path.join(folder, 'data');
  const user = await asServerUser();
  if (user.uid !== undefined) chownSync(folder, user.uid, user.gid!);
  const bin = (name: string) => path.join(POSTGRES_BIN, name);
  const exec = (command: string, args: string[]) => run(...user.wrap(command, args));
  const port = await freePort();
  try {
    await exec(bin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const settings = [`-p ${port}`, `-k ${folder}`, '-c listen_addresses=127.0.0.1', '-c max_connections=300'].join(' ');
    await exec(bin('pg_ctl'), ['-D', data, '-l', path.join(folder, 'server.log'), '-o', settings, '-w', 'start']);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Database {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server `serverUrl` names, so a suite never meets another's tables. */
export async function freshDatabase(serverUrl: string, prefix = 'nightlight_test'): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@server/test/ports';

const run = promisify(execFile);

/** PostgreSQL's server programs (Debian's layout), or PG_BIN. */
export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const runningAsRoot = process.getuid?.() === 0;

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privateClusterUnavailable(): string | undefined {
  for (const program of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(pgBin, program))) return `${path.join(pgBin, program)} not found (set PG_BIN)`;
  }
  if (runningAsRoot) {
    // initdb refuses root: the cluster belongs to the postgres user
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user and runuser';
    }
  }
  return undefined;
}

/** A PostgreSQL program as the cluster's owner: the postgres user when we are root, else ourselves. */
function asOwner(program: string, args: string[]) {
  const full = path.join(pgBin, program);
  return runningAsRoot ? run('runuser', ['-u', 'postgres', '--', full, ...args]) : run(full, args);
}

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: every connection is ended, new ones refused, until start() */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server (immediately) and removes its directory */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temporary directory, on a free
 * loopback port, trust authentication), so the test may stop and restart it without touching the
 * server other tests share.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-pg-'));
  if (runningAsRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asOwner('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // a test database: durability is not what is tested, and fsync slows a busy machine
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  let running = false;
  const start = async () => {
    await pgCtl('-l', path.join(dir, 'server.log'), '-o', options, 'start');
    running = true;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    async stop() {
      await pgCtl('-m', 'fast', 'stop');
      running = false;
    },
    async destroy() {
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

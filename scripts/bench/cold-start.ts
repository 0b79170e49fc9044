/**
 * The embedded default's start (issue 20): time from launching the built server to the first 200
 * on /, with a fresh DATA_DIR (first run) and again on the existing one (a restart), and the
 * process's resident memory after start and 100 requests, started as `npm start` starts it (its
 * environment and node flags). Medians of RUNS (default 3) runs.
 * Usage: npm run bench -- cold-start   (after npm run build; Linux, for /proc)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgliteSeedName } from '../../src/server/db/client';
import { freePort } from '../../src/server/test/ports';
import { serverStart } from '../../src/server/test/server-process';

interface Run {
  firstPageMs: number;
  rssMb: number;
}

const residentMb = (child: ChildProcess) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;

async function start(dataDir: string): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...serverStart().flags, 'dist/server/main.js'], {
    env: { ...process.env, ...serverStart().env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    let firstPageMs = 0;
    while (!firstPageMs) {
      try {
        if ((await fetch(`${base}/`)).status === 200) firstPageMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      if (!firstPageMs) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // a visitor's mix: pages, the session check, the price, the health check
    const paths = ['/', '/login', '/state-quiz', '/api/session', '/api/services/standard-formation', '/api/health'];
    for (let i = 0; i < 100; i++) await (await fetch(`${base}${paths[i % paths.length]}`)).arrayBuffer();
    return { firstPageMs, rssMb: residentMb(child) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const runs = Number(process.env.RUNS ?? 3);
const seeded = fs.existsSync(path.join('dist', 'server', pgliteSeedName));
console.log(`Node ${process.version}; embedded database seed in dist/server: ${seeded ? 'yes' : 'no'}`);
const fresh: Run[] = [];
const restart: Run[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-'));
  fresh.push(await start(dataDir));
  restart.push(await start(dataDir));
  console.log(`run ${i + 1}: fresh DATA_DIR ${fresh[i]!.firstPageMs.toFixed(0)} ms (${fresh[i]!.rssMb.toFixed(0)} MB), restart ${restart[i]!.firstPageMs.toFixed(0)} ms (${restart[i]!.rssMb.toFixed(0)} MB)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const [name, list] of [['fresh DATA_DIR', fresh], ['restart', restart]] as const) {
  console.log(`median ${name}: first 200 in ${median(list.map((run) => run.firstPageMs)).toFixed(0)} ms; resident after 100 requests ${median(list.map((run) => run.rssMb)).toFixed(0)} MB`);
}

/**
 * Time from launching the built server to the first 200 on / — with a fresh DATA_DIR (first run:
 * creates and migrates the embedded database) and again on the existing one (a restart).
 * Usage: npm run bench -- cold-start   (after npm run build)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/test/ports';

async function timeToFirstPage(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const runs = Number(process.env.RUNS ?? 3);
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-'));
  const fresh = await timeToFirstPage(dataDir);
  const restart = await timeToFirstPage(dataDir);
  console.log(`run ${i + 1}: fresh DATA_DIR ${fresh.toFixed(0)} ms, restart ${restart.toFixed(0)} ms to first 200 on /`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

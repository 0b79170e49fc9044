/**
 * The embedded default's start: the built server launched as `npm start`
 * launches it (its environment and node flags), with a fresh DATA_DIR (first run) and again on the
 * existing one (a restart). From the spawn on, the process's resident memory (VmRSS in
 * /proc/<pid>/status) is sampled every 100 ms for SAMPLE_SECONDS (default 30); a visitor's 100
 * requests follow the first 200 on /. Each start reports the first 200, the peak RSS and when it
 * came, and the RSS at the end of the window; then the medians of RUNS (default 5) runs.
 * WORKLOAD_SECONDS (default 0; 600 for ten minutes) adds, after the first fresh
 * start's window, a mixed workload on that same process (pages in both languages, the session,
 * the price, the health check, sign-ups and a signed-in customer's API) still sampled every 100 ms.
 * Usage: npm run bench -- cold-start   (after npm run build; Linux, for /proc)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgliteSeedName } from '../../src/server/db/client';
import { freePort } from '../../src/server/test/ports';
import { serverStart } from '../../src/server/test/server-process';

interface Run {
  firstPageMs: number;
  peakMb: number;
  peakAtMs: number;
  endMb: number;
}

interface Workload {
  seconds: number;
  requests: number;
  signUps: number;
  failures: number;
  peakMb: number;
  endMb: number;
}

const sampleSeconds = Number(process.env.SAMPLE_SECONDS ?? 30);
const workloadSeconds = Number(process.env.WORKLOAD_SECONDS ?? 0);
const runs = Number(process.env.RUNS ?? 5);

const residentMb = (pid: number) => {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined; // exited
  }
};

/** Every 100 ms from now on: the highest RSS seen and when, and the last. */
function sampler(pid: number, started: number) {
  let peakMb = 0;
  let peakAtMs = 0;
  let lastMb = 0;
  const sample = () => {
    const mb = residentMb(pid);
    if (mb === undefined) return;
    lastMb = mb;
    if (mb > peakMb) {
      peakMb = mb;
      peakAtMs = performance.now() - started;
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    get peakMb() {
      return peakMb;
    },
    get peakAtMs() {
      return peakAtMs;
    },
    get lastMb() {
      sample();
      return lastMb;
    },
    /** from here on the peak is measured anew (the workload phase's own) */
    reset() {
      peakMb = 0;
      peakAtMs = 0;
    },
    stop: () => clearInterval(timer),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (body: unknown, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** Pages in both languages, the session check, the price, the health check; sign-ups now and then and a signed-in customer's API. */
async function mixedWorkload(base: string, seconds: number, samples: ReturnType<typeof sampler>): Promise<Workload> {
  const pages = ['/', '/login', '/signup', '/state-quiz', '/pricing', '/faq', '/es', '/es/login', '/es/state-quiz', '/no-such-page'];
  const apis = ['/api/session', '/api/health', '/api/services/standard-formation'];
  const password = 'a sturdy harbor passphrase';
  const result: Workload = { seconds, requests: 0, signUps: 0, failures: 0, peakMb: 0, endMb: 0 };
  let cookie: string | undefined;
  const signUp = async () => {
    const response = await fetch(
      `${base}/api/auth/sign-up`,
      json({ name: 'Ana María Pérez', email: `workload-${randomBytes(5).toString('hex')}@example.com`, password }),
    );
    await response.arrayBuffer();
    // the per-address limit refuses some: a refusal is part of the mix, not a failure
    if (response.status === 201) {
      result.signUps++;
      cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    } else if (response.status !== 429) result.failures++;
  };
  const get = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${pathname}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
    await response.arrayBuffer();
    if (response.status >= 500) result.failures++;
    result.requests++;
  };
  samples.reset();
  const ends = performance.now() + seconds * 1000;
  // four visitors at once, each one request after another; one sign-up every 5 s
  let nextSignUp = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, visitor) => {
      for (let i = visitor; performance.now() < ends; i++) {
        try {
          if (visitor === 0 && performance.now() >= nextSignUp) {
            nextSignUp = performance.now() + 5000;
            await signUp();
          } else if (cookie && i % 7 === 0) {
            await get(i % 14 === 0 ? '/api/orders' : '/api/me', { cookie });
          } else {
            await get(i % 3 === 0 ? apis[i % apis.length]! : pages[i % pages.length]!);
          }
        } catch {
          result.failures++;
        }
      }
    }),
  );
  result.peakMb = samples.peakMb;
  result.endMb = samples.lastMb;
  return result;
}

async function start(dataDir: string, workload = 0): Promise<{ run: Run; workload?: Workload }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...serverStart().flags, 'dist/server/main.js'], {
    env: { ...process.env, ...serverStart().env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const samples = sampler(child.pid!, started);
  try {
    let firstPageMs = 0;
    while (!firstPageMs) {
      try {
        if ((await fetch(`${base}/`)).status === 200) firstPageMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      if (!firstPageMs) await sleep(10);
    }
    // a visitor's mix: pages, the session check, the price, the health check
    const paths = ['/', '/login', '/state-quiz', '/api/session', '/api/services/standard-formation', '/api/health'];
    for (let i = 0; i < 100; i++) await (await fetch(`${base}${paths[i % paths.length]}`)).arrayBuffer();
    await sleep(Math.max(0, started + sampleSeconds * 1000 - performance.now()));
    const run = { firstPageMs, peakMb: samples.peakMb, peakAtMs: samples.peakAtMs, endMb: samples.lastMb };
    return { run, workload: workload > 0 ? await mixedWorkload(base, workload, samples) : undefined };
  } finally {
    samples.stop();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const describe = (run: Run) =>
  `first 200 ${run.firstPageMs.toFixed(0)} ms, peak ${run.peakMb.toFixed(0)} MB at ${(run.peakAtMs / 1000).toFixed(1)} s, ${run.endMb.toFixed(0)} MB at ${sampleSeconds} s`;

const seeded = fs.existsSync(path.join('dist', 'server', pgliteSeedName));
console.log(
  `Node ${process.version}; embedded database seed in dist/server: ${seeded ? 'yes' : 'no'}; ${runs} runs, RSS every 100 ms for ${sampleSeconds} s; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
const fresh: Run[] = [];
const restart: Run[] = [];
let workload: Workload | undefined;
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-'));
  const first = await start(dataDir, i === 0 ? workloadSeconds : 0);
  fresh.push(first.run);
  workload ??= first.workload;
  restart.push((await start(dataDir)).run);
  console.log(`run ${i + 1}: fresh DATA_DIR: ${describe(fresh[i]!)}; restart: ${describe(restart[i]!)}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const [name, list] of [
  ['fresh DATA_DIR', fresh],
  ['restart', restart],
] as const) {
  console.log(
    `median ${name}: first 200 in ${median(list.map((run) => run.firstPageMs)).toFixed(0)} ms; peak RSS ${median(list.map((run) => run.peakMb)).toFixed(0)} MB (highest ${Math.max(...list.map((run) => run.peakMb)).toFixed(0)}) at ${(median(list.map((run) => run.peakAtMs)) / 1000).toFixed(1)} s; RSS at ${sampleSeconds} s ${median(list.map((run) => run.endMb)).toFixed(0)} MB`,
  );
}
if (workload) {
  console.log(
    `mixed workload ${workload.seconds} s after the first start: ${workload.requests} requests, ${workload.signUps} sign-ups, ${workload.failures} failures; peak RSS ${workload.peakMb.toFixed(0)} MB, ${workload.endMb.toFixed(0)} MB at the end`,
  );
}
console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

/**
 * Memory of open live streams (ADR 0029): one app process on the embedded default
 * (PGlite), started with `npm start`'s node flags and environment; this process is the clients. It
 * signs up USERS users, then opens STREAMS (default 500) real HTTP connections to GET /api/events,
 * USERS spread over them, and waits until each has its `ready` event. The server's RSS (from /proc)
 * and V8 heap (asked over IPC, after a full garbage collection) are read before and after; the
 * streams are then closed and the server stopped. Medians of RUNS (default 3) runs on fresh data.
 * The issue's bound: 500 streams add under 50 MB.
 * Usage: npm run bench -- sse   (the source through tsx; BUNDLE=dist/server/main.js for the build)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serverStart } from '../../src/server/test/server-process';

const streams = Number(process.env.STREAMS ?? 500);
const userCount = Number(process.env.USERS ?? 100);
const runs = Number(process.env.RUNS ?? 3);
const bundle = process.env.BUNDLE;
const probe = path.resolve('scripts/bench/lib/memory-probe.mjs');

interface Memory {
  rssMb: number;
  heapMb: number;
  externalMb: number;
}

interface Server {
  child: ChildProcess;
  base: string;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function startServer(dataDir: string): Promise<Server> {
  const { env, flags } = serverStart();
  const command = bundle
    ? [...flags, '--expose-gc', '--import', probe, bundle]
    : [...flags, '--expose-gc', '--import', 'tsx', '--import', probe, 'src/server/main.ts'];
  const child = spawn(process.execPath, command, {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_RATE_LIMIT_IP: '100000' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!match) return;
      // from here on its log lines are drained, not kept
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    base,
    async memory() {
      const answer = new Promise<NodeJS.MemoryUsage>((resolve) =>
        child.once('message', (message) => resolve((message as { memory: NodeJS.MemoryUsage }).memory)),
      );
      child.send('memory');
      const usage = await answer;
      // the resident set as the system counts it, after the collection the probe ran
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
      return { rssMb: rssKb / 1024, heapMb: mb(usage.heapUsed), externalMb: mb(usage.external) };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signUp(base: string, index: number): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ana Lopez', email: `bench-sse-${index}-${Date.now()}@example.com`, password: 'correct horse battery staple' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** One EventSource's connection: resolves once the stream's `ready` event arrived. */
function openStream(base: string, cookie: string, agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/events`, { agent, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        if (!text.includes('event: ready')) return;
        response.off('data', onData);
        // the heartbeats are read and dropped
        response.resume();
        resolve(request);
      };
      response.on('data', onData);
    });
    request.on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(index: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-sse-'));
  const server = await startServer(dataDir);
  // one connection per stream, as browsers' EventSources are
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < userCount; i++) cookies.push(await signUp(server.base, i));
    // warm up: the route, the hub's listening, the queries it prepares
    const warm = await openStream(server.base, cookies[0]!, agent);
    warm.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await server.memory();

    const started = performance.now();
    const open: http.ClientRequest[] = [];
    // in batches, as clients arrive
    for (let i = 0; i < streams; i += 50) {
      open.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, streams - i) }, (_, j) => openStream(server.base, cookies[(i + j) % cookies.length]!, agent)))),
      );
    }
    const openMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await server.memory();
    console.log(
      `run ${index}: ${open.length} streams open in ${openMs.toFixed(0)} ms; RSS ${before.rssMb.toFixed(1)} -> ${after.rssMb.toFixed(1)} MB (+${(after.rssMb - before.rssMb).toFixed(1)}), heap ${before.heapMb.toFixed(1)} -> ${after.heapMb.toFixed(1)} MB (+${(after.heapMb - before.heapMb).toFixed(1)}), external +${(after.externalMb - before.externalMb).toFixed(1)} MB`,
    );
    for (const request of open) request.destroy();
    return { before, after };
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${streams} live streams (${userCount} users) on one ${bundle ? `built (${bundle})` : 'source (tsx)'} instance, PGlite, ${runs} runs; load ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
const results: { before: Memory; after: Memory }[] = [];
for (let i = 1; i <= runs; i++) results.push(await run(i));
const growth = (pick: (memory: Memory) => number) => median(results.map(({ before, after }) => pick(after) - pick(before)));
const rssGrowth = growth((memory) => memory.rssMb);
console.log(
  `median: RSS before ${median(results.map((r) => r.before.rssMb)).toFixed(1)} MB, after ${median(results.map((r) => r.after.rssMb)).toFixed(1)} MB, growth ${rssGrowth.toFixed(1)} MB (${((rssGrowth * 1024) / streams).toFixed(1)} KB a stream); heap growth ${growth((memory) => memory.heapMb).toFixed(1)} MB; limit 50 MB`,
);
if (rssGrowth >= 50) process.exit(1);

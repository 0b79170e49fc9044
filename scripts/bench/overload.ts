/**
 * One instance hit by more than it can do at once. SIGNUPS sign-ups (default 400) and
 * UPLOADS orders each carrying a 5 MB passport (default 50) start together, every client from its
 * own address (X-Forwarded-For behind TRUST_PROXY, so the per-address limits apply as in
 * production), while a probe asks GET /api/health every 100 ms. Passes when no answer is a 500 (or
 * a network error), every 2xx has its row (and a refused sign-up has none), and liveness answered
 * every probe within 1 s. Prints the answers by status, p50/p99/max per kind, and the probes.
 *
 * Usage: npm run bench -- overload     (after `npm run build`; RUNS=3, one fresh database each)
 * Env:   SIGNUPS=400  UPLOADS=50  UPLOAD_MB=5  RUNS=3  BUNDLE=dist/server/main.js
 *        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a fresh database is created beside it)
 *        BENCH_REDIS_URL=redis://127.0.0.1:6379
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../../src/server/db/client';
import { productionBenchEnv } from './lib/production-env';
import { createEmptyPostgres } from '../../src/server/test/databases';
import { orderMultipart, pdfBytes, validOrder } from '../../src/server/test/orders';
import { startServerProcess } from '../../src/server/test/server-process';

const signUps = Number(process.env.SIGNUPS ?? 400);
const uploads = Number(process.env.UPLOADS ?? 50);
const uploadBytes = Number(process.env.UPLOAD_MB ?? 5) * 1024 * 1024;
const runs = Number(process.env.RUNS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const bundle = process.env.BUNDLE ?? path.resolve('dist', 'server', 'main.js');
if (!fs.existsSync(bundle)) throw new Error(`${bundle} not found: run npm run build first`);
const password = 'a sturdy test passphrase';

type Kind = 'sign-up' | 'upload';
interface Answer {
  kind: Kind;
  status: number | 'network error';
  ms: number;
  email?: string;
  orderId?: string;
  companyName1?: string;
}

const json = (body: unknown, address: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
  body: JSON.stringify(body),
});
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
/** 10.x.y.z: a different client address per request */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const percentile = (values: number[], p: number) =>
  [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const median = (values: number[]) => percentile(values, 50);

/** A real PDF's header, padded to `size` with a comment: what a phone's scan of a passport weighs. */
const bigPassport = {
  name: 'WhatsApp Image 2026-11-28 at 09.41.07 (pasaporte).pdf',
  type: 'application/pdf',
  bytes: Buffer.concat([pdfBytes, Buffer.from(`%${'x'.repeat(uploadBytes - pdfBytes.length - 2)}\n`)]),
};

async function timed(kind: Kind, url: string, init: RequestInit, extra: Partial<Answer>): Promise<{ answer: Answer; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    const body = await response.text();
    return { answer: { kind, status: response.status, ms: performance.now() - started, ...extra }, body };
  } catch {
    return { answer: { kind, status: 'network error', ms: performance.now() - started, ...extra }, body: '' };
  }
}

/** GET `url` every 100 ms from a child process until stopped; each probe's ms (Infinity when it failed or took over 5 s). */
function startProber(url: string): { stop(): Promise<number[]> } {
  const script = `
    const probes = [];
    let on = true;
    process.on('message', () => { on = false; });
    (async () => {
      while (on) {
        const started = performance.now();
        const ok = await fetch(process.env.PROBE_URL, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
        probes.push(ok ? performance.now() - started : null);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.send(probes, () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ['-e', script], { env: { PROBE_URL: url }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<number[]>((resolve) => child.once('message', (probes) => resolve((probes as (number | null)[]).map((ms) => ms ?? Infinity))));
  return {
    stop: () => {
      child.send('stop');
      return result;
    },
  };
}

async function run(index: number): Promise<{ ok: boolean; summary: Record<string, number> }> {
  const fresh = await createEmptyPostgres(databaseUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-overload-'));
  const database = openPostgres(fresh.url, 2);
  const server = await startServerProcess(
    {
      ...productionBenchEnv(fresh.url, dataDir),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `frontera-bench-${randomBytes(4).toString('hex')}:`,
      TRUST_PROXY: 'true',
      // the shipped shedding (the test harness turns it off), armed at once: the storm comes within its warm-up grace
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000',
      OVERLOAD_GRACE_SECONDS: '0',
    },
    bundle,
    { keepStdout: false },
  );
  try {
    // the uploaders are customers already: signed up and in before the storm
    const uploaders: string[] = [];
    for (let i = 0; i < uploads; i++) {
      const signed = await fetch(
        `${server.url}/api/auth/sign-up`,
        json({ name: 'Upload Customer', email: `uploader-${index}-${i}-${randomBytes(3).toString('hex')}@example.com`, password }, address(100_000 + i)),
      );
      if (signed.status !== 201) throw new Error(`setup sign-up: ${signed.status} ${await signed.text()}`);
      uploaders.push(cookieOf(signed));
    }

    // the probe runs in a process of its own, like a load balancer's: this process is busy sending
    const prober = startProber(`${server.url}/api/health`);
    const multipart = await Promise.all(
      Array.from({ length: uploads }, (_, i) => orderMultipart(validOrder({ companyName1: `Overload ${index}-${i} LLC` }), { passport: bigPassport })),
    );
    const started = performance.now();
    const results = await Promise.all([
      ...Array.from({ length: signUps }, (_, i) => {
        const email = `storm-${index}-${i}-${randomBytes(3).toString('hex')}@example.com`;
        return timed('sign-up', `${server.url}/api/auth/sign-up`, json({ name: 'Ana María Pérez', email, password }, address(i + 1)), { email });
      }),
      ...multipart.map(({ payload, headers }, i) =>
        timed(
          'upload',
          `${server.url}/api/orders`,
          { method: 'POST', headers: { ...headers, cookie: uploaders[i]!, 'x-forwarded-for': address(200_000 + i) }, body: new Uint8Array(payload) },
          { companyName1: `Overload ${index}-${i} LLC` },
        ).then((result) => {
          if (result.answer.status === 201) result.answer.orderId = (JSON.parse(result.body) as { order: { id: string } }).order.id;
          return result;
        }),
      ),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    const probes = await prober.stop();
    const answers = results.map((r) => r.answer);

    // every 2xx has its row; a refused sign-up left none
    const users = new Set((await queryRows<{ email: string }>(database.db, sql`select email from users`)).map((row) => row.email));
    const orders = new Map(
      (
        await queryRows<{ id: string; company_name_1: string; passport_key: string | null }>(
          database.db,
          sql`select id, company_name_1, passport_key from orders`,
        )
      ).map((row) => [row.id, row]),
    );
    const missing = answers.filter((a) =>
      a.kind === 'sign-up'
        ? a.status === 201 && !users.has(a.email!)
        : a.status === 201 && (orders.get(a.orderId!)?.company_name_1 !== a.companyName1 || !orders.get(a.orderId!)?.passport_key),
    );
    const ghosts = answers.filter((a) => a.kind === 'sign-up' && a.status !== 201 && users.has(a.email!));
    const bad = answers.filter((a) => a.status === 'network error' || (typeof a.status === 'number' && a.status >= 500 && a.status !== 503));

    const byStatus = (kind: Kind) => {
      const counts = new Map<string, number>();
      for (const a of answers) if (a.kind === kind) counts.set(String(a.status), (counts.get(String(a.status)) ?? 0) + 1);
      return [...counts].map(([status, n]) => `${status}: ${n}`).join(', ');
    };
    console.log(`\nrun ${index + 1}: ${signUps} sign-ups + ${uploads} uploads of ${(uploadBytes / 1048576).toFixed(0)} MB in ${elapsed.toFixed(1)} s`);
    for (const kind of ['sign-up', 'upload'] as const) {
      const ms = answers.filter((a) => a.kind === kind).map((a) => a.ms);
      console.log(
        `  ${kind.padEnd(8)} ${byStatus(kind).padEnd(24)} p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
      );
    }
    const finite = probes.filter(Number.isFinite);
    const late = probes.filter((ms) => ms > 1000).length;
    console.log(
      `  liveness ${probes.length} probes, p50 ${percentile(finite, 50).toFixed(0)} ms, max ${Math.max(...probes).toFixed(0)} ms, over 1 s or failed: ${late}`,
    );
    console.log(
      `  rows: ${missing.length} answered 201 without their row, ${ghosts.length} refused with a row; 500s and network errors: ${bad.length}${
        bad.length
          ? ` (${bad
              .slice(0, 3)
              .map((a) => `${a.kind} ${a.status}`)
              .join(', ')})`
          : ''
      }`,
    );
    const ok = bad.length === 0 && missing.length === 0 && ghosts.length === 0 && late === 0;
    return {
      ok,
      summary: {
        signUpsCreated: answers.filter((a) => a.kind === 'sign-up' && a.status === 201).length,
        signUps503: answers.filter((a) => a.kind === 'sign-up' && a.status === 503).length,
        uploadsCreated: answers.filter((a) => a.kind === 'upload' && a.status === 201).length,
        signUpP99: percentile(
          answers.filter((a) => a.kind === 'sign-up').map((a) => a.ms),
          99,
        ),
        uploadP99: percentile(
          answers.filter((a) => a.kind === 'upload').map((a) => a.ms),
          99,
        ),
        livenessMax: Math.max(...probes),
        elapsed,
      },
    };
  } finally {
    await server.stop();
    await database.close();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const outcomes = [];
for (let i = 0; i < runs; i++) outcomes.push(await run(i));
console.log(`\nmedians of ${runs} runs:`);
for (const key of Object.keys(outcomes[0]!.summary))
  console.log(`  ${key.padEnd(15)} ${median(outcomes.map((o) => o.summary[key]!)).toFixed(key === 'elapsed' ? 1 : 0)}`);
const passed = outcomes.every((o) => o.ok);
console.log(passed ? 'PASS: no 500, every 2xx has its row, liveness within 1 s' : 'FAIL');
process.exit(passed ? 0 : 1);

/**
 * Peak server memory while three 10 MB identity uploads are submitted at once: uploads must stream
 * to storage, so the peak stays far below the files' total size.
 * Usage: npm run bench -- upload-memory   (after npm run build)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fileMb = Number(process.env.FILE_MB ?? 10);
const uploads = Number(process.env.UPLOADS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-upload-'));
const child = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', UPLOAD_MAX_BYTES: String((fileMb + 1) * 1024 * 1024) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve) => {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (match) resolve(match[1]!);
  });
});

/** Resident set size of the server process, from /proc (kB). */
function rssKb(field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

async function session(): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password: 'a sturdy test passphrase' }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const order = {
  llcState: 'WY',
  companyName1: 'Bench One LLC',
  companyName2: 'Bench Two LLC',
  companyName3: 'Bench Three LLC',
  organizerName: 'Bench User',
  email: 'bench@example.com',
  addressLine1: '1 Main St',
  addressCity: 'Lima',
  addressState: 'Lima',
  addressZip: '15001',
  addressCountry: 'PE',
  nationality: 'PE',
};
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(fileMb * 1024 * 1024, 0x20)]);

// warm up (first request compiles routes, opens the database)
const cookies = await Promise.all(Array.from({ length: uploads }, session));
await new Promise((resolve) => setTimeout(resolve, 500));
const baseline = rssKb('VmRSS');
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, rssKb('VmRSS'))), 5);

const started = performance.now();
const statuses = await Promise.all(
  cookies.map(async (cookie) => {
    const form = new FormData();
    form.append('order', JSON.stringify(order));
    form.append('passport', new Blob([pdf], { type: 'application/pdf' }), 'passport.pdf');
    const response = await fetch(`${base}/api/orders`, { method: 'POST', body: form, headers: { cookie } });
    return response.status;
  }),
);
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, rssKb('VmRSS'));

const totalMb = (uploads * pdf.length) / 1024 / 1024;
console.log(`${uploads} concurrent uploads of ${fileMb} MB (${totalMb.toFixed(0)} MB total): statuses ${statuses.join(', ')} in ${elapsed.toFixed(0)} ms`);
console.log(`server RSS: baseline ${(baseline / 1024).toFixed(1)} MB, peak ${(peak / 1024).toFixed(1)} MB, growth ${((peak - baseline) / 1024).toFixed(1)} MB`);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
if (statuses.some((status) => status !== 201)) process.exit(1);

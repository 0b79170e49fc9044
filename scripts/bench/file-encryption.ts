/**
 * What encryption at rest (ADR 0026) costs a 10 MB file on local disk: put and get times with and
 * without encryption (medians of 5), and how far resident memory rises while a get is read, in a
 * fresh process that does nothing else (the download streams: it must stay far below the file's
 * size; the peak VmHWM, reset just before the get, minus the resident size then).
 * Usage: npm run bench -- file-encryption   (FILE_MB=10 RUNS=5)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { encryptedStorage } from '../../src/server/platform/storage/encrypted-storage';
import { localStorage } from '../../src/server/platform/storage/local-storage';
import type { Storage } from '../../src/server/platform/storage/storage';

const kb = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

// child: `get-only <root> <key> <base64 key or ->`: one get, drained, then the rise in MB on stdout
if (process.argv[2] === 'get-only') {
  const [, , , dir, key, secret] = process.argv;
  const disk = localStorage(dir!);
  const storage = secret === '-' ? disk : encryptedStorage(disk, [{ id: 'bench', key: Buffer.from(secret!, 'base64') }]);
  // '5' resets the peak (VmHWM) to the current resident size: what follows is the get's alone
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const before = kb('VmRSS');
  let bytes = 0;
  for await (const chunk of await storage.get(key!)) bytes += (chunk as Buffer).length;
  console.log(JSON.stringify({ bytes, riseMb: (kb('VmHWM') - before) / 1024 }));
  process.exit(0);
}

const fileMb = Number(process.env.FILE_MB ?? 10);
const runs = Number(process.env.RUNS ?? 5);
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-bench-encryption-'));
const plain = localStorage(root);
const secret = randomBytes(32);
const encrypted = encryptedStorage(plain, [{ id: 'bench', key: secret }]);
const file = randomBytes(fileMb * 1024 * 1024);
/** as an upload arrives: 64 KiB chunks */
const body = () =>
  Readable.from(
    (function* () {
      for (let offset = 0; offset < file.length; offset += 64 * 1024) yield file.subarray(offset, offset + 64 * 1024);
    })(),
  );
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(storage: Storage, label: string) {
  const puts: number[] = [];
  const gets: number[] = [];
  const rises: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const key = `bench/${label}-${run}.pdf`;
    let start = performance.now();
    await storage.put(key, body(), 'application/pdf');
    puts.push(performance.now() - start);

    gc();
    start = performance.now();
    let bytes = 0;
    // drained as a response would be: nothing kept
    for await (const chunk of await storage.get(key)) bytes += (chunk as Buffer).length;
    gets.push(performance.now() - start);
    if (bytes !== file.length) throw new Error(`${label}: read ${bytes} bytes, expected ${file.length}`);

    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, 'get-only', root, key, storage === plain ? '-' : secret.toString('base64')],
      { encoding: 'utf8' },
    );
    const measured = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { bytes: number; riseMb: number };
    if (measured.bytes !== file.length) throw new Error(`${label}: the child read ${measured.bytes} bytes`);
    rises.push(measured.riseMb);
  }
  return { label, put: median(puts), get: median(gets), rise: median(rises), maxRise: Math.max(...rises) };
}

try {
  // one warm-up each, then alternate so a busy moment of the machine hits both
  await measure(plain, 'warmup-plain');
  await measure(encrypted, 'warmup-encrypted');
  const results = [await measure(plain, 'plain'), await measure(encrypted, 'encrypted')];
  console.log(`${fileMb} MB file on local disk (${root}), Node ${process.version}, medians of ${runs}`);
  console.log('| storage | put | get | RSS rise during get (median / max) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.label} | ${r.put.toFixed(1)} ms | ${r.get.toFixed(1)} ms | ${r.rise.toFixed(1)} / ${r.maxRise.toFixed(1)} MB |`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

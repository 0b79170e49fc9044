import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '@server/test/app';
import { readTar, TarError, tarEnd, tarHeader, tarPadding } from './tar';

const longName = `data/files/${'a'.repeat(120)}/${'b'.repeat(130)}.pdf`;
const entries = [
  { path: 'data', type: 'directory' as const, content: Buffer.alloc(0) },
  { path: 'data/PG_VERSION', type: 'file' as const, content: Buffer.from('17\n') },
  { path: 'data/files/identity/3f1c/passport-9e2a.pdf', type: 'file' as const, content: Buffer.alloc(70_000, 7) },
  { path: longName, type: 'file' as const, content: Buffer.alloc(512, 1) },
  { path: 'data/empty', type: 'file' as const, content: Buffer.alloc(0) },
];

function archive(): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries)
    parts.push(
      tarHeader({ path: entry.path, type: entry.type, size: entry.content.length, mtime: 1_700_000_000 }),
      entry.content,
      tarPadding(entry.content.length),
    );
  parts.push(tarEnd);
  return Buffer.concat(parts);
}

async function* chunks(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function read(bytes: Buffer, chunkSize = 1000) {
  const found: { path: string; type: string; content: Buffer }[] = [];
  for await (const entry of readTar(chunks(bytes, chunkSize))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.content()) parts.push(chunk);
    found.push({ path: entry.path, type: entry.type, content: Buffer.concat(parts) });
  }
  return found;
}

describe('the backup archive tar format', () => {
  it('reads back what it wrote, whatever the chunk sizes, long paths through pax records', async () => {
    for (const size of [7, 511, 4096, 100_000])
      expect(await read(archive(), size)).toEqual(entries.map(({ path, type, content }) => ({ path, type, content })));
  });

  it.skipIf(spawnSync('tar', ['--version']).status !== 0)('is a tar archive the system tar lists', () => {
    const dir = tempDataDir();
    const file = path.join(dir, 'probe.tar');
    fs.writeFileSync(file, archive());
    const listed = spawnSync('tar', ['-tf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(['data/', 'data/PG_VERSION', 'data/files/identity/3f1c/passport-9e2a.pdf', longName, 'data/empty']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an archive cut short and a damaged header', async () => {
    const whole = archive();
    await expect(read(whole.subarray(0, 1024 + 600))).rejects.toThrow(TarError);
    await expect(read(whole.subarray(0, whole.length - 1024))).rejects.toThrow(/truncated/);
    const damaged = Buffer.from(whole);
    damaged[512 + 10] = 0x41;
    await expect(read(damaged)).rejects.toThrow(/checksum/);
  });
});

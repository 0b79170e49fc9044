import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip-stream';

/** `size` bytes in chunks of 64 KiB, counting how far the reader got. */
function source(bytes: Buffer) {
  const progress = { read: 0 };
  const stream = Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += 65_536) {
        const chunk = bytes.subarray(offset, offset + 65_536);
        progress.read += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, progress };
}

describe('zipStream', () => {
  it('writes every entry, byte for byte, in order, compressed or stored', async () => {
    const large = randomBytes(3 * 1024 * 1024 + 17);
    const json = new TextEncoder().encode(JSON.stringify({ hello: 'wörld', list: Array.from({ length: 500 }, (_, i) => i) }));
    const zip = await buffer(
      zipStream([
        { name: 'account.json', bytes: json, compress: true },
        { name: 'files/a.pdf', open: async () => source(large).stream },
        { name: 'files/empty.png', open: async () => Readable.from([]) },
      ]),
    );
    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries)).toEqual(['account.json', 'files/a.pdf', 'files/empty.png']);
    expect(Buffer.from(entries['account.json']!)).toEqual(Buffer.from(json));
    // equals(), not toEqual: a deep comparison of megabytes, byte by byte, takes the test's whole time
    expect(Buffer.from(entries['files/a.pdf']!).equals(large)).toBe(true);
    expect(entries['files/empty.png']!.length).toBe(0);
  });

  it('reads nothing before it is read, and a source no faster than the archive is taken', async () => {
    const { stream, progress } = source(randomBytes(4 * 1024 * 1024));
    let opened = false;
    const zip = zipStream([{ name: 'big.bin', open: async () => ((opened = true), stream) }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened).toBe(false);
    // take one chunk, then stop reading for a while: the source waits
    const first = await new Promise<Buffer>((resolve) => zip.once('data', (chunk: Buffer) => (zip.pause(), resolve(chunk))));
    expect(first.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress.read).toBeLessThan(1024 * 1024);
    zip.destroy();
  });

  it('errors the archive when a source fails, without an unhandled error', async () => {
    const zip = zipStream([
      { name: 'a.txt', bytes: new TextEncoder().encode('a') },
      { name: 'b.pdf', open: () => Promise.reject(new Error('storage unavailable')) },
    ]);
    await expect(buffer(zip)).rejects.toThrow('storage unavailable');
  });
});

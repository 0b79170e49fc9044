import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a ZIP: bytes at hand (the account's JSON), or a stream opened when its turn comes (a stored file). */
export type ZipEntry = { name: string; bytes: Uint8Array; compress?: boolean } | { name: string; open: () => Promise<Readable>; compress?: boolean };

/**
 * The entries as one ZIP, streamed: nothing is read before the consumer asks, each entry's source
 * is opened only when the previous one is written, and sources are read no faster than the
 * consumer takes the archive, so memory stays flat whatever the files' sizes. A source that fails
 * errors the archive (the consumer's put then fails); a consumer that stops ends the reading.
 * Stored files (PDFs, images: compressed already) are kept as they are; `compress` deflates an
 * entry (the JSON).
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  let started = false;
  let wanted: (() => void) | undefined;
  let full = false;
  const more = () => {
    full = false;
    const resume = wanted;
    wanted = undefined;
    resume?.();
  };
  const out = new Readable({
    read() {
      if (!started) {
        started = true;
        write().catch((error: unknown) => {
          zip.terminate();
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      }
      more();
    },
    destroy(error, callback) {
      more();
      callback(error);
    },
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    if (out.destroyed) return;
    if (!out.push(chunk)) full = true;
    if (final) out.push(null);
  });
  /** Waits while the consumer has enough (until its next read, or the end). */
  const room = () => (full && !out.destroyed ? new Promise<void>((resolve) => (wanted = resolve)) : Promise.resolve());

  async function write() {
    for (const entry of entries) {
      if (out.destroyed) return;
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      zip.add(file);
      if ('bytes' in entry) {
        file.push(entry.bytes, true);
        await room();
        continue;
      }
      const source = await entry.open();
      try {
        for await (const chunk of source) {
          if (out.destroyed) return;
          file.push(chunk as Uint8Array);
          await room();
        }
      } finally {
        source.destroy();
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  }
  return out;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@shared/app-error';
import { StorageNotFoundError, type Storage, type StoredEntry } from './storage';

const diskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/** A put writes `<key>.<uuid>.part`, then renames: a name like this is an unfinished put. */
const partialSuffix = /\.[0-9a-f-]{36}\.part$/;

/** Files on local disk under DATA_DIR/files (the default). Writes go to a temp file, then rename: no half files. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // keys are made by us, but never let one escape the root
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // never served (get asks for the exact key) and found by the sweeper if the process dies here
      const temp = `${target}.${randomUUID()}.part`;
      let size = 0;
      body.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(body, fs.createWriteStream(temp, { mode: 0o600 }));
        await fs.promises.rename(temp, target);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        // the disk is full: a 507 the customer can read, not a 500; the partial file is gone
        if (diskFull(error)) throw new AppError('insufficient_storage');
        throw error;
      }
      return { size };
    },
    async get(key) {
      const full = resolve(key);
      try {
        await fs.promises.access(full);
      } catch {
        throw new StorageNotFoundError(key);
      }
      return fs.createReadStream(full);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async ping() {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },
    async *list(): AsyncGenerator<StoredEntry> {
      let entries;
      try {
        entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        // a put may have renamed it, or the sweeper of another process removed it, since readdir
        const stat = await fs.promises.stat(full).catch(() => undefined);
        if (!stat) continue;
        const relative = path.relative(root, full).split(path.sep).join('/');
        const partial = partialSuffix.test(relative);
        yield {
          key: partial ? relative.replace(partialSuffix, '') : relative,
          kind: partial ? 'leftover' : 'file',
          modifiedAt: stat.mtime,
          remove: () => fs.promises.rm(full, { force: true }),
        };
      }
    },
  };
}

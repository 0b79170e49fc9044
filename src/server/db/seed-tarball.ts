import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const block = 512;
const text = (header: Buffer, start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
const octal = (header: Buffer, start: number, length: number) => parseInt(text(header, start, length).trim() || '0', 8);

/**
 * Writes the data directory held in a PGlite dump (`dumpDataDir('gzip')`: a ustar archive of
 * regular files and directories, paths from the data directory's root) into `target` with plain
 * file writes. PGlite's own `loadDataDir` extracts through the WASM file system, which grows the
 * WASM heap by the archive's size for the life of the process (about 110 MB of resident memory
 * on a fresh start, issue 20). The files go to a sibling directory first and are renamed into
 * place, so a start interrupted half-way leaves no half database behind.
 */
export function extractSeed(tarball: string, target: string): void {
  const archive = gunzipSync(fs.readFileSync(tarball));
  const staging = `${target}.seeding-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    for (let offset = 0; offset + block <= archive.length; ) {
      const header = archive.subarray(offset, offset + block);
      if (header.every((byte) => byte === 0)) break;
      const prefix = text(header, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156]!);
      const file = path.resolve(staging, `.${path.posix.normalize(`/${name}`)}`);
      if (file !== staging && !file.startsWith(`${staging}${path.sep}`)) throw new Error(`seed entry outside the data directory: ${name}`);
      if (type === '5') fs.mkdirSync(file, { recursive: true, mode: 0o700 });
      else if (type === '0' || type === '\0') {
        fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        fs.writeFileSync(file, archive.subarray(offset + block, offset + block + size), { mode: 0o600 });
      } else throw new Error(`seed entry of unexpected type ${JSON.stringify(type)}: ${name}`);
      offset += block + Math.ceil(size / block) * block;
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
}

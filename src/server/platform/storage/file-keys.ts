import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { FileKey } from './encrypted-storage';

const keyFile = 'file-encryption-key';

/**
 * FILE_ENCRYPTION_KEYS, or — when it is unset (development; production refuses to start) — one
 * random key made on first start and kept owner-only in DATA_DIR, like the auth secret
 * (platform/auth/secret.ts). Instances sharing S3 must share FILE_ENCRYPTION_KEYS instead.
 */
export function fileEncryptionKeys(config: Pick<Config, 'FILE_ENCRYPTION_KEYS' | 'DATA_DIR'>): FileKey[] {
  if (config.FILE_ENCRYPTION_KEYS) return config.FILE_ENCRYPTION_KEYS;
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, keyFile);
  fs.mkdirSync(dir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes and both read the same key
    fs.writeFileSync(file, `local-${randomBytes(4).toString('hex')}:${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const [id = '', encoded = ''] = fs.readFileSync(file, 'utf8').trim().split(':');
  const key = Buffer.from(encoded, 'base64');
  if (!id || key.length !== 32) throw new Error(`${file} does not hold an id:base64key of 32 bytes; remove it only if no file was encrypted with it`);
  return [{ id, key }];
}

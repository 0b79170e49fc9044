import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const secretFile = 'auth-secret';

/**
 * AUTH_SECRET, or — when it is unset (development; production refuses to start) — a random secret
 * made on first start and kept owner-only in DATA_DIR, so restarts keep sessions and no two
 * installs share a secret anyone could read in our source. Sessions, reset tokens and the test
 * payment provider's signatures all derive from it.
 */
export function authSecret(config: Pick<Config, 'AUTH_SECRET' | 'DATA_DIR'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, secretFile);
  fs.mkdirSync(dir, { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes and both read the same secret
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A secret kept in DATA_DIR does not travel to other machines: fine on a laptop, not on a server. */
export function isLocalUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.') || hostname.endsWith('.localhost');
}

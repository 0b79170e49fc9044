import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { OverloadedError } from '../http/overload';

/**
 * Password hashes in Better Auth's own format (`salt:key`, hex; scrypt N=16384, r=16, p=1, 64
 * bytes; the salt's hex text is the salt, the password NFKC-normalised), so every stored hash keeps
 * verifying, computed on libuv's thread pool as Better Auth does on Node.
 *
 * What changes is how many at once (issue 38). Each hash is ~70 ms of a core, and the thread pool
 * (4 threads) also does the file system work of uploads and downloads: 400 sign-ups at once queued
 * 400 hashes in front of every file write. At most `concurrency` hashes run, `queue` more wait,
 * and past that a sign-up or sign-in is refused at once with 503 and Retry-After, so an answer
 * never waits longer than a client would.
 */
const params = { N: 16384, r: 16, p: 1 } as const;
const keyLength = 64;
// scrypt needs 128 * N * r bytes (32 MiB here): node's default maxmem is exactly that, too tight
const maxmem = 2 * 128 * params.N * params.r;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...params, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export class PasswordHashing {
  private running = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly limits: { concurrency: number; queue: number }) {}

  /** hashes waiting for a turn now (a gauge of /metrics) */
  get waiting(): number {
    return this.waiters.length;
  }

  readonly hash = async (password: string): Promise<string> => {
    const salt = randomBytes(16).toString('hex');
    const key = await this.turn(() => derive(password, salt));
    return `${salt}:${key.toString('hex')}`;
  };

  readonly verify = async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    const [salt, key] = hash.split(':');
    if (!salt || !key || key.length !== keyLength * 2 || !/^[0-9a-f]+$/.test(key)) return false;
    return timingSafeEqual(await this.turn(() => derive(password, salt)), Buffer.from(key, 'hex'));
  };

  private async turn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiters.length >= this.limits.queue) throw new OverloadedError('password hashing queue full');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      // the slot passes straight to the next waiter, or is freed
      const next = this.waiters.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

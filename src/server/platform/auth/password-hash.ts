import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { OverloadedError } from '../http/overload';

/**
 * Better Auth's own password hashes (scrypt on libuv's thread pool under Node), bounded in number
 *. Each hash is ~70 ms of a core, and the thread pool (4 threads) also does the file
 * system work of uploads and downloads: 400 sign-ups at once queued 400 hashes in front of every
 * file write. At most `concurrency` hashes run, `queue` more wait, and past that a sign-up or
 * sign-in is refused at once with 503 and Retry-After, so an answer never waits longer than a
 * client would.
 */
export class PasswordHashing {
  private running = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly limits: { concurrency: number; queue: number }) {}

  /** hashes waiting for a turn now (a gauge of /metrics) */
  get waiting(): number {
    return this.waiters.length;
  }

  readonly hash = (password: string): Promise<string> => this.turn(() => hashPassword(password));

  readonly verify = async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    // a damaged stored hash is a wrong password, not a 500 (Better Auth throws on it)
    if (!/^[0-9a-f]+:[0-9a-f]{128}$/.test(hash)) return false;
    return this.turn(() => verifyPassword({ hash, password }));
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

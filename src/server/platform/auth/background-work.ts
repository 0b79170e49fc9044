import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the password-reset email: the answer must not
 * reveal, by its timing, whether the email has an account). Failures are logged, never thrown;
 * `settled()` waits for everything in flight, so the app closes only after it (and tests can
 * wait for it instead of sleeping).
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  run(label: string, work: () => Promise<void>): void {
    const task = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${label} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far, and any they started, has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

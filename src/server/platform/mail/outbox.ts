import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@shared/languages';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { renderMail, type MailTemplate, type MailTemplates } from './templates';
import type { MailAttachment, MailTransport } from './transport';
import { inSpan } from '../observability/tracing';

/**
 * A failed email is retried for at least three days (docs/deploy.md "Email"): 2 s, 4 s, 8 s … then
 * every 15 minutes, 300 attempts in all (about 73 hours), so an outage of the relay loses nothing;
 * and as soon as the relay takes an email again, every retry waiting is sent at once.
 */
export const retryPolicy = { maxAttempts: 300, maxBackoffSeconds: 15 * 60 } as const;
const batchSize = 10;
/** A claimed message is leased for this long, so another instance does not send it meanwhile. */
const leaseSeconds = 120;
const backoffSeconds = (attempt: number) => Math.min(2 ** Math.min(attempt, 20), retryPolicy.maxBackoffSeconds);

export interface MailRequest<T extends MailTemplate> {
  to: string;
  template: T;
  language: Language;
  payload: MailTemplates[T];
  /** where answers go, when not to the sender (a ticket's requester, or the support address) */
  replyTo?: string;
  /**
   * Held this long before it is due: news that a later email may make moot (a refund approved is
   * moot once it completed) waits, so that later email can take its place (withdrawPending).
   */
  holdSeconds?: number;
}

/** What queues an email: the outbox, or a collector that batches a bulk action's emails (features/orders/bulk-orders.ts). */
export type MailQueue = Pick<MailOutbox, 'enqueue'>;

/**
 * The next batch of messages due, the earliest due first, locked for this instance: read from
 * mail_outbox_due_idx in its order, `batchSize` rows whatever is waiting. (Taken in the order
 * queued, every due message was read and sorted for each batch: 27 ms a poll with the 35,000
 * reminders of a first compliance run waiting.) A batch is still sent in the order queued.
 */
export const dueMessages = (db: Db) =>
  db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });

/**
 * The transactional outbox: callers insert a row (inside their own transaction when they have one);
 * a worker claims due rows with SKIP LOCKED, sends them and retries with capped exponential
 * backoff (retryPolicy).
 * A failing mailer never fails the action that caused the email. The worker is the job registry's
 * `mailOutbox` job (src/server/jobs.ts, ADR 0022), which calls drain() on every instance.
 */
/**
 * Makes the files of an email when it is sent, from what its payload names (`attachment`): the
 * outbox holds no document, only which one; a feature registers the maker of its kind.
 */
export type AttachmentMaker = (reference: Record<string, string>) => Promise<MailAttachment[]>;

export class MailOutbox {
  private running: Promise<number> | undefined;
  private readonly makers = new Map<string, AttachmentMaker>();
  /** the job registry's kick, once it runs the outbox; until then (tests) nothing is sent without drain() */
  private kicker: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    /** the From header of each language (mailSenders): the display name follows the recipient's language */
    private readonly senders: Record<Language, string>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async enqueue<T extends MailTemplate>(request: MailRequest<T>, db: Db = this.db): Promise<void> {
    await db.insert(mailOutbox).values({
      recipient: request.to,
      template: request.template,
      language: request.language,
      payload: request.payload as unknown as Record<string, string>,
      replyTo: request.replyTo ?? null,
      ...(request.holdSeconds ? { nextAttemptAt: sql`now() + make_interval(secs => ${request.holdSeconds})` } : {}),
    });
    this.kick();
  }

  /**
   * Takes back the emails of `template` not sent yet whose payload's `key` is `value`, in `db`'s
   * transaction; returns how many. Only rows never claimed: one being sent (leased, its attempt
   * counted) or already sent is left alone.
   */
  async withdrawPending<T extends MailTemplate>(db: Db, template: T, match: { key: keyof MailTemplates[T] & string; value: string }): Promise<number> {
    const removed = await db
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, template),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.attempts, 0),
          sql`${mailOutbox.payload} ->> ${match.key} = ${match.value}`,
        ),
      )
      .returning({ id: mailOutbox.id });
    return removed.length;
  }

  /** Registers how the emails whose payload's `attachment.source` is `source` get their files. */
  attachments(source: string, maker: AttachmentMaker): void {
    this.makers.set(source, maker);
  }

  private async attachmentsOf(payload: unknown): Promise<MailAttachment[] | undefined> {
    const reference = (payload as { attachment?: Record<string, string> } | null)?.attachment;
    if (!reference) return undefined;
    const maker = this.makers.get(reference.source ?? '');
    // an email whose maker is not registered (yet) waits for its retry rather than going out without its file
    if (!maker) throw new Error(`no attachment maker for ${reference.source}`);
    return maker(reference);
  }

  /** What to call after a message is queued: the job registry's kick, so it is sent without waiting for the next look. */
  onQueued(kick: () => void): void {
    this.kicker = kick;
  }

  /** Send soon, without waiting for the next poll. */
  kick(): void {
    const kicker = this.kicker;
    if (kicker) setImmediate(kicker);
  }

  /** Sends every due message once; returns how many were sent. Safe to call concurrently. */
  drain(): Promise<number> {
    this.running ??= this.sendDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private async claim() {
    const due = dueMessages(this.db);
    const claimed = await this.db
      .update(mailOutbox)
      // last_error is cleared while it is leased: a row waiting for a retry is the one with an error (see retryNow)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`, lastError: null })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // UPDATE ... RETURNING comes in no particular order (it came reversed): send in the order queued
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /**
   * The relay took an email: every email waiting for its retry is due now instead of at its
   * backoff (a leased one is not touched: its last_error was cleared by the claim).
   */
  private async retryNow() {
    const requeued = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.nextAttemptAt, sql`now()`), isNotNull(mailOutbox.lastError)))
      .returning({ id: mailOutbox.id });
    if (requeued.length > 0) this.log.info({ emails: requeued.length }, 'mail relay answers again: retrying the emails waiting');
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      let failures = 0;
      const sentBefore = sent;
      for (const row of batch) {
        try {
          const language: Language = row.language === 'es' ? 'es' : 'en';
          const rendered = renderMail(row.template as MailTemplate, language, row.payload as never);
          const attachments = await this.attachmentsOf(row.payload);
          // traced by template and attempt only: the recipient is personal data
          await inSpan('mail send', { 'mail.template': row.template, 'mail.attempt': row.attempts }, () =>
            this.transport.send({ id: row.id, from: this.senders[language], to: row.recipient, replyTo: row.replyTo ?? undefined, ...rendered, attachments }),
          );
          await this.db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
            .where(eq(mailOutbox.id, row.id));
          this.log.info({ mailId: row.id, template: row.template }, 'mail sent');
          sent++;
        } catch (error) {
          failures++;
          const failed = row.attempts >= retryPolicy.maxAttempts;
          const message = error instanceof Error ? error.message : String(error);
          await this.db
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              lastError: message.slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
            })
            .where(eq(mailOutbox.id, row.id));
          // `mail failed for good` is what the EmailFailed alert and `npm run admin -- requeue-mail` are for
          this.log[failed ? 'error' : 'warn'](
            { mailId: row.id, template: row.template, attempt: row.attempts, err: message },
            failed ? 'mail failed for good' : 'mail failed, will retry',
          );
        }
      }
      // a batch that failed whole says the relay is down: end this drain and wait for the next look
      if (failures === batch.length) return sent;
      if (sent > sentBefore) await this.retryNow();
    }
  }

  /** Waits for a drain under way, then closes the transport. */
  async stop(): Promise<void> {
    this.kicker = undefined;
    await this.running?.catch(() => undefined);
    this.transport.close();
  }
}

/**
 * `npm run admin -- requeue-mail`: every email given up on is due again, with a fresh three days of
 * retries. Returns how many.
 */
export async function requeueFailedMail(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.status, 'failed'))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import type { TBulkResult, ZBulkRequest } from '@shared/bulk-orders';
import type { z } from 'zod';
import type { Db } from '@server/db/client';
import type { MailOutbox, MailQueue, MailRequest } from '@server/platform/mail/outbox';
import { renderMail, type MailTemplate } from '@server/platform/mail/templates';
import { assignOrder, changeOrderStatus } from './admin-orders.service';
import { recordMilestone } from '@server/domain/orders/record-milestone';

type Settings = { mail: MailOutbox; appUrl: string; identityRetentionDays: number };
type AnyMail = MailRequest<MailTemplate>;

/**
 * POST /api/admin/orders/bulk: one action on many orders, order by order, each through
 * the same service as one by one (its own transaction, audit row and live event), so an order is
 * changed whole or not at all and a failure is reported for that order alone. The emails those
 * services queue are held until their order's transaction committed, then sent batched: one per
 * recipient, its own email when it has one change, else one `ordersUpdated` listing them all.
 * Held emails are queued after their orders' transactions: a crash in between loses the email,
 * not the change (the audit row and the dashboard still show it).
 */
export async function bulkUpdateOrders(
  db: Db,
  settings: Settings,
  request: z.output<typeof ZBulkRequest>,
  { admin, log }: { admin: TSessionUser; log: FastifyBaseLogger },
): Promise<TBulkResult> {
  const sent: AnyMail[] = [];
  const results: TBulkResult['results'] = [];
  for (const orderId of request.orderIds) {
    const held: AnyMail[] = [];
    const collector: MailQueue = { enqueue: async (message) => void held.push(message as AnyMail) };
    try {
      const { changed } = await applyOne(db, collector, settings, { orderId, action: request.action, admin });
      sent.push(...held);
      results.push({ orderId, outcome: changed ? 'changed' : 'unchanged' });
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error, orderId }, 'bulk order action failed');
      const key = error instanceof AppError ? (Object.values(error.fields ?? {})[0] ?? error.messageKey) : 'errors.internal';
      results.push({ orderId, outcome: 'failed', error: key });
    }
  }
  await sendBatched(settings.mail, sent);
  return { results };
}

function applyOne(
  db: Db,
  mail: MailQueue,
  settings: Settings,
  { orderId, action, admin }: { orderId: string; action: z.output<typeof ZBulkRequest>['action']; admin: TSessionUser },
): Promise<{ changed: boolean }> {
  switch (action.type) {
    case 'assign':
      return assignOrder(db, { mail, appUrl: settings.appUrl }, { orderId, assigneeId: action.assigneeId, admin });
    case 'status':
      return changeOrderStatus(db, { mail, appUrl: settings.appUrl }, { orderId, status: action.status, admin });
    case 'milestone':
      return recordMilestone(
        db,
        { mail, appUrl: settings.appUrl, identityRetentionDays: settings.identityRetentionDays },
        { orderId, record: action.record, admin },
      );
  }
}

/** One email per recipient: a single change as its own email; several listed in one, each with its subject and link. */
async function sendBatched(mail: MailOutbox, messages: AnyMail[]) {
  const byRecipient = new Map<string, AnyMail[]>();
  for (const message of messages) byRecipient.set(message.to, [...(byRecipient.get(message.to) ?? []), message]);
  for (const [to, batch] of byRecipient) {
    if (batch.length === 1) {
      await mail.enqueue(batch[0]!);
      continue;
    }
    const { language } = batch[0]!;
    const updates = batch.map((message) => {
      const payload = message.payload as { url?: string; dashboardUrl?: string };
      return `- ${renderMail(message.template, language, message.payload).subject}\n  ${payload.dashboardUrl ?? payload.url ?? ''}`.trimEnd();
    });
    const firstName = (batch[0]!.payload as { firstName?: string }).firstName ?? '';
    await mail.enqueue({ to, template: 'ordersUpdated', language, payload: { firstName, total: String(batch.length), updates: updates.join('\n') } });
  }
}

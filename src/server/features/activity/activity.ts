import { Readable } from 'node:stream';
import { and, desc, eq, gte, inArray, isNotNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { activityCsvLimit, activityTargetLabel, activityPageSize, type TActivityEntry, type TActivityPage } from '@shared/activity';
import type { Language } from '@shared/languages';
import { orderNumber } from '@shared/order-model';
import { timelineSentence } from '@shared/timeline';
import type { Db } from '@server/db/client';
import {
  adminAudit,
  documents,
  identityDocumentViews,
  orderAudit,
  orderMessages,
  orderNotes,
  orderStatusHistory,
  paymentReviews,
  supportTickets,
  ticketMessages,
  users,
} from '@server/db/schema';
import { csvLine } from '@server/platform/http/csv';
import { serverTexts } from '@server/platform/i18n/texts';
import { auditDetails, namesOf, viewedEntry } from './order-timeline';

/*
 * GET /api/admin/activity: what the team did across the site, newest first. Nine
 * sources, each read newest first by its own created_at index, at most a page each, merged here;
 * the page's last key (moment to the microsecond, then source and row) is the next cursor, so a
 * page never repeats or skips an entry however many share a moment.
 */

/** admin_audit rows that are the team's doing (the others are people's own second factors and passkeys). */
const siteActions = ['promote', 'demote', 'end_sessions', 'reset_two_factor', 'assign_ticket', 'set_price'] as const;
/** order_audit rows a customer writes; every other row with an actor is the team's. */
const customerActions = ['order_edited', 'order_discarded', 'request_answered', 'account_deleted', 'refund_requested', 'refund_withdrawn'];

export interface ActivityFilters {
  actor?: string;
  from?: string;
  to?: string;
}
interface Window extends ActivityFilters {
  cursor?: string;
  limit: number;
}

/** One source's rows as the merge reads them. */
interface Row {
  key: string;
  at: string;
  actorId: string | null;
  actor: string | null;
  kind: string;
  detail: Record<string, unknown>;
  target: TActivityEntry['target'];
}

const microIso = (at: AnyPgColumn) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows of `source` in the window, newest first, at most `limit`: the filters, and after the
 * cursor by (moment, "source:id") in byte order, the order the merge sorts in.
 */
function windowed({ source, at, id, actor }: { source: string; at: AnyPgColumn; id: AnyPgColumn; actor: AnyPgColumn }, w: Window, extra?: SQL) {
  const sourceKey = sql`(${`${source}:`} || ${id}::text) collate "C"`;
  const [cursorAt, cursorKey] = w.cursor ? w.cursor.split('|') : [];
  return {
    where: and(
      extra,
      w.actor ? eq(actor, w.actor) : undefined,
      w.from ? gte(at, new Date(w.from)) : undefined,
      w.to ? lt(at, new Date(w.to)) : undefined,
      // the first bound alone is a range of the created_at index, where the scan starts; without it a
      // deep page read every newer row to filter it out (108.7 ms p95 at 2,000,000 rows, ADR 0038)
      w.cursor ? sql`${at} <= ${cursorAt}::timestamptz and (${at} < ${cursorAt}::timestamptz or ${sourceKey} < ${cursorKey})` : undefined,
    ),
    orderBy: [desc(at), sql`${sourceKey} desc`],
    key: sql<string>`${microIso(at)} || '|' || ${`${source}:`} || ${id}::text`,
    at: microIso(at),
  };
}

const orderTarget = (orderId: string | null): TActivityEntry['target'] => ({ type: 'order', id: orderId, label: orderId ? orderNumber(orderId) : '' });

async function readSources(db: Db, w: Window): Promise<Row[]> {
  const actorName = users.name;
  const audit = windowed(
    { source: 'admin_audit', at: adminAudit.createdAt, id: adminAudit.id, actor: adminAudit.actorId },
    w,
    inArray(adminAudit.action, siteActions),
  );
  const orderRows = windowed(
    { source: 'order_audit', at: orderAudit.createdAt, id: orderAudit.id, actor: orderAudit.actorId },
    w,
    and(isNotNull(orderAudit.actorId), notInArray(orderAudit.action, customerActions)),
  );
  const statuses = windowed(
    { source: 'status', at: orderStatusHistory.createdAt, id: orderStatusHistory.id, actor: orderStatusHistory.changedBy },
    w,
    eq(orderStatusHistory.source, 'admin'),
  );
  const replies = windowed({ source: 'ticket', at: ticketMessages.createdAt, id: ticketMessages.id, actor: ticketMessages.authorId }, w);
  const messages = windowed(
    { source: 'message', at: orderMessages.createdAt, id: orderMessages.id, actor: orderMessages.authorId },
    w,
    eq(orderMessages.fromTeam, true),
  );
  const notes = windowed({ source: 'note', at: orderNotes.createdAt, id: orderNotes.id, actor: orderNotes.authorId }, w);
  const added = windowed({ source: 'document', at: documents.createdAt, id: documents.id, actor: documents.uploadedBy }, w, isNotNull(documents.uploadedBy));
  const views = windowed({ source: 'view', at: identityDocumentViews.createdAt, id: identityDocumentViews.id, actor: identityDocumentViews.viewerId }, w);
  const reviews = windowed(
    { source: 'review', at: paymentReviews.resolvedAt, id: paymentReviews.id, actor: paymentReviews.resolvedBy },
    w,
    isNotNull(paymentReviews.resolvedBy),
  );
  const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

  const sources = await Promise.all([
    db
      .select({
        key: audit.key,
        at: audit.at,
        actorId: adminAudit.actorId,
        actor: actorName,
        action: adminAudit.action,
        targetId: adminAudit.targetId,
        detail: adminAudit.detail,
        ticket: supportTickets.name,
      })
      .from(adminAudit)
      .leftJoin(users, eq(users.id, adminAudit.actorId))
      .leftJoin(supportTickets, and(eq(adminAudit.action, 'assign_ticket'), eq(sql`${supportTickets.id}::text`, adminAudit.targetId)))
      .where(audit.where)
      .orderBy(...audit.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ action, targetId, ticket, ...row }): Row => {
          const { actorEmail: _by, email, ...detail } = row.detail;
          const target: Row['target'] =
            action === 'set_price'
              ? { type: 'site', id: null, label: '' }
              : action === 'assign_ticket'
                ? { type: 'ticket', id: targetId, label: ticket ?? '' }
                : { type: 'user', id: targetId, label: typeof email === 'string' ? email : '' };
          return { ...row, kind: action, detail, target };
        }),
      ),
    db
      .select({
        key: orderRows.key,
        at: orderRows.at,
        actorId: orderAudit.actorId,
        actor: actorName,
        kind: orderAudit.action,
        orderId: orderAudit.orderId,
        detail: orderAudit.detail,
      })
      .from(orderAudit)
      .leftJoin(users, eq(users.id, orderAudit.actorId))
      .where(orderRows.where)
      .orderBy(...orderRows.orderBy)
      .limit(w.limit)
      .then((rows) => rows.map(({ orderId, ...row }): Row => ({ ...row, target: orderTarget(orderId) }))),
    db
      .select({
        key: statuses.key,
        at: statuses.at,
        actorId: orderStatusHistory.changedBy,
        actor: actorName,
        orderId: orderStatusHistory.orderId,
        from: orderStatusHistory.fromStatus,
        to: orderStatusHistory.toStatus,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(statuses.where)
      .orderBy(...statuses.orderBy)
      .limit(w.limit)
      .then((rows) => rows.map(({ orderId, from, to, ...row }): Row => ({ ...row, kind: 'status', detail: { from, to }, target: orderTarget(orderId) }))),
    db
      .select({
        key: replies.key,
        at: replies.at,
        actorId: ticketMessages.authorId,
        actor: actorName,
        kind: ticketMessages.kind,
        ticketId: ticketMessages.ticketId,
        ticket: supportTickets.name,
        body: ticketMessages.body,
      })
      .from(ticketMessages)
      .innerJoin(supportTickets, eq(supportTickets.id, ticketMessages.ticketId))
      .leftJoin(users, eq(users.id, ticketMessages.authorId))
      .where(replies.where)
      .orderBy(...replies.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ kind, ticketId, ticket, body, ...row }): Row => ({
          ...row,
          kind: `ticket_${kind}`,
          detail: { text: excerpt(body) },
          target: { type: 'ticket', id: ticketId, label: ticket },
        })),
      ),
    db
      .select({
        key: messages.key,
        at: messages.at,
        actorId: orderMessages.authorId,
        actor: actorName,
        orderId: orderMessages.orderId,
        body: orderMessages.body,
      })
      .from(orderMessages)
      .leftJoin(users, eq(users.id, orderMessages.authorId))
      .where(messages.where)
      .orderBy(...messages.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ orderId, body, ...row }): Row => ({ ...row, kind: 'message_team', detail: { text: excerpt(body) }, target: orderTarget(orderId) })),
      ),
    db
      .select({ key: notes.key, at: notes.at, actorId: orderNotes.authorId, actor: actorName, orderId: orderNotes.orderId, body: orderNotes.body })
      .from(orderNotes)
      .leftJoin(users, eq(users.id, orderNotes.authorId))
      .where(notes.where)
      .orderBy(...notes.orderBy)
      .limit(w.limit)
      .then((rows) => rows.map(({ orderId, body, ...row }): Row => ({ ...row, kind: 'note', detail: { text: excerpt(body) }, target: orderTarget(orderId) }))),
    db
      .select({ key: added.key, at: added.at, actorId: documents.uploadedBy, actor: actorName, orderId: documents.orderId, fileName: documents.fileName })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(added.where)
      .orderBy(...added.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ orderId, fileName, ...row }): Row => ({ ...row, kind: 'document_added', detail: { fileName }, target: orderTarget(orderId) })),
      ),
    db
      .select({
        key: views.key,
        at: views.at,
        actorId: identityDocumentViews.viewerId,
        actor: identityDocumentViews.viewerName,
        orderId: identityDocumentViews.orderId,
        document: identityDocumentViews.document,
        fileName: identityDocumentViews.fileName,
      })
      .from(identityDocumentViews)
      .where(views.where)
      .orderBy(...views.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ orderId, document, fileName, ...row }): Row => ({ ...row, ...viewedEntry({ document, fileName }), target: orderTarget(orderId) })),
      ),
    db
      .select({
        key: reviews.key,
        at: reviews.at,
        actorId: paymentReviews.resolvedBy,
        actor: actorName,
        orderId: sql<string | null>`coalesce(${paymentReviews.orderId}, ${paymentReviews.claimedOrderId})`,
        reason: paymentReviews.reason,
      })
      .from(paymentReviews)
      .leftJoin(users, eq(users.id, paymentReviews.resolvedBy))
      .where(reviews.where)
      .orderBy(...reviews.orderBy)
      .limit(w.limit)
      .then((rows) =>
        rows.map(({ orderId, reason, ...row }): Row => ({ ...row, kind: 'payment_review_resolved', detail: { reason }, target: orderTarget(orderId) })),
      ),
  ]);
  return sources.flat();
}

/** One page of the team's actions, newest first, and the cursor of the next (null: the last page). */
export async function listActivity(db: Db, w: Window): Promise<TActivityPage> {
  // one more than a page: whether there is a next one
  const rows = (await readSources(db, { ...w, limit: w.limit + 1 })).sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)).slice(0, w.limit + 1);
  const page = rows.slice(0, w.limit);
  const names = await namesOf(
    db,
    page.filter(({ kind }) => kind === 'assigned' || kind === 'assign_ticket').map(({ detail }) => detail),
  );
  const entries = page.map(({ key, at, actorId, actor, kind, detail, target }) => ({
    key,
    at: new Date(at).toISOString(),
    actorId,
    actor,
    kind,
    detail: auditDetails(detail, names),
    target,
  }));
  return { entries, nextCursor: rows.length > w.limit ? page.at(-1)!.key : null };
}

/** The CSV columns, named by the admin catalogue (activity.csvFile.columns) in the administrator's language. */
const csvColumns = ['at', 'person', 'action', 'target', 'link'] as const;

/**
 * GET /api/admin/activity.csv: the filtered activity, newest first, a page at a time through the
 * list's own cursor (memory stays flat), at most activityCsvLimit rows.
 */
export function activityCsv(db: Db, filters: ActivityFilters, language: Language, appUrl: string): Readable {
  const t = serverTexts(language, ['admin', 'milestones']);
  const link = ({ type, id }: TActivityEntry['target']) =>
    id && type === 'order' ? `${appUrl}/admin/orders/${id}` : id && type === 'ticket' ? `${appUrl}/admin/tickets/${id}` : '';
  async function* lines() {
    yield `\uFEFF${csvLine(csvColumns.map((column) => t(`activity.csvFile.columns.${column}`)))}`;
    let written = 0;
    for (let cursor: string | undefined; written < activityCsvLimit;) {
      const page = await listActivity(db, { ...filters, cursor, limit: Math.min(activityPageSize * 5, activityCsvLimit - written) });
      yield page.entries
        .map((entry) =>
          csvLine([
            entry.at,
            entry.actor ?? t('timeline.system'),
            timelineSentence(entry, t, language),
            activityTargetLabel(entry.target, t),
            link(entry.target),
          ]),
        )
        .join('');
      written += page.entries.length;
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  return Readable.from(lines());
}

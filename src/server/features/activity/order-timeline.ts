import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TTimeline, TTimelineEntry } from '@shared/timeline';
import type { Db } from '@server/db/client';
import {
  documents,
  identityDocumentViews,
  orderAudit,
  orderMessages,
  orderNotes,
  orders,
  orderStatusHistory,
  paymentEvents,
  paymentReviews,
  users,
} from '@server/db/schema';

/** The newest entries shown; an order gathers a few dozen in its life. */
const timelineLimit = 500;

/** The text fields of an audit row's detail (ids of people become names; lists become comma-separated). */
export function auditDetails(detail: Record<string, unknown>, names: Map<string, string>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || typeof value === 'string' || typeof value === 'number') out[key] = value === null ? null : String(value);
    else if (Array.isArray(value)) out[key] = value.map(String).join(', ');
  }
  // an assignment names its owners, not their ids
  if (typeof detail.from === 'string' && names.has(detail.from)) out.from = names.get(detail.from)!;
  if (typeof detail.to === 'string' && names.has(detail.to)) out.to = names.get(detail.to)!;
  return out;
}

/** An access-log row as a history entry: an identity document opened, or a file the customer sent in the thread. */
export function viewedEntry({ document, fileName }: { document: string; fileName: string | null }): Pick<TTimelineEntry, 'kind' | 'detail'> {
  return document === 'threadFile' ? { kind: 'thread_file_viewed', detail: { fileName } } : { kind: 'identity_viewed', detail: { document } };
}

/** The names of the people assignments name (detail.from, detail.to), in one query. */
export async function namesOf(db: Db, details: Record<string, unknown>[]): Promise<Map<string, string>> {
  const ids = new Set(details.flatMap(({ from, to }) => [from, to].filter((value): value is string => typeof value === 'string')));
  const named =
    ids.size > 0
      ? await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...ids]))
      : [];
  return new Map(named.map((user) => [user.id, user.name]));
}

/**
 * GET /api/admin/orders/:id/timeline: the order's whole history in one list, newest
 * first: status changes, every audit row (milestones, edits with the fields changed, documents
 * replaced or deleted, assignments, requests), documents added, notes, messages, payment events
 * and reviews, and who opened an identity document. Each source is read by its order_id index.
 */
export async function orderTimeline(db: Db, orderId: string): Promise<TTimeline | null> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const actorName = (id: AnyPgColumn) => sql<string | null>`(select u.name from ${users} u where u.id = ${id})`;
  const [statuses, audits, added, notes, messages, events, reviews, views] = await Promise.all([
    db
      .select({
        at: orderStatusHistory.createdAt,
        from: orderStatusHistory.fromStatus,
        to: orderStatusHistory.toStatus,
        source: orderStatusHistory.source,
        actor: actorName(orderStatusHistory.changedBy),
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId)),
    db
      .select({ at: orderAudit.createdAt, action: orderAudit.action, detail: orderAudit.detail, actor: actorName(orderAudit.actorId) })
      .from(orderAudit)
      .where(eq(orderAudit.orderId, orderId)),
    db
      .select({ at: documents.createdAt, fileName: documents.fileName, actor: actorName(documents.uploadedBy) })
      .from(documents)
      .where(eq(documents.orderId, orderId)),
    db
      .select({ at: orderNotes.createdAt, body: orderNotes.body, actor: actorName(orderNotes.authorId) })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId)),
    db
      .select({ at: orderMessages.createdAt, fromTeam: orderMessages.fromTeam, body: orderMessages.body, actor: actorName(orderMessages.authorId) })
      .from(orderMessages)
      .where(eq(orderMessages.orderId, orderId)),
    db
      .select({ at: paymentEvents.createdAt, type: paymentEvents.type, outcome: paymentEvents.outcome, provider: paymentEvents.provider })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId)),
    db
      .select({
        at: paymentReviews.createdAt,
        reason: paymentReviews.reason,
        resolvedAt: paymentReviews.resolvedAt,
        resolver: actorName(paymentReviews.resolvedBy),
      })
      .from(paymentReviews)
      .where(eq(paymentReviews.orderId, orderId)),
    db
      .select({
        at: identityDocumentViews.createdAt,
        document: identityDocumentViews.document,
        fileName: identityDocumentViews.fileName,
        actor: identityDocumentViews.viewerName,
      })
      .from(identityDocumentViews)
      .where(eq(identityDocumentViews.orderId, orderId)),
  ]);
  const names = await namesOf(
    db,
    audits.map(({ detail }) => detail),
  );
  const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

  const entries: TTimelineEntry[] = [
    ...statuses.map((row) => ({ at: row.at, kind: 'status', actor: row.actor, detail: { from: row.from, to: row.to, source: row.source } })),
    ...audits.map((row) => ({ at: row.at, kind: row.action, actor: row.actor, detail: auditDetails(row.detail, names) })),
    ...added.map((row) => ({ at: row.at, kind: 'document_added', actor: row.actor, detail: { fileName: row.fileName } })),
    ...notes.map((row) => ({ at: row.at, kind: 'note', actor: row.actor, detail: { text: excerpt(row.body) } })),
    ...messages.map((row) => ({ at: row.at, kind: row.fromTeam ? 'message_team' : 'message_customer', actor: row.actor, detail: { text: excerpt(row.body) } })),
    ...events.map((row) => ({ at: row.at, kind: 'payment_event', actor: null, detail: { type: row.type, outcome: row.outcome, provider: row.provider } })),
    ...reviews.flatMap((row) => [
      { at: row.at, kind: 'payment_review', actor: null, detail: { reason: row.reason } },
      ...(row.resolvedAt ? [{ at: row.resolvedAt, kind: 'payment_review_resolved', actor: row.resolver, detail: { reason: row.reason } }] : []),
    ]),
    ...views.map((row) => ({ at: row.at, actor: row.actor, ...viewedEntry(row) })),
  ]
    .map((entry) => ({ ...entry, at: entry.at.toISOString() }))
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, timelineLimit);
  return { entries };
}

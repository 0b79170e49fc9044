import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { hasAdminAccess, type TSessionUser } from '@shared/auth';
import { paths } from '@shared/client-paths';
import { appPageUrl } from '@shared/locale-paths';
import { firstName } from '@shared/names';
import { orderNumber, type IdentityDocument } from '@shared/order-model';
import type { TMessageAttachment, TOrderMessage, TOrderRequest, TOrderThread, TRequestInput } from '@shared/order-messages';
import type { Db } from '../../db/client';
import { orderAudit, orderMessageAttachments, orderMessages, orderRequests, orders, users } from '../../db/schema';
import { publishOrderEvent } from '../../domain/live-events';
import { refreshOrderState } from '../../domain/orders/order-state';
import { identityFilesOf, recordTeamLook } from '../../domain/orders/identity-documents';
import { findViewableOrder } from '../../domain/orders/order-access';
import { emailCustomer, orderCustomer, type OrderMailer } from '../../domain/orders/order-emails';

/*
 * The order's thread: its customer and the team. An administrator writes as the team on
 * any order but their own; only the order's owner and administrators read or write it (404 for
 * anyone else, as for the order). Internal notes are another table and never come here. A team
 * message may be a request (an answer or a file by a day); the customer's answer closes it, and a
 * file answering a request that names an identity document replaces that document.
 */

type Order = Awaited<ReturnType<typeof findViewableOrder>>;

/** The team's side: an administrator on someone else's order. */
export const writesAsTeam = (order: Pick<Order, 'userId'>, viewer: TSessionUser) => hasAdminAccess(viewer) && order.userId !== viewer.id;

/** A file already in storage (streamed there by the route), to be recorded with its message. */
export interface StoredFile {
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

const identityColumns = { ssnDoc: 'ssnDocKey', passport: 'passportKey', otherId: 'otherIdKey' } as const satisfies Record<IdentityDocument, keyof Order>;

/** GET /api/orders/:id/messages: oldest first; the team signs with a first name only. */
export async function listThread(db: Db, orderId: string, viewer: TSessionUser): Promise<TOrderThread> {
  await findViewableOrder(db, orderId, viewer);
  const [rows, files, requests] = await Promise.all([
    db
      .select({
        id: orderMessages.id,
        body: orderMessages.body,
        fromTeam: orderMessages.fromTeam,
        authorId: orderMessages.authorId,
        name: users.name,
        createdAt: orderMessages.createdAt,
        readAt: orderMessages.readAt,
      })
      .from(orderMessages)
      .leftJoin(users, eq(users.id, orderMessages.authorId))
      .where(eq(orderMessages.orderId, orderId))
      .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id)),
    db
      .select({
        id: orderMessageAttachments.id,
        messageId: orderMessageAttachments.messageId,
        fileName: orderMessageAttachments.fileName,
        contentType: orderMessageAttachments.contentType,
        sizeBytes: orderMessageAttachments.sizeBytes,
      })
      .from(orderMessageAttachments)
      .where(eq(orderMessageAttachments.orderId, orderId))
      .orderBy(asc(orderMessageAttachments.createdAt), asc(orderMessageAttachments.id)),
    db.select().from(orderRequests).where(eq(orderRequests.orderId, orderId)),
  ]);
  const filesOf = new Map<string, TMessageAttachment[]>();
  for (const { messageId, ...file } of files) filesOf.set(messageId, [...(filesOf.get(messageId) ?? []), file]);
  const asking = new Map(requests.map((request) => [request.messageId, request]));
  const answering = new Map(requests.flatMap((request) => (request.answerMessageId ? [[request.answerMessageId, request] as const] : [])));
  return {
    messages: rows.map((row) =>
      messageAnswer(row, viewer, {
        attachments: filesOf.get(row.id) ?? [],
        request: asking.get(row.id) ?? null,
        answered: answering.get(row.id) ?? null,
      }),
    ),
  };
}

type RequestRow = typeof orderRequests.$inferSelect;

const requestAnswer = (row: RequestRow): TOrderRequest => ({
  id: row.id,
  kind: row.kind as TOrderRequest['kind'],
  document: row.document as IdentityDocument | null,
  dueOn: row.dueOn,
  status: row.status as TOrderRequest['status'],
  closedAt: row.closedAt?.toISOString() ?? null,
});

function messageAnswer(
  row: { id: string; body: string; fromTeam: boolean; authorId: string | null; name: string | null; createdAt: Date; readAt: Date | null },
  viewer: TSessionUser,
  extra: { attachments: TMessageAttachment[]; request: RequestRow | null; answered: RequestRow | null },
): TOrderMessage {
  const author = row.name === null ? null : row.fromTeam ? firstName(row.name) || row.name : row.name;
  return {
    id: row.id,
    body: row.body,
    fromTeam: row.fromTeam,
    author,
    mine: row.authorId === viewer.id,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    attachments: extra.attachments,
    request: extra.request && requestAnswer(extra.request),
    answered: extra.answered && { requestId: extra.answered.id, document: extra.answered.document as IdentityDocument | null },
  };
}

export interface MessageSettings extends OrderMailer {
  /** where a customer's message is announced (SUPPORT_EMAIL) */
  teamEmail: string;
  /** how long the team's messages wait to be emailed together (a batch) */
  delaySeconds: number;
}

interface NewMessage {
  body: string;
  request?: TRequestInput & { document: IdentityDocument | null };
  files?: readonly StoredFile[];
  /** what the team's email says first (an answer to a request), beside the words and the file names */
  emailNote?: string;
}

/** The team's emails are in English: what a request answered with a document replaced. */
const documentNames: Record<IdentityDocument, string> = { ssnDoc: 'SSN document', passport: 'passport', otherId: 'other photo ID' };

/** A message needs words or a file; a request is the team's to make, and cannot ask for an identity document already deleted. */
function assertWritable(order: Order, fromTeam: boolean, { body, request, files = [] }: NewMessage) {
  if (body.length === 0 && files.length === 0) throw new AppError('validation_failed', 'errors.validation_failed', { body: 'messages.required' });
  if (request && !fromTeam) throw new AppError('forbidden', 'messages.requestTeamOnly');
  if (request?.document && order.identityDeletedAt) throw new AppError('conflict', 'messages.identityDeleted');
}

/** Writes a message, its files and its request in the caller's transaction, and tells the other side (email and live event). */
async function insertMessage(
  tx: Db,
  settings: MessageSettings,
  { order, viewer, fromTeam }: { order: Order; viewer: TSessionUser; fromTeam: boolean },
  { body, request, files = [], emailNote }: NewMessage,
) {
  const [row] = await tx.insert(orderMessages).values({ orderId: order.id, authorId: viewer.id, fromTeam, body }).returning();
  const message = row!;
  const attachments =
    files.length === 0
      ? []
      : await tx
          .insert(orderMessageAttachments)
          .values(
            files.map((file) => ({
              messageId: message.id,
              orderId: order.id,
              storageKey: file.key,
              fileName: file.fileName,
              contentType: file.contentType,
              sizeBytes: file.sizeBytes,
            })),
          )
          .returning({
            id: orderMessageAttachments.id,
            fileName: orderMessageAttachments.fileName,
            contentType: orderMessageAttachments.contentType,
            sizeBytes: orderMessageAttachments.sizeBytes,
          });
  let asked: RequestRow | null = null;
  if (request) {
    [asked = null] = await tx
      .insert(orderRequests)
      .values({ orderId: order.id, messageId: message.id, kind: request.kind, document: request.document, dueOn: request.dueOn, createdBy: viewer.id })
      .returning();
    await tx
      .update(orders)
      .set({ openRequests: sql`${orders.openRequests} + 1` })
      .where(eq(orders.id, order.id));
    await tx.insert(orderAudit).values({
      orderId: order.id,
      action: 'request_opened',
      actorId: viewer.id,
      detail: { requestId: asked!.id, kind: request.kind, document: request.document, dueOn: request.dueOn },
    });
  }
  if (fromTeam) {
    await tx
      .update(orders)
      .set({ messagesNotifyAfter: new Date(Date.now() + settings.delaySeconds * 1000) })
      .where(eq(orders.id, order.id));
  } else {
    const fileNames = files.map((file) => file.fileName).join(', ');
    await settings.mail.enqueue(
      {
        to: settings.teamEmail,
        template: 'customerMessage',
        language: 'en',
        replyTo: viewer.email,
        payload: {
          orderNumber: orderNumber(order.id),
          companyName: order.companyName1,
          name: viewer.name,
          email: viewer.email,
          message: [emailNote && `[${emailNote}]`, body, fileNames && `[${fileNames}]`].filter(Boolean).join('\n\n'),
          orderUrl: appPageUrl(settings.appUrl, paths.adminOrder({ id: order.id }), 'en'),
        },
      },
      tx,
    );
  }
  await publishOrderEvent(tx, order, asked ? 'request' : 'message');
  return { message, attachments, asked };
}

/**
 * POST /api/orders/:id/messages. In one transaction with the message: a customer's is announced to
 * the team at once (one email each, answering it by email reaches the customer); a team message
 * (re)starts the order's batch clock, so a burst of them becomes one email to the customer.
 */
export async function postMessage(
  db: Db,
  settings: MessageSettings,
  { orderId, viewer }: { orderId: string; viewer: TSessionUser },
  input: NewMessage,
): Promise<TOrderMessage> {
  return db.transaction(async (tx) => {
    const order = await findViewableOrder(tx, orderId, viewer);
    const fromTeam = writesAsTeam(order, viewer);
    assertWritable(order, fromTeam, input);
    const { message, attachments, asked } = await insertMessage(tx, settings, { order, viewer, fromTeam }, input);
    return messageAnswer({ ...message, name: viewer.name }, viewer, { attachments, request: asked, answered: null });
  });
}

/** An open request of the order, for its customer to answer (the team cannot answer for them): 404, 403 or 409 otherwise. */
export async function openRequestOf(
  db: Db,
  { orderId, requestId, viewer }: { orderId: string; requestId: string; viewer: TSessionUser },
  { lock = false } = {},
) {
  const order = await findViewableOrder(db, orderId, viewer);
  const query = db
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.id, requestId), eq(orderRequests.orderId, orderId)));
  const [request] = lock ? await query.for('update') : await query;
  if (!request) throw new AppError('not_found', 'messages.requestNotFound');
  if (request.status !== 'open') throw new AppError('conflict', 'messages.requestClosed');
  return { order, request };
}

export interface RequestAnswer {
  body: string;
  /** the file sent, already in storage; for a request naming an identity document it replaces that document */
  file?: StoredFile;
}

/**
 * POST /api/orders/:id/requests/:requestId/answer, by the order's customer: a message that answers
 * (its text, and the file as an attachment), or for a request naming an identity document, the new
 * document in its place. Closes the request and audits it, in one transaction. Returns the
 * message and the storage key replaced, which the caller deletes once this has committed.
 */
export async function answerRequest(
  db: Db,
  settings: MessageSettings,
  { orderId, requestId, viewer }: { orderId: string; requestId: string; viewer: TSessionUser },
  { body, file }: RequestAnswer,
) {
  return db.transaction(async (tx) => {
    const { order, request } = await openRequestOf(tx, { orderId, requestId, viewer }, { lock: true });
    if (writesAsTeam(order, viewer)) throw new AppError('forbidden', 'messages.answerCustomerOnly');
    if (request.kind === 'document' && !file) throw new AppError('validation_failed', 'errors.validation_failed', { file: 'messages.fileRequired' });
    const document = request.document as IdentityDocument | null;
    if (document && order.identityDeletedAt) throw new AppError('conflict', 'messages.identityDeleted');
    const replaced = document ? (identityFilesOf(order)[document] ?? null) : null;
    const attached = file && !document ? [file] : [];
    assertWritable(order, false, { body, files: file ? [file] : [] });
    const emailNote = document ? `Answers the request: a new ${documentNames[document]} replaces the old one` : 'Answers the request';
    const { message, attachments } = await insertMessage(tx, settings, { order, viewer, fromTeam: false }, { body, files: attached, emailNote });
    const now = new Date();
    const [closed] = await tx
      .update(orderRequests)
      .set({ status: 'answered', closedAt: now, answerMessageId: message.id })
      .where(eq(orderRequests.id, requestId))
      .returning();
    await tx
      .update(orders)
      .set({
        openRequests: sql`greatest(${orders.openRequests} - 1, 0)`,
        ...(document && file ? { [identityColumns[document]]: file.key, updatedAt: now } : {}),
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderAudit).values({
      orderId,
      action: 'request_answered',
      actorId: viewer.id,
      detail: { requestId, kind: request.kind, ...(document ? { document, replacedDocument: replaced !== null } : {}), files: attachments.length },
    });
    // the message was announced as it was written; now that it answers the request, the team's queue says so
    await refreshOrderState(tx, orderId);
    return { message: messageAnswer({ ...message, name: viewer.name }, viewer, { attachments, request: null, answered: closed! }), replaced };
  });
}

/** POST /api/orders/:id/requests/:requestId/withdraw: the team takes back a request still open. */
export async function withdrawRequest(db: Db, orderId: string, requestId: string, viewer: TSessionUser): Promise<TOrderRequest> {
  return db.transaction(async (tx) => {
    const { order, request } = await openRequestOf(tx, { orderId, requestId, viewer }, { lock: true });
    if (!writesAsTeam(order, viewer)) throw new AppError('forbidden');
    const [closed] = await tx.update(orderRequests).set({ status: 'withdrawn', closedAt: new Date() }).where(eq(orderRequests.id, request.id)).returning();
    await tx
      .update(orders)
      .set({ openRequests: sql`greatest(${orders.openRequests} - 1, 0)` })
      .where(eq(orders.id, orderId));
    await tx.insert(orderAudit).values({ orderId, action: 'request_withdrawn', actorId: viewer.id, detail: { requestId } });
    await publishOrderEvent(tx, order, 'request');
    return requestAnswer(closed!);
  });
}

/** The storage key of an attachment of the order's thread, for its owner or an administrator (404 otherwise). */
export async function openAttachment(
  db: Db,
  { orderId, attachmentId, viewer, ipAddress }: { orderId: string; attachmentId: string; viewer: TSessionUser; ipAddress: string },
) {
  const order = await findViewableOrder(db, orderId, viewer);
  const [row] = await db
    .select({ key: orderMessageAttachments.storageKey, fileName: orderMessageAttachments.fileName, fromTeam: orderMessages.fromTeam })
    .from(orderMessageAttachments)
    .innerJoin(orderMessages, eq(orderMessages.id, orderMessageAttachments.messageId))
    .where(and(eq(orderMessageAttachments.id, attachmentId), eq(orderMessageAttachments.orderId, orderId)));
  if (!row) throw new AppError('not_found');
  // a file the customer sent (a statement, another ID) is logged like their identity documents
  // when the team opens it, before it is served (identity-documents.service.ts)
  if (!row.fromTeam && order.userId !== viewer.id) await recordTeamLook(db, { orderId, document: 'threadFile', fileName: row.fileName, viewer, ipAddress });
  return { key: row.key, fileName: row.fileName };
}

/** POST /api/orders/:id/messages/read: the other side's messages are read now; their writer's open pages hear of it. */
export async function markThreadRead(db: Db, orderId: string, viewer: TSessionUser, now = new Date()) {
  await db.transaction(async (tx) => {
    const order = await findViewableOrder(tx, orderId, viewer);
    const read = await tx
      .update(orderMessages)
      .set({ readAt: now })
      .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.fromTeam, !writesAsTeam(order, viewer)), isNull(orderMessages.readAt)))
      .returning({ id: orderMessages.id });
    // the live stream replaces polling: without an event the writer's "Sent" would never turn "Read"
    if (read.length > 0) await publishOrderEvent(tx, order, 'message');
  });
}

/** GET /api/me/messages/unread: a customer's unread team messages; for the team, customers' unread messages on every order. */
export async function unreadMessages(db: Db, viewer: TSessionUser): Promise<number> {
  const [row] = hasAdminAccess(viewer)
    ? await db
        .select({ n: count() })
        .from(orderMessages)
        .where(and(eq(orderMessages.fromTeam, false), isNull(orderMessages.readAt)))
    : await db
        .select({ n: count() })
        .from(orderMessages)
        .innerJoin(orders, eq(orders.id, orderMessages.orderId))
        .where(and(eq(orders.userId, viewer.id), eq(orderMessages.fromTeam, true), isNull(orderMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * The one `teamMessages` email of every order whose batch is due (as document-emails.ts does for
 * documents): the team's messages not yet emailed, read in the app or not (a service message is
 * kept in the customer's mailbox too). Claimed by an
 * UPDATE, so two instances send each batch once. Returns how many emails were queued.
 */
export async function sendMessageEmails(db: Db, { mail, appUrl }: OrderMailer, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.update(orders).set({ messagesNotifyAfter: null }).where(lte(orders.messagesNotifyAfter, now)).returning({ id: orders.id });
    let queued = 0;
    for (const { id } of due) {
      const pending = await tx
        .select({ id: orderMessages.id, body: orderMessages.body, name: users.name })
        .from(orderMessages)
        .leftJoin(users, eq(users.id, orderMessages.authorId))
        .where(and(eq(orderMessages.orderId, id), eq(orderMessages.fromTeam, true), isNull(orderMessages.emailedAt)))
        .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
      if (pending.length === 0) continue;
      const customer = await orderCustomer(tx, id);
      await tx
        .update(orderMessages)
        .set({ emailedAt: now })
        .where(
          inArray(
            orderMessages.id,
            pending.map((message) => message.id),
          ),
        );
      if (!customer) continue;
      const messages = pending.map((message) => `${(message.name && firstName(message.name)) || 'Frontera'}:\n${message.body}`).join('\n\n');
      await emailCustomer(
        tx,
        { mail, appUrl },
        {
          orderId: id,
          customer,
          template: 'teamMessages',
          news: {
            messages,
            threadUrl: appPageUrl(appUrl, paths.dashboard({ order: id }), customer.language),
          },
        },
      );
      queued += 1;
    }
    return queued;
  });
}

/**
 * One reminder per request still open `afterHours` after it was made (48 hours), to the
 * customer in their language. Claimed by an UPDATE, so two instances send each reminder once.
 */
export async function sendRequestReminders(
  db: Db,
  { mail, appUrl }: OrderMailer,
  { now = new Date(), afterHours = 48 }: { now?: Date; afterHours?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(orderRequests)
      .set({ remindedAt: now })
      .where(
        and(eq(orderRequests.status, 'open'), isNull(orderRequests.remindedAt), lte(orderRequests.createdAt, new Date(now.getTime() - afterHours * 3_600_000))),
      )
      .returning({ orderId: orderRequests.orderId, messageId: orderRequests.messageId, dueOn: orderRequests.dueOn });
    let queued = 0;
    for (const request of due) {
      const customer = await orderCustomer(tx, request.orderId);
      if (!customer) continue;
      const [asked] = await tx.select({ body: orderMessages.body }).from(orderMessages).where(eq(orderMessages.id, request.messageId));
      await emailCustomer(
        tx,
        { mail, appUrl },
        {
          orderId: request.orderId,
          customer,
          template: 'requestReminder',
          news: {
            request: asked?.body ?? '',
            dueOn: request.dueOn,
            threadUrl: appPageUrl(appUrl, paths.dashboard({ order: request.orderId }), customer.language),
          },
        },
      );
      queued += 1;
    }
    return queued;
  });
}

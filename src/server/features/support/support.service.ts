import { and, asc, desc, eq, getTableColumns, isNull, like, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { firstName } from '@shared/names';
import {
  affiliateOrigin,
  type TicketStatus,
  type TSupportTicket,
  type TSupportTicketView,
  ticketPageMaxSize,
  type TTicketListQuery,
  type TTicketMessage,
  type TTicketOriginFilter,
  type TTicketPage,
  type TTicketThread,
} from '@shared/support';
import type { Db } from '../../db/client';
import { adminAudit, orders, supportTickets, ticketMessages, users } from '../../db/schema';
import { orderNumber } from '@shared/order-model';
import { emailAssignment, listAssignees, resolveAssignee } from '../../domain/assignment';
import type { Services } from '../../services';
import { searchPattern } from '../../domain/search/order-search';
import { ticketSearchText } from '../../domain/search/ticket-search';
import { paths } from '@shared/client-paths';
import { Readable } from 'node:stream';
import type { Language } from '@shared/languages';
import { promiseHours, type PromiseHours } from '@shared/promised-times';
import { ticketDueBetween } from '../../domain/promises';
import { csvLine } from '../../platform/http/csv';
import { serverTexts } from '../../platform/i18n/texts';

/**
 * Stores a ticket or affiliate application (POST /api/support-tickets) and, in the same
 * transaction, the email to the support team: both happen or neither does. Sending happens off
 * the request path (the outbox).
 */
export async function createTicket({ db, mail, config }: Services, input: TSupportTicket, viewer: TSessionUser | null = null): Promise<{ id: string }> {
  const ticket = await db.transaction(async (tx) => {
    // the order asked about is hers, or the request is refused whoever asks (a visitor, a stranger)
    // with the same answer, which says nothing of whether the order exists
    const order = input.order_id ? await ownOrder(tx, input.order_id, viewer) : null;
    const number = order ? orderNumber(order.id) : undefined;
    const [row] = await tx
      .insert(supportTickets)
      .values({
        name: input.name,
        email: input.email,
        supportMessage: input.support_message,
        messageOrigin: input.message_origin ?? null,
        language: input.language ?? 'en',
        searchText: ticketSearchText({ name: input.name, email: input.email, supportMessage: input.support_message }),
      })
      .returning({ id: supportTickets.id });
    if (!row) throw new Error('support ticket insert returned no row');
    await mail.enqueue(
      {
        to: config.SUPPORT_EMAIL,
        template: 'supportTicket',
        // the team's language; the visitor's is in the payload, to answer in it
        language: 'en',
        // answering the notification answers the visitor
        replyTo: input.email,
        payload: {
          kind: input.message_origin === affiliateOrigin ? 'affiliate' : 'ticket',
          // one line: the name goes into the subject
          name: input.name.replace(/\s+/g, ' '),
          email: input.email,
          message: input.support_message,
          language: input.language ?? 'en',
          ticketsUrl: new URL(paths.adminTickets(), config.APP_URL).toString(),
          ...(order && number ? { orderNumber: number, orderUrl: new URL(paths.adminOrder({ id: order.id }), config.APP_URL).toString() } : {}),
        },
      },
      tx,
    );
    return row;
  });
  // the outbox's own kick ran inside the transaction, before the row was visible
  mail.kick();
  return ticket;
}

/** The order `orderId` when `viewer` owns it; a validation error on the field otherwise. */
async function ownOrder(tx: Db, orderId: string, viewer: TSessionUser | null) {
  const [row] = viewer
    ? await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, viewer.id)))
    : [];
  if (!row) throw new AppError('validation_failed', 'errors.validation_failed', { order_id: 'support.orderNotYours' });
  return row;
}

// every column but the search text (as long again as the request): the views never show it
const { searchText: _searchText, ...ticketColumns } = getTableColumns(supportTickets);
type TicketRow = Omit<typeof supportTickets.$inferSelect, 'searchText'>;

const originCondition: Record<TTicketOriginFilter, SQL | undefined> = {
  all: undefined,
  support: isNull(supportTickets.messageOrigin),
  affiliate: eq(supportTickets.messageOrigin, affiliateOrigin),
};

/** The list's query; the due filter and the order are optional for callers that need neither. */
type TicketListInput = Omit<TTicketListQuery, 'due' | 'sort'> & Partial<Pick<TTicketListQuery, 'due' | 'sort'>>;
/** What "overdue" is measured against: the clock and the configured SUPPORT_REPLY_HOURS. */
type TicketClock = { now: Date; hours: PromiseHours };

/**
 * Newest first, one page at a time; the cursor is the id of the previous page's last ticket. `q`
 * matches the folded name, email and request (ticket-search.ts) with LIKE on the trigram index.
 */
export async function listTickets(
  db: Db,
  { q, origin, status, owner, due = 'all', sort = 'newest', limit, cursor }: TicketListInput,
  clock: TicketClock = { now: new Date(), hours: promiseHours },
): Promise<TTicketPage> {
  // keyset paging on (created_at, id): exact to the microsecond, unlike a timestamp sent to the browser;
  // waiting longest first is the same keys ascending
  const waiting = sort === 'waiting';
  const last = sql`(select t.created_at, t.id from ${supportTickets} t where t.id = ${cursor})`;
  const after = cursor
    ? waiting
      ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) > ${last}`
      : sql`(${supportTickets.createdAt}, ${supportTickets.id}) < ${last}`
    : undefined;
  const rows = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(
      and(
        q ? like(supportTickets.searchText, searchPattern(q)) : undefined,
        originCondition[origin],
        status === 'all' ? undefined : eq(supportTickets.status, status),
        // `mine` is turned into the viewer's id by the route
        owner === 'unassigned' ? isNull(supportTickets.assigneeId) : owner ? eq(supportTickets.assigneeId, owner) : undefined,
        // past SUPPORT_REPLY_HOURS with no reply, as the queue counts it
        due === 'overdue' ? ticketDueBetween(clock.hours, null, new Date(clock.now.getTime() - 1)) : undefined,
        after,
      ),
    )
    .orderBy(...(waiting ? [asc(supportTickets.createdAt), asc(supportTickets.id)] : [desc(supportTickets.createdAt), desc(supportTickets.id)]))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    tickets: page.map(ticketView),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The CSV columns, named by the admin catalogue (ticketsCsv.columns) in the administrator's language. */
const ticketCsvColumns = ['received', 'name', 'email', 'origin', 'status', 'owner', 'language', 'message'] as const;

/**
 * GET /api/admin/support-tickets/export.csv: the filtered list, every ticket, streamed a
 * page of 100 at a time through the list's own keyset paging (memory stays flat).
 */
export function ticketsCsv(db: Db, filters: Omit<TicketListInput, 'limit' | 'cursor'>, language: Language, clock: TicketClock): Readable {
  const t = serverTexts(language, 'admin');
  async function* lines() {
    yield `\uFEFF${csvLine(ticketCsvColumns.map((column) => t(`ticketsCsv.columns.${column}`)))}`;
    // owners are administrators: a handful of names, read once
    const owners = new Map((await listAssignees(db)).map((admin) => [admin.id, admin.name]));
    for (let cursor: string | undefined; ;) {
      const page = await listTickets(db, { ...filters, limit: ticketPageMaxSize, cursor }, clock);
      yield page.tickets
        .map((ticket) =>
          csvLine([
            ticket.createdAt,
            ticket.name,
            ticket.email,
            t(`ticketsCsv.origins.${ticket.origin ? 'affiliate' : 'support'}`),
            t(`ticketsCsv.statuses.${ticket.status}`),
            (ticket.assigneeId && owners.get(ticket.assigneeId)) ?? '',
            ticket.language,
            ticket.message,
          ]),
        )
        .join('');
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  return Readable.from(lines());
}

function ticketView(row: TicketRow): TSupportTicketView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.supportMessage,
    origin: row.messageOrigin,
    status: row.status,
    language: row.language,
    assigneeId: row.assigneeId,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findTicket(db: Db, ticketId: string, lock = false) {
  const query = db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, ticketId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', 'support.admin.thread.notFound');
  return row;
}

/** GET /api/admin/support-tickets/:id: the request, then the replies and internal notes, oldest first. */
export async function getTicketThread(db: Db, ticketId: string): Promise<TTicketThread> {
  const ticket = await findTicket(db, ticketId);
  const messages = await db
    .select({ id: ticketMessages.id, kind: ticketMessages.kind, body: ticketMessages.body, author: users.name, createdAt: ticketMessages.createdAt })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return { ticket: ticketView(ticket), messages: messages.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * POST /api/admin/support-tickets/:id/replies: the reply joins the thread, the ticket is answered
 * (a closed one too: a reply reopens the conversation) and the requester is emailed in the
 * ticket's language, Reply-To the support address, in the same transaction.
 */
export async function replyToTicket({ db, mail, config }: Services, ticketId: string, body: string, admin: TSessionUser): Promise<TTicketMessage> {
  const message = await db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId, true);
    const [row] = await tx.insert(ticketMessages).values({ ticketId, kind: 'reply', authorId: admin.id, body }).returning();
    await tx.update(supportTickets).set({ status: 'answered' }).where(eq(supportTickets.id, ticketId));
    await mail.enqueue(
      {
        to: ticket.email,
        template: 'ticketReply',
        language: ticket.language,
        replyTo: config.SUPPORT_EMAIL,
        payload: { firstName: firstName(ticket.name) || ticket.name, reply: body, request: ticket.supportMessage },
      },
      tx,
    );
    return row!;
  });
  // the outbox's own kick ran inside the transaction, before the row was visible
  mail.kick();
  return { id: message.id, kind: message.kind, body: message.body, author: admin.name, createdAt: message.createdAt.toISOString() };
}

/** POST /api/admin/support-tickets/:id/notes: for the team only; nobody is emailed. */
export async function addTicketNote(db: Db, ticketId: string, body: string, admin: TSessionUser): Promise<TTicketMessage> {
  await findTicket(db, ticketId);
  const [row] = await db.insert(ticketMessages).values({ ticketId, kind: 'note', authorId: admin.id, body }).returning();
  return { id: row!.id, kind: row!.kind, body: row!.body, author: admin.name, createdAt: row!.createdAt.toISOString() };
}

/** PATCH /api/admin/support-tickets/:id/status: close a ticket, or reopen it. */
export async function setTicketStatus(db: Db, ticketId: string, status: TicketStatus): Promise<TSupportTicketView> {
  const [row] = await db.update(supportTickets).set({ status }).where(eq(supportTickets.id, ticketId)).returning(ticketColumns);
  if (!row) throw new AppError('not_found', 'support.admin.thread.notFound');
  return ticketView(row);
}

/**
 * POST /api/admin/support-tickets/:id/assignee: the ticket's owner, or none; audited in
 * admin_audit (`assign_ticket`, the ticket as target); the new owner is emailed when someone else
 * assigned it. Giving it to whom already has it changes nothing.
 */
export async function assignTicket(
  db: Db,
  { mail, appUrl }: { mail: Services['mail']; appUrl: string },
  { ticketId, assigneeId, admin }: { ticketId: string; assigneeId: string | null; admin: TSessionUser },
): Promise<TSupportTicketView> {
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId, true);
    const assignee = await resolveAssignee(tx, assigneeId);
    const to = assignee?.id ?? null;
    if (ticket.assigneeId === to) return ticketView(ticket);
    const [row] = await tx.update(supportTickets).set({ assigneeId: to }).where(eq(supportTickets.id, ticketId)).returning(ticketColumns);
    await tx.insert(adminAudit).values({ actorId: admin.id, targetId: ticketId, action: 'assign_ticket', detail: { from: ticket.assigneeId, to } });
    if (assignee)
      await emailAssignment(mail, tx, appUrl, { assignee, actor: admin, kind: 'ticket', title: ticket.name, path: paths.adminTicket({ id: ticketId }) });
    return ticketView(row!);
  });
}

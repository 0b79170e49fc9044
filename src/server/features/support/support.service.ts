import { and, asc, desc, eq, getTableColumns, isNull, like, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import { firstName } from '@shared/names';
import {
  affiliateOrigin,
  type TicketStatus,
  type TSupportTicket,
  type TSupportTicketView,
  type TTicketListQuery,
  type TTicketMessage,
  type TTicketOriginFilter,
  type TTicketPage,
  type TTicketThread,
} from '@shared/support';
import type { Db } from '../../db/client';
import { supportTickets, ticketMessages, users } from '../../db/schema';
import type { Services } from '../../services';
import { searchPattern } from '../../domain/search/order-search';
import { ticketSearchText } from '../../domain/search/ticket-search';
import { paths } from '@shared/client-paths';

/**
 * Stores a ticket or affiliate application (POST /api/support-tickets) and, in the same
 * transaction, the email to the support team: both happen or neither does. Sending happens off
 * the request path (the outbox).
 */
export async function createTicket({ db, mail, config }: Services, input: TSupportTicket): Promise<{ id: string }> {
  const ticket = await db.transaction(async (tx) => {
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

// every column but the search text (as long again as the request): the views never show it
const { searchText: _searchText, ...ticketColumns } = getTableColumns(supportTickets);
type TicketRow = Omit<typeof supportTickets.$inferSelect, 'searchText'>;

const originCondition: Record<TTicketOriginFilter, SQL | undefined> = {
  all: undefined,
  support: isNull(supportTickets.messageOrigin),
  affiliate: eq(supportTickets.messageOrigin, affiliateOrigin),
};

/**
 * Newest first, one page at a time; the cursor is the id of the previous page's last ticket. `q`
 * matches the folded name, email and request (ticket-search.ts) with LIKE on the trigram index.
 */
export async function listTickets(db: Db, { q, origin, status, limit, cursor }: TTicketListQuery): Promise<TTicketPage> {
  // keyset paging on (created_at, id): exact to the microsecond, unlike a timestamp sent to the browser
  const after = cursor
    ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < (select t.created_at, t.id from ${supportTickets} t where t.id = ${cursor})`
    : undefined;
  const rows = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(
      and(
        q ? like(supportTickets.searchText, searchPattern(q)) : undefined,
        originCondition[origin],
        status === 'all' ? undefined : eq(supportTickets.status, status),
        after,
      ),
    )
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    tickets: page.map(ticketView),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
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
    createdAt: row.createdAt.toISOString(),
  };
}

async function findTicket(db: Db, ticketId: string, lock = false) {
  const query = db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.id, ticketId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', 'support.admin.thread.notFound');
  return row;
}

/** GET /api/admin/support-tickets/:id (issue 21): the request, then the replies and internal notes, oldest first. */
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

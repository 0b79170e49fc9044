import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { affiliateOrigin, type TSupportTicket, type TTicketListQuery, type TTicketOriginFilter, type TTicketPage } from '@shared/support';
import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';
import type { Services } from '../../services';

/**
 * Stores a ticket or affiliate application (POST /api/support-tickets) and, in the same
 * transaction, the email to the support team: both happen or neither does. Sending happens off
 * the request path (the outbox).
 */
export async function createTicket({ db, mail, config }: Services, input: TSupportTicket): Promise<{ id: string }> {
  const ticket = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ name: input.name, email: input.email, supportMessage: input.support_message, messageOrigin: input.message_origin ?? null })
      .returning({ id: supportTickets.id });
    if (!row) throw new Error('support ticket insert returned no row');
    await mail.enqueue(
      {
        to: config.SUPPORT_EMAIL,
        template: 'supportTicket',
        // the team's language; the visitor's is in the payload, to answer in it
        language: 'en',
        payload: {
          kind: input.message_origin === affiliateOrigin ? 'affiliate' : 'ticket',
          // one line: the name goes into the subject
          name: input.name.replace(/\s+/g, ' '),
          email: input.email,
          message: input.support_message,
          language: input.language ?? 'en',
          ticketsUrl: new URL('/admin/tickets', config.APP_URL).toString(),
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

const originCondition: Record<TTicketOriginFilter, SQL | undefined> = {
  all: undefined,
  support: isNull(supportTickets.messageOrigin),
  affiliate: eq(supportTickets.messageOrigin, affiliateOrigin),
};

/** Newest first, one page at a time; the cursor is the id of the previous page's last ticket. */
export async function listTickets(db: Db, { origin, limit, cursor }: TTicketListQuery): Promise<TTicketPage> {
  // keyset paging on (created_at, id): exact to the microsecond, unlike a timestamp sent to the browser
  const after = cursor
    ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < (select t.created_at, t.id from ${supportTickets} t where t.id = ${cursor})`
    : undefined;
  const rows = await db
    .select()
    .from(supportTickets)
    .where(and(originCondition[origin], after))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    tickets: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      message: row.supportMessage,
      origin: row.messageOrigin,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

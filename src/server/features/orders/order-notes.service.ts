import { asc, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TOrderNote, TOrderNoteList } from '@shared/admin';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '@server/db/client';
import { orderNotes, orders, users } from '@server/db/schema';

/*
 * Internal notes on an order: written and read by administrators only, through
 * /api/admin/orders/:id/notes. No customer endpoint reads this table.
 */

async function requireOrder(db: Db, orderId: string) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', 'admin.orderNotFound');
}

/** GET /api/admin/orders/:id/notes: oldest first, with each author's name. */
export async function listOrderNotes(db: Db, orderId: string): Promise<TOrderNoteList> {
  await requireOrder(db, orderId);
  const rows = await db
    .select({ id: orderNotes.id, body: orderNotes.body, author: users.name, createdAt: orderNotes.createdAt })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return { notes: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** POST /api/admin/orders/:id/notes */
export async function addOrderNote(db: Db, orderId: string, body: string, admin: TSessionUser): Promise<TOrderNote> {
  await requireOrder(db, orderId);
  const [note] = await db.insert(orderNotes).values({ orderId, authorId: admin.id, body }).returning({ id: orderNotes.id, createdAt: orderNotes.createdAt });
  return { id: note!.id, body, author: admin.name, createdAt: note!.createdAt.toISOString() };
}

import { and, desc, eq, like, sql } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TAdminUserPage, TAdminUsersQuery, TRoleChangeResult, TSecondFactorReset, TSessionsEnded } from '@shared/admin-users';
import type { TSessionUser } from '@shared/auth';
import { cappedCount } from '@server/db/capped-count';
import type { Db } from '@server/db/client';
import { adminAudit, orderAudit, orders, sessions, supportTickets, users } from '@server/db/schema';
import { newEnrolmentLink, resetSecondFactor } from '@server/domain/admin-accounts';
import { searchPattern } from '@server/domain/search/order-search';

/**
 * GET /api/admin/users: accounts newest first, in keyset pages (the cursor is the previous page's
 * last id; its created_at is read in SQL, as for orders, ADR 0008). Name or email as a substring
 * of the folded search_text column; the order and session counts are subqueries of the same
 * statement (one query per page, index-backed), and the first page counts the matches up to the
 * cap (@shared/list-counts).
 */
export async function listAdminUsers(db: Db, query: TAdminUsersQuery): Promise<TAdminUserPage> {
  const filters = and(
    query.q ? like(users.searchText, searchPattern(query.q)) : undefined,
    query.role === 'all' ? undefined : eq(users.isAdmin, query.role === 'admin'),
  );
  const newestFirst = [desc(users.createdAt), desc(users.id)];
  const after = query.cursor ? sql`(${users.createdAt}, ${users.id}) < (select u.created_at, u.id from ${users} u where u.id = ${query.cursor})` : undefined;
  // spelled "users"."id" in the subqueries: Drizzle leaves columns unqualified in a one-table select
  const rowsQuery = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      twoFactorEnabled: users.twoFactorEnabled,
      language: users.language,
      createdAt: users.createdAt,
      orderCount: sql<number>`(select count(*) from ${orders} o where o.user_id = "users"."id")::int`,
      activeSessions: sql<number>`(select count(*) from ${sessions} s where s.user_id = "users"."id" and s.expires_at > now())::int`,
    })
    .from(users)
    .where(and(filters, after))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  // later pages keep the total the first page gave
  const [rows, total] = await Promise.all([rowsQuery, query.cursor ? null : cappedCount(db, users, filters, { order: newestFirst })]);
  const more = rows.length > query.limit;
  const visible = more ? rows.slice(0, query.limit) : rows;
  return {
    users: visible.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    nextCursor: more ? (visible.at(-1)?.id ?? null) : null,
  };
}

/** Neither action is for one's own account: another administrator does it (409 own_account). */
function refuseOwnAccount(admin: TSessionUser, targetId: string) {
  if (admin.id === targetId) throw new AppError('own_account');
}

/** Unassigns every order and ticket `ownerId` owns, with an audit row each as one by one would write; how many of each. */
async function releaseAssignments(tx: Db, actorId: string, ownerId: string): Promise<{ orders: number; tickets: number }> {
  const freedOrders = await tx.update(orders).set({ assigneeId: null }).where(eq(orders.assigneeId, ownerId)).returning({ id: orders.id });
  const freedTickets = await tx
    .update(supportTickets)
    .set({ assigneeId: null })
    .where(eq(supportTickets.assigneeId, ownerId))
    .returning({ id: supportTickets.id });
  const detail = { from: ownerId, to: null };
  if (freedOrders.length > 0) await tx.insert(orderAudit).values(freedOrders.map(({ id }) => ({ orderId: id, action: 'assigned', actorId, detail })));
  if (freedTickets.length > 0)
    await tx.insert(adminAudit).values(freedTickets.map(({ id }) => ({ actorId, targetId: id, action: 'assign_ticket' as const, detail })));
  return { orders: freedOrders.length, tickets: freedTickets.length };
}

/**
 * PATCH /api/admin/users/:id/role. In one transaction that locks every administrator's row, so two
 * administrators demoting each other at once cannot leave none: the actor must still be one, the
 * last administrator is never demoted (409 last_admin), and the change is audited. Better Auth
 * reads the user row with the session on every request, so the new role holds from the next one.
 */
export async function changeUserRole(
  db: Db,
  appUrl: string,
  { admin, targetId, isAdmin }: { admin: TSessionUser; targetId: string; isAdmin: boolean },
): Promise<TRoleChangeResult> {
  refuseOwnAccount(admin, targetId);
  const changed = await db.transaction(async (tx) => {
    const administrators = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
    const [target] = await tx
      .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target) throw new AppError('not_found', 'admin.users.notFound');
    if (target.isAdmin === isAdmin) return { id: target.id, isAdmin, changed: false, needsEnrolment: false };
    // reached when another administrator has just demoted the actor, who is demoting the last one
    if (!isAdmin && administrators.length <= 1) throw new AppError('last_admin');
    if (!administrators.some((row) => row.id === admin.id)) throw new AppError('forbidden');
    await tx.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, targetId));
    // only administrators own work; a demoted one's orders and tickets go back to the pool, each audited
    const released = isAdmin ? { orders: 0, tickets: 0 } : await releaseAssignments(tx, admin.id, targetId);
    await tx.insert(adminAudit).values({
      actorId: admin.id,
      targetId,
      action: isAdmin ? 'promote' : 'demote',
      detail: { email: target.email, actorEmail: admin.email, ...(isAdmin ? {} : { released }) },
    });
    return { id: target.id, isAdmin, changed: true, needsEnrolment: isAdmin && !target.twoFactorEnabled };
  });
  const { needsEnrolment, ...result } = changed;
  return { ...result, enrolmentLink: needsEnrolment ? await enrolmentLinkFor(db, appUrl, targetId) : null };
}

const enrolmentLinkFor = async (db: Db, appUrl: string, userId: string) => {
  const { url, expiresAt } = await newEnrolmentLink(db, appUrl, userId);
  return { url, expiresAt: expiresAt.toISOString() };
};

/**
 * POST /api/admin/users/:id/end-sessions: deletes every session row of the account, so each of its
 * cookies is refused (401) from the next request on; audited with how many there were.
 */
export async function endUserSessions(db: Db, admin: TSessionUser, targetId: string): Promise<TSessionsEnded> {
  refuseOwnAccount(admin, targetId);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, targetId));
    if (!target) throw new AppError('not_found', 'admin.users.notFound');
    const ended = await tx.delete(sessions).where(eq(sessions.userId, targetId)).returning({ id: sessions.id });
    const live = ended.length;
    await tx
      .insert(adminAudit)
      .values({ actorId: admin.id, targetId, action: 'end_sessions', detail: { email: target.email, actorEmail: admin.email, sessions: live } });
    return { id: target.id, ended: live };
  });
}

/** POST /api/admin/users/:id/reset-two-factor: for a colleague who lost their phone; never one's own (they turn it off on the Security page). */
export async function resetUserSecondFactor(db: Db, appUrl: string, admin: TSessionUser, targetId: string): Promise<TSecondFactorReset> {
  refuseOwnAccount(admin, targetId);
  const [target] = await db.select({ id: users.id, email: users.email, isAdmin: users.isAdmin }).from(users).where(eq(users.id, targetId));
  if (!target) throw new AppError('not_found', 'admin.users.notFound');
  const reset = await resetSecondFactor(db, target, admin);
  // an administrator enrols again only through a new link, which the one resetting passes on
  return { ...reset, enrolmentLink: target.isAdmin ? await enrolmentLinkFor(db, appUrl, target.id) : null };
}

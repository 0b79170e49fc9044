import { enrolmentTokenIn, enrollSecondFactor } from '@server/test/second-factor';
import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { adminAudit, orderAudit, orders, supportTickets, users } from '@server/db/schema';
import { userSearchExpression } from '@server/db/user-search';
import { migrationsFolder } from '@server/db/client';
import { buildTestApp, cookieFrom, signUp, strongPassword, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';

type Method = 'GET' | 'PATCH' | 'POST';

describe.each(testDatabases)('admin users API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    database = await target.open();
    ({ app } = await buildTestApp(database));
    admin = await signUp(app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(database.db, admin.user.email);
    customer = await signUp(app, { language: 'es' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const as = (cookie: string | undefined, method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });
  const newAdmin = async (name = 'Other Admin') => {
    const account = await signUp(app, { name });
    await promoteEnrolledAdmin(database.db, account.user.email);
    return account;
  };
  const auditOf = (targetId: string) => database.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId)).orderBy(adminAudit.createdAt);

  it('answers visitors 401 and customers 403 on every new admin endpoint, administrators 200', async () => {
    const bystander = await signUp(app);
    const endpoints: [Method, string, unknown][] = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/users?q=ana&role=admin', undefined],
      ['PATCH', `/api/admin/users/${bystander.user.id}/role`, { isAdmin: false }],
      ['POST', `/api/admin/users/${bystander.user.id}/end-sessions`, undefined],
      ['GET', '/api/admin/integrations', undefined],
      ['GET', '/api/admin/launch-list', undefined],
      ['GET', '/api/admin/launch-list.csv', undefined],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await as(undefined, method, url, payload)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await as(customer.cookie, method, url, payload)).statusCode, `${method} ${url} customer`).toBe(403);
      expect((await as(admin.cookie, method, url, payload)).statusCode, `${method} ${url} admin`).toBe(200);
    }
    // the administrator's call (and only it) ended the bystander's sessions
    expect((await as(bystander.cookie, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('lists accounts newest first with sign-up date, role and order count, searching name and email without case or accents', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const zoe = await signUp(app, { name: `Zoë Núñez ${tag}` });
    const mail = await signUp(app, { name: `Plain ${tag}`, email: `QUINTANA.${tag}@Example.com` });
    await submitOrder(app, zoe.cookie);
    await submitOrder(app, zoe.cookie);
    const list = async (query: string) => (await as(admin.cookie, 'GET', `/api/admin/users?${query}`)).json();
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).users.map((u: { id: string }) => u.id);

    expect(await ids(`zoe nunez ${tag}`)).toEqual([zoe.user.id]);
    expect(await ids(`ZOË NÚÑEZ ${tag}`)).toEqual([zoe.user.id]);
    expect(await ids(`quintana.${tag.toUpperCase()}@example`)).toEqual([mail.user.id]);
    expect(await ids(tag)).toEqual([mail.user.id, zoe.user.id]);
    // LIKE wildcards are text, and the name and email are separate lines
    expect(await list('q=%25')).toMatchObject({ users: [], total: 0 });
    expect(await ids(`${tag}\nquintana`)).toEqual([]);

    const [row] = (await list(`q=${encodeURIComponent(`zoe ${''}nunez ${tag}`)}`)).users;
    expect(row).toEqual({
      id: zoe.user.id,
      name: `Zoë Núñez ${tag}`,
      email: zoe.user.email,
      isAdmin: false,
      twoFactorEnabled: false,
      language: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orderCount: 2,
      activeSessions: 1,
    });
    expect((await list(`q=${tag}`)).total).toBe(2);
    // the role filter
    const admins = await list('role=admin&limit=100');
    expect(admins.users.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    expect(admins.users.map((u: { id: string }) => u.id)).toContain(admin.user.id);
    expect((await list('role=customer&limit=100')).users.some((u: { isAdmin: boolean }) => u.isAdmin)).toBe(false);
    expect((await as(admin.cookie, 'GET', '/api/admin/users?role=owner')).statusCode).toBe(400);
    expect((await as(admin.cookie, 'GET', `/api/admin/users?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('the database folds the search column as foldText does (the migration holds the same letters)', async () => {
    const migration = fs.readFileSync(`${migrationsFolder()}/0008_admin_users_launch_list.sql`, 'utf8');
    expect(migration).toContain(userSearchExpression);
    const account = await signUp(app, { name: 'ÅNGSTRÖM Çelik Łódź Ñandú Ǖ Ṩ', email: `Emile.${Date.now()}@EXAMPLE.COM` });
    const [row] = await database.db.select({ searchText: users.searchText }).from(users).where(eq(users.id, account.user.id));
    // Ł has no decomposition: foldText keeps it, as the column does
    expect(row?.searchText).toBe(`angstrom celik łodz nandu u s\n${account.user.email.toLowerCase()}`);
  });

  it('pages with a cursor, newest first, without repeats, counting on the first page only', async () => {
    const tag = `page${Math.random().toString(36).slice(2, 8)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await signUp(app, { name: `${tag} ${i}` })).user.id);
    // the same millisecond, microseconds apart: the cursor's created_at is read in SQL
    for (const [index, id] of made.entries()) {
      await database.db
        .update(users)
        .set({ createdAt: sql`${`2999-01-01 00:00:00.000${index + 1}00+00`}::timestamptz` })
        .where(eq(users.id, id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { users: { id: string }[]; total: number | null; nextCursor: string | null } = (
        await as(admin.cookie, 'GET', `/api/admin/users?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.total).toBe(pages === 0 ? 5 : null);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  it('promotes a customer, audited, who reaches the admin endpoints with the same session; demotion is refused from the next request', async () => {
    const account = await signUp(app, { name: 'Promoted Person' });
    expect((await as(account.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(403);
    const promoted = await as(admin.cookie, 'PATCH', `/api/admin/users/${account.user.id}/role`, { isAdmin: true });
    // with the one-time link the new administrator sets up their second factor with (ADR 0027)
    expect(promoted.json()).toEqual({
      id: account.user.id,
      isAdmin: true,
      changed: true,
      enrolmentLink: { url: expect.stringMatching(/\/admin#enrolment=[\w-]{43}$/), expiresAt: expect.any(String) },
    });
    const enrolmentToken = enrolmentTokenIn(promoted.json().enrolmentLink.url);
    expect(Date.parse(promoted.json().enrolmentLink.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    // the role alone opens only the second factor's enrolment; with it, the admin area
    expect((await as(account.cookie, 'GET', '/api/admin/orders')).json().error.code).toBe('second_factor_required');
    expect((await as(account.cookie, 'GET', '/api/session')).json().user.isAdmin).toBe(true);
    account.cookie = (await enrollSecondFactor(app, { ...account, enrolmentToken })).cookie;
    expect((await as(account.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(200);
    // the same role again changes and audits nothing
    expect((await as(admin.cookie, 'PATCH', `/api/admin/users/${account.user.id}/role`, { isAdmin: true })).json().changed).toBe(false);

    expect((await as(admin.cookie, 'PATCH', `/api/admin/users/${account.user.id}/role`, { isAdmin: false })).json()).toEqual({
      id: account.user.id,
      isAdmin: false,
      changed: true,
      enrolmentLink: null,
    });
    expect((await as(account.cookie, 'GET', '/api/admin/orders')).statusCode).toBe(403);
    expect((await as(account.cookie, 'GET', '/api/admin/users')).statusCode).toBe(403);

    const audit = await auditOf(account.user.id);
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['promote', admin.user.id],
      ['enable_two_factor', account.user.id],
      ['demote', admin.user.id],
    ]);
    expect(audit[0]?.detail).toMatchObject({ email: account.user.email });
  });

  it('a demoted administrator owns nothing any more: their orders and tickets go back to the pool, each audited', async () => {
    const colleague = await newAdmin('Luis Colega');
    const customer = await signUp(app);
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
    const created = await app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: { name: 'Ana Pérez', email: 'ana.demote@example.com', support_message: 'Hola, ¿cómo va mi pedido?' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().ticket.id as string;
    expect((await as(admin.cookie, 'POST', `/api/admin/orders/${orderId}/assignee`, { assigneeId: colleague.user.id })).statusCode).toBe(200);
    expect((await as(admin.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/assignee`, { assigneeId: colleague.user.id })).statusCode).toBeLessThan(300);

    expect((await as(admin.cookie, 'PATCH', `/api/admin/users/${colleague.user.id}/role`, { isAdmin: false })).json().changed).toBe(true);
    const [order] = await database.db.select({ assigneeId: orders.assigneeId }).from(orders).where(eq(orders.id, orderId));
    const [ticket] = await database.db.select({ assigneeId: supportTickets.assigneeId }).from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect([order?.assigneeId, ticket?.assigneeId]).toEqual([null, null]);
    const orderRows = await database.db
      .select({ actorId: orderAudit.actorId, detail: orderAudit.detail })
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, orderId), eq(orderAudit.action, 'assigned')))
      .orderBy(orderAudit.createdAt);
    expect(orderRows.at(-1)).toEqual({ actorId: admin.user.id, detail: { from: colleague.user.id, to: null } });
    expect((await auditOf(ticketId)).map((entry) => [entry.action, entry.detail])).toEqual([
      ['assign_ticket', { from: null, to: colleague.user.id }],
      ['assign_ticket', { from: colleague.user.id, to: null }],
    ]);
    expect((await auditOf(colleague.user.id)).at(-1)).toMatchObject({ action: 'demote', detail: { released: { orders: 1, tickets: 1 } } });
  });

  it('refuses one’s own role and sessions (409 own_account), unknown accounts (404) and bad bodies (400)', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/users/${admin.user.id}/role`, { isAdmin: false }],
      ['PATCH', `/api/admin/users/${admin.user.id}/role`, { isAdmin: true }],
      ['POST', `/api/admin/users/${admin.user.id}/end-sessions`, undefined],
    ] as [Method, string, unknown][]) {
      const answer = await as(admin.cookie, method, url, payload);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json().error).toEqual({ code: 'own_account', message: 'errors.own_account' });
    }
    expect((await as(admin.cookie, 'GET', '/api/session')).json().user.isAdmin).toBe(true);
    expect((await as(admin.cookie, 'PATCH', '/api/admin/users/no-such-user/role', { isAdmin: true })).statusCode).toBe(404);
    expect((await as(admin.cookie, 'POST', '/api/admin/users/no-such-user/end-sessions')).statusCode).toBe(404);
    for (const body of [{}, { isAdmin: 'yes' }, { isAdmin: 1 }, null]) {
      expect((await as(admin.cookie, 'PATCH', `/api/admin/users/${customer.user.id}/role`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await auditOf(admin.user.id)).toEqual([]);
  });

  it('never leaves the business without an administrator: of two demoting each other at once, one is refused (409 last_admin)', async () => {
    const first = await newAdmin('First Admin');
    const second = await newAdmin('Second Admin');
    // only these two remain administrators
    await database.db
      .update(users)
      .set({ isAdmin: false })
      .where(sql`${users.isAdmin} and ${users.id} not in (${first.user.id}, ${second.user.id})`);
    try {
      const answers = await Promise.all([
        as(first.cookie, 'PATCH', `/api/admin/users/${second.user.id}/role`, { isAdmin: false }),
        as(second.cookie, 'PATCH', `/api/admin/users/${first.user.id}/role`, { isAdmin: false }),
      ]);
      // one wins; the other is refused either by the last-administrator rule (409) or, when the
      // first demotion was already committed as its request arrived, as no longer an administrator (403)
      const [won, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
      expect(won!.statusCode).toBe(200);
      expect([403, 409]).toContain(refused!.statusCode);
      expect(refused!.json().error.code).toBe(refused!.statusCode === 409 ? 'last_admin' : 'forbidden');
      const remaining = await database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
      expect(remaining).toHaveLength(1);
      expect(
        await database.db
          .select()
          .from(adminAudit)
          .where(inArray(adminAudit.targetId, [first.user.id, second.user.id])),
      ).toHaveLength(1);
    } finally {
      await promoteEnrolledAdmin(database.db, admin.user.email);
    }
  });

  it('ends every session of an account: each of its cookies is refused from the next request, audited', async () => {
    const account = await signUp(app, { name: 'Two Browsers' });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: account.user.email, password: strongPassword } });
    const secondCookie = cookieFrom(signIn);
    for (const cookie of [account.cookie, secondCookie]) expect((await as(cookie, 'GET', '/api/me')).statusCode).toBe(200);

    const ended = await as(admin.cookie, 'POST', `/api/admin/users/${account.user.id}/end-sessions`);
    expect(ended.json()).toEqual({ id: account.user.id, ended: 2 });
    for (const cookie of [account.cookie, secondCookie]) {
      expect((await as(cookie, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await as(cookie, 'GET', '/api/orders')).statusCode).toBe(401);
      expect((await as(cookie, 'GET', '/api/session')).json().user).toBeNull();
    }
    // the administrator's own session is untouched; signing in again works
    expect((await as(admin.cookie, 'GET', '/api/me')).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: account.user.email, password: strongPassword } });
    expect((await as(cookieFrom(again), 'GET', '/api/me')).statusCode).toBe(200);
    const [entry] = await auditOf(account.user.id);
    expect(entry).toMatchObject({ action: 'end_sessions', actorId: admin.user.id, detail: { sessions: 2, email: account.user.email } });
  });
});

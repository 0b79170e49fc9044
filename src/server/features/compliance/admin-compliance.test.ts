import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@server/db/schema';
import { appPerSuite, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { adminCompliance } from './admin-compliance';

describe.each(testDatabases)("administrators: every company's deadlines on $name", (target) => {
  const suite = appPerSuite(target);

  async function company(formationDate: string | null) {
    const owner = await signUp(suite.app);
    const { id } = (await submitOrder(suite.app, owner.cookie)).json().order as { id: string };
    await suite.database.db.update(orders).set({ formationDate }).where(eq(orders.id, id));
    return { owner, id };
  }

  it('lists overdue and soon-due deadlines of every formed company, soonest first; not done ones, not far ones, not unformed companies', async () => {
    const late = await company('2029-03-15');
    const fresh = await company('2030-01-20');
    const unformed = await company(null);
    const { items } = await adminCompliance(suite.database.db, { today: '2030-02-10' });
    const of = (id: string) =>
      items.filter((item) => item.orderId === id).map((item) => `${item.deadline.kind} ${item.deadline.dueDate} ${item.deadline.status}`);
    // formed a year ago: Wyoming's report on March 1 and the agent's renewal on March 15 are due soon; Form 5472 April 15 within 90 days
    expect(of(late.id)).toEqual(
      expect.arrayContaining(['state-annual-report 2030-03-01 due-soon', 'registered-agent 2030-03-15 upcoming', 'federal-5472 2030-04-15 upcoming']),
    );
    // formed last month: its first report is a year away
    expect(of(fresh.id).some((line) => line.startsWith('state-annual-report'))).toBe(false);
    expect(of(unformed.id)).toEqual([]);
    const dates = items.map((item) => item.deadline.dueDate!);
    expect(dates).toEqual([...dates].sort());
    expect(items.every((item) => item.deadline.dueDate! <= '2030-05-11')).toBe(true);

    // a year later nothing was marked done: the report is overdue
    const later = await adminCompliance(suite.database.db, { today: '2030-03-05' });
    expect(later.items.find((item) => item.orderId === late.id && item.deadline.kind === 'state-annual-report')?.deadline.status).toBe('overdue');
  });

  it('pages by company, the earliest open deadline first, each company once with all its deadlines; a bad cursor is 400', async () => {
    const today = '2035-02-10';
    // three companies with the same earliest deadline (ties broken by order id) and one a month earlier
    const same = await Promise.all(['2034-03-15', '2034-03-15', '2034-03-15'].map((date) => company(date)));
    const earlier = await company('2034-02-15');
    const ours = new Set([...same, earlier].map((c) => c.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adminCompliance(suite.database.db, { today, cursor, pageSize: 2 });
      const companies = [...new Set(page.items.map((item) => item.orderId))];
      expect(companies.length).toBeLessThanOrEqual(2);
      seen.push(...companies.filter((id) => ours.has(id)));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    expect(cursor).toBeUndefined();
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect(seen.indexOf(earlier.id)).toBeLessThan(Math.min(...same.map((c) => seen.indexOf(c.id))));
    // every listed deadline of a company on its one page: the report, the agent's renewal, Form 5472
    const first = await adminCompliance(suite.database.db, { today, pageSize: 500 });
    expect(
      first.items
        .filter((item) => item.orderId === same[0]!.id)
        .map((item) => item.deadline.kind)
        .sort(),
    ).toEqual(['federal-5472', 'registered-agent', 'state-annual-report']);

    const admin = await signUp(suite.app);
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    for (const bad of ['x', '2035-01-01', `2035-01-01~${'a'.repeat(36)}`, `${'9'.repeat(200)}`]) {
      const response = await suite.app.inject({ url: `/api/admin/compliance?cursor=${encodeURIComponent(bad)}`, headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(400);
    }
  });

  it('visitors get 401, customers 403, administrators the list', async () => {
    // a year ago less 30 days: the registered agent renews within a month of today
    const { id } = await company(new Date(Date.now() - 335 * 86_400_000).toISOString().slice(0, 10));
    expect((await suite.app.inject({ url: '/api/admin/compliance' })).statusCode).toBe(401);
    const customer = await signUp(suite.app);
    expect((await suite.app.inject({ url: '/api/admin/compliance', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const admin = await signUp(suite.app);
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    const response = await suite.app.inject({ url: '/api/admin/compliance', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { orderId: string; deadline: { kind: string } }) => `${item.orderId} ${item.deadline.kind}`)).toContain(
      `${id} registered-agent`,
    );
  });
});

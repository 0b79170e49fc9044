import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complianceDone, orders } from '@server/db/schema';
import { appPerSuite, signUp, promoteEnrolledAdmin } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder, validOrder } from '@server/test/orders';
import { utcToday } from './compliance.service';

describe.each(testDatabases)('compliance API on $name', (target) => {
  const suite = appPerSuite(target);

  /** A Wyoming order of a foreign organizer (validOrder: Peru), formed on `formationDate` one year before today's year. */
  async function formedOrder(overrides = {}, row: Partial<typeof orders.$inferInsert> = {}) {
    const owner = await signUp(suite.app);
    const response = await submitOrder(suite.app, owner.cookie, validOrder(overrides));
    const { id } = response.json().order as { id: string };
    const year = Number(utcToday().slice(0, 4)) - 1;
    const formationDate = `${year}-03-15`;
    await suite.database.db
      .update(orders)
      .set({ ...row, formationDate })
      .where(eq(orders.id, id));
    return { owner, id, year, formationDate };
  }
  const get = (id: string, cookie?: string) => suite.app.inject({ url: `/api/orders/${id}/compliance`, headers: cookie ? { cookie } : {} });
  const done = (id: string, body: unknown, cookie?: string) =>
    suite.app.inject({ method: 'POST', url: `/api/orders/${id}/compliance/done`, payload: body as object, headers: cookie ? { cookie } : {} });

  it('the owner sees the Wyoming calendar: report on the first day of the anniversary month, $60 minimum; Form 5472 on April 15 (foreign owner)', async () => {
    const { owner, id, year, formationDate } = await formedOrder();
    const response = await get(id, owner.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ formationDate, state: 'WY', owners: 'foreign', members: 'single' });
    const report = body.deadlines.find(
      (d: { kind: string; status: string }) => d.kind === 'state-annual-report' && d.status !== 'overdue' && d.status !== 'done',
    );
    expect(report.dueDate).toMatch(/-03-01$/);
    expect(Number(report.dueDate.slice(0, 4))).toBeGreaterThan(year);
    expect(report.amount).toEqual({ cents: 6000, method: 'minimum', basis: 'hybrid' });
    expect(body.deadlines.map((d: { kind: string }) => d.kind)).toContain('federal-5472');
    expect(body.deadlines.some((d: { dueDate: string | null }) => d.dueDate === `${year + 1}-04-15`)).toBe(true);
    expect(body.deadlines.at(-1).kind).toBe('boi-note');
  });

  it('a foreign national living in the US is treated as a foreign owner: Form 5472 is shown', async () => {
    const { owner, id } = await formedOrder({}, { nationality: 'MX', addressCountry: 'US' });
    const body = (await get(id, owner.cookie)).json();
    expect(body).toMatchObject({ owners: 'foreign', members: 'single' });
    expect(body.deadlines.map((d: { kind: string }) => d.kind)).toContain('federal-5472');
  });

  it('a US organizer with a partner: Form 1065, no 5472', async () => {
    const { owner, id } = await formedOrder(
      { partner: { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '999 888 777', country: 'PE', address: 'Calle 1' } },
      { nationality: 'US' },
    );
    const body = (await get(id, owner.cookie)).json();
    expect(body).toMatchObject({ owners: 'us', members: 'multi' });
    const kinds = body.deadlines.map((d: { kind: string }) => d.kind);
    expect(kinds).toContain('federal-1065');
    expect(kinds).not.toContain('federal-5472');
  });

  it('before the state approved the LLC: no deadlines, and nothing to mark', async () => {
    const owner = await signUp(suite.app);
    const { id } = (await submitOrder(suite.app, owner.cookie)).json().order;
    expect((await get(id, owner.cookie)).json()).toMatchObject({ formationDate: null, deadlines: [] });
    expect((await done(id, { kind: 'registered-agent', dueDate: '2030-01-01' }, owner.cookie)).statusCode).toBe(409);
  });

  it('another customer gets 404, a visitor 401, an administrator reads it; a bad id is 400', async () => {
    const { id } = await formedOrder();
    const stranger = await signUp(suite.app);
    expect((await get(id, stranger.cookie)).statusCode).toBe(404);
    expect((await done(id, { kind: 'registered-agent', dueDate: '2030-03-15' }, stranger.cookie)).statusCode).toBe(404);
    expect((await get(id)).statusCode).toBe(401);
    const admin = await signUp(suite.app);
    await promoteEnrolledAdmin(suite.database.db, admin.user.email);
    expect((await get(id, admin.cookie)).statusCode).toBe(200);
    expect((await get('not-a-uuid', admin.cookie)).statusCode).toBe(400);
  });

  it('marking done: the occurrence is done, the next appears; a replay changes nothing; only real due dates', async () => {
    const { owner, id, year } = await formedOrder();
    const due = `${year + 1}-04-15`;
    const marked = await done(id, { kind: 'federal-5472', dueDate: due }, owner.cookie);
    expect(marked.statusCode).toBe(200);
    const forms = marked.json().deadlines.filter((d: { kind: string }) => d.kind === 'federal-5472');
    expect(forms.find((d: { dueDate: string }) => d.dueDate === due).status).toBe('done');
    expect(forms.at(-1).dueDate > due).toBe(true);
    expect((await done(id, { kind: 'federal-5472', dueDate: due }, owner.cookie)).statusCode).toBe(200);
    const rows = await suite.database.db.select().from(complianceDone).where(eq(complianceDone.orderId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'federal-5472', dueDate: due, doneBy: owner.user.id });

    for (const body of [
      { kind: 'federal-5472', dueDate: `${year + 1}-04-16` }, // not a due date
      { kind: 'federal-1065', dueDate: `${year + 1}-03-15` }, // single member: no 1065
      { kind: 'boi-note', dueDate: `${year + 1}-04-15` }, // a note, not a deadline
      { kind: 'federal-5472', dueDate: 'tomorrow' },
      { kind: 'federal-5472', dueDate: `${year + 1}-02-30` },
      {},
    ]) {
      expect((await done(id, body, owner.cookie)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await suite.database.db.select().from(complianceDone).where(eq(complianceDone.orderId, id))).toHaveLength(1);
  });

  it('two marks of the same deadline at once store one row', async () => {
    const { owner, id, year } = await formedOrder();
    const body = { kind: 'registered-agent', dueDate: `${year + 1}-03-15` };
    const answers = await Promise.all([done(id, body, owner.cookie), done(id, body, owner.cookie), done(id, body, owner.cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await suite.database.db.select().from(complianceDone).where(eq(complianceDone.orderId, id))).toHaveLength(1);
  });
});

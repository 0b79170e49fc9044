import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportTickets } from '@server/db/schema';
import { appPerSuite, injectAs, promoteEnrolledAdmin, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';

/*
 * Tickets as findable as orders. Search by words of the message whatever the accents,
 * filter by overdue (SUPPORT_REPLY_HOURS with no reply), sort by waiting time, export as CSV.
 */
describe.each(testDatabases)('finding tickets on $name', (target) => {
  const suite = appPerSuite(target, { SUPPORT_REPLY_HOURS: '12' });
  const hour = 3_600_000;
  const ticket = async (name: string, message: string, hoursAgo: number, origin?: 'Affiliate') => {
    const email = uniqueEmail('asker');
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: { name, email, support_message: message, ...(origin ? { message_origin: origin } : {}) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().ticket.id as string;
    await suite.database.db
      .update(supportTickets)
      .set({ createdAt: new Date(Date.now() - hoursAgo * hour) })
      .where(eq(supportTickets.id, id));
    return { id, email };
  };
  const admin = async () => {
    const account = await signUp(suite.app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(suite.database.db, account.user.email);
    return account;
  };
  const names = async (cookie: string, query: string) =>
    ((await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets?limit=100&${query}`)).json().tickets as { name: string }[]).map(
      (entry) => entry.name,
    );

  it('finds a ticket by a word of its message with the wrong accents, filters the overdue, sorts by waiting and exports the same as CSV', async () => {
    const { cookie, user } = await admin();
    const tag = `zq${Date.now().toString(36)}`;
    const late = await ticket(`Rosa Quispe ${tag}`, `Mi EIN todavía no llega ${tag}, ¿pueden revisar?`, 13);
    const fresh = await ticket(`Luis Núñez ${tag}`, `Pregunta sobre el acuerdo operativo ${tag}`, 2);
    const answered = await ticket(`Ana Pérez ${tag}`, `Otra consulta ${tag} sobre el EIN`, 20);
    const reply = await injectAs(suite.app, cookie, 'POST', `/api/admin/support-tickets/${answered.id}/replies`, { payload: { body: 'Ya lo revisamos.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(
      (await injectAs(suite.app, cookie, 'POST', `/api/admin/support-tickets/${late.id}/assignee`, { payload: { assigneeId: user.id } })).statusCode,
    ).toBeLessThan(300);

    // "todavia" without its accent, "NUNEZ" in capitals
    expect(await names(cookie, `q=${encodeURIComponent(`TODAVIA no llega ${tag}`)}`)).toEqual([`Rosa Quispe ${tag}`]);
    expect(await names(cookie, `q=${encodeURIComponent(`NUNEZ ${tag}`)}`)).toEqual([`Luis Núñez ${tag}`]);
    // overdue: open, no reply, sent more than 12 hours ago (the answered one is not)
    expect(await names(cookie, `q=${tag}&due=overdue`)).toEqual([`Rosa Quispe ${tag}`]);
    // newest first by default; waiting longest first on request
    expect(await names(cookie, `q=${tag}`)).toEqual([`Luis Núñez ${tag}`, `Rosa Quispe ${tag}`, `Ana Pérez ${tag}`]);
    expect(await names(cookie, `q=${tag}&sort=waiting`)).toEqual([`Ana Pérez ${tag}`, `Rosa Quispe ${tag}`, `Luis Núñez ${tag}`]);
    // the waiting order pages by its own keys
    const first = (await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets?q=${tag}&sort=waiting&limit=1`)).json() as {
      tickets: { name: string }[];
      nextCursor: string;
    };
    const second = (await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets?q=${tag}&sort=waiting&limit=1&cursor=${first.nextCursor}`)).json() as {
      tickets: { name: string }[];
    };
    expect([first.tickets[0]!.name, second.tickets[0]!.name]).toEqual([`Ana Pérez ${tag}`, `Rosa Quispe ${tag}`]);

    const csv = await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets/export.csv?q=${tag}&sort=waiting&lang=es`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Recibido (UTC),Nombre,Correo electrónico,Origen,Estado del ticket,Responsable,Idioma,Mensaje');
    // the owner by name, none for the others
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['', 'Erin Admin', '']);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([`Ana Pérez ${tag}`, `Rosa Quispe ${tag}`, `Luis Núñez ${tag}`]);
    expect(lines[1]).toContain('Respondido');
    const overdueCsv = await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets/export.csv?q=${tag}&due=overdue`);
    expect(overdueCsv.body.trim().split('\r\n')).toHaveLength(2);
    await suite.database.db.delete(supportTickets).where(inArray(supportTickets.id, [late.id, fresh.id, answered.id]));
  });

  it('refuses a bad filter, and anyone but an administrator', async () => {
    const { cookie } = await admin();
    for (const query of ['due=late', 'sort=oldest', 'origin=partner', 'lang=fr']) {
      expect((await injectAs(suite.app, cookie, 'GET', `/api/admin/support-tickets/export.csv?${query}`)).statusCode, query).toBe(400);
    }
    expect((await injectAs(suite.app, cookie, 'GET', '/api/admin/support-tickets?due=soon')).statusCode).toBe(400);
    const customer = await signUp(suite.app);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/admin/support-tickets/export.csv')).statusCode).toBe(403);
    expect((await injectAs(suite.app, undefined, 'GET', '/api/admin/support-tickets/export.csv')).statusCode).toBe(401);
  });
});

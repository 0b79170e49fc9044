import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { mailOutbox, supportTickets } from '@server/db/schema';
import { buildTestApp, cookieFrom, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { createAdmin } from '../../domain/admin-accounts';
import { enrollSecondFactor } from '@server/test/second-factor';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
const supportEmail = 'help-desk@example.com';

let addressCounter = 0;
/** Each test posts from its own IP, so the per-IP rate limit only bites where a test wants it to. */
const nextIp = () => `10.9.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

describe.each(testDatabases)('support tickets API on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let outboxDir: string;
  let adminCookie: string;

  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { SUPPORT_EMAIL: supportEmail, SUPPORT_RATE_LIMIT: '3' });
    app = built.app;
    outboxDir = built.config.outboxDir;
    const email = uniqueEmail('admin');
    await createAdmin(app.services.auth, database.db, { email, password: strongPassword, name: 'Ada Admin', minPasswordLength: 8 });
    const signedIn = cookieFrom(await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: strongPassword } }));
    // an administrator's endpoints open once a second factor is set up
    ({ cookie: adminCookie } = await enrollSecondFactor(app, { cookie: signedIn, password: strongPassword }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const submit = (payload: Record<string, unknown>, ip = nextIp()) => app.inject({ method: 'POST', url: '/api/support-tickets', payload, remoteAddress: ip });
  const list = (query = '', cookie = adminCookie) => app.inject({ url: `/api/admin/support-tickets${query}`, headers: cookie ? { cookie } : {} });
  const valid = () => ({ name: 'Ana Pérez', email: uniqueEmail('ana'), support_message: 'My EIN has not arrived yet, can you check?' });

  it('stores a ticket (201) and emails the support team through the outbox', async () => {
    const input = { ...valid(), name: '  Ana\nPérez ', language: 'es' };
    const response = await submit(input);
    expect(response.statusCode).toBe(201);
    const { id } = response.json().ticket;
    const [row] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({ name: 'Ana\nPérez', email: input.email, supportMessage: input.support_message, messageOrigin: null });

    await app.services.mail.drain();
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, supportEmail));
    const mail = mails.find((m) => m.payload.email === input.email);
    expect(mail).toMatchObject({ template: 'supportTicket', status: 'sent', language: 'en' });
    expect(mail?.payload).toMatchObject({ kind: 'ticket', name: 'Ana Pérez', message: input.support_message, language: 'es' });
    const file = fs
      .readdirSync(outboxDir)
      .map((f) => fs.readFileSync(`${outboxDir}/${f}`, 'utf8'))
      .find((text) => text.includes(input.email));
    expect(file).toContain(`To: ${supportEmail}`);
    expect(file).toMatch(/Subject: .*New.support.ticket.from.Ana/);
    expect(file).toContain(input.support_message);
  });

  it('names the order a signed-in customer asks about in the team’s email, only when the order is hers', async () => {
    const customer = await signUp(app, { name: 'Rosa Quispe' });
    const orderId = (await submitOrder(app, customer.cookie)).json().order.id as string;
    const ask = (payload: Record<string, unknown>, cookie?: string) =>
      app.inject({ method: 'POST', url: '/api/support-tickets', payload, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });
    const input = { ...valid(), email: customer.user.email, order_id: orderId };

    const sent = await ask(input, customer.cookie);
    expect(sent.statusCode, sent.body).toBe(201);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, supportEmail));
    const mail = mails.find((m) => m.payload.email === customer.user.email);
    expect(mail?.payload).toMatchObject({ orderNumber: orderId.slice(0, 8).toUpperCase(), orderUrl: expect.stringContaining(`/admin/orders/${orderId}`) });
    // "no particular order" (the form's empty choice) is no order at all
    expect((await ask({ ...input, order_id: '' }, customer.cookie)).statusCode).toBe(201);

    // the same schema on the server: not an id; and not hers, whoever asks (a visitor, another customer), with one answer
    const notAnId = await ask({ ...input, order_id: 'order-1' }, customer.cookie);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields).toMatchObject({ order_id: 'support.orderInvalid' });
    const stranger = await signUp(app);
    for (const cookie of [undefined, stranger.cookie]) {
      const refused = await ask({ ...input, email: stranger.user.email }, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ order_id: 'support.orderNotYours' });
    }
    expect((await database.db.select().from(supportTickets).where(eq(supportTickets.email, stranger.user.email))).length).toBe(0);
  });

  it("stores an affiliate application with message_origin 'Affiliate'", async () => {
    const input = { ...valid(), message_origin: 'Affiliate' };
    const response = await submit(input);
    expect(response.statusCode).toBe(201);
    const [row] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, response.json().ticket.id));
    expect(row?.messageOrigin).toBe('Affiliate');
    await app.services.mail.drain();
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, supportEmail));
    expect(mails.find((m) => m.payload.email === input.email)?.payload.kind).toBe('affiliate');
  });

  it.each([
    [{ name: '' }, { name: 'support.nameRequired' }],
    [{ name: undefined }, { name: 'support.nameRequired' }],
    [{ name: 'A' }, { name: 'support.nameLength' }],
    [{ email: '' }, { email: 'support.emailRequired' }],
    [{ email: 'not-an-email' }, { email: 'support.validEmail' }],
    [{ support_message: '' }, { support_message: 'support.messageRequired' }],
    [{ support_message: undefined }, { support_message: 'support.messageRequired' }],
    [{ support_message: 'two words' }, { support_message: 'support.messageMinWords' }],
    [{ support_message: words(101) }, { support_message: 'support.messageMaxWords' }],
    [{ message_origin: 'Partner' }, { message_origin: 'support.invalidOrigin' }],
    [{ message_origin: '' }, { message_origin: 'support.invalidOrigin' }],
  ])('refuses %o with 400 and %o, storing nothing', async (change, fields) => {
    const input = { ...valid(), ...change };
    const response = await submit(input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'validation_failed', message: 'errors.validation_failed', fields });
    if (input.email) expect(await database.db.select().from(supportTickets).where(eq(supportTickets.email, input.email))).toEqual([]);
  });

  it('accepts exactly 3 and exactly 100 words, spread over tabs and newlines', async () => {
    expect((await submit({ ...valid(), support_message: ' one\ttwo\nthree ' })).statusCode).toBe(201);
    expect((await submit({ ...valid(), support_message: words(100).replaceAll(' ', '\n') })).statusCode).toBe(201);
  });

  it('answers 429 errors.rate_limited after SUPPORT_RATE_LIMIT tickets from one IP, and stores no more', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await submit(valid(), ip)).statusCode).toBe(201);
    const blocked = { ...valid() };
    const response = await submit(blocked, ip);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toEqual({ code: 'rate_limited', message: 'errors.rate_limited' });
    expect(await database.db.select().from(supportTickets).where(eq(supportTickets.email, blocked.email))).toEqual([]);
    expect((await submit(valid(), nextIp())).statusCode).toBe(201);
  });

  it('lets only administrators list tickets: visitors 401, customers 403', async () => {
    const visitor = await list('', '');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthorized');
    const { cookie } = await signUp(app);
    const customer = await list('', cookie);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('forbidden');
    expect((await list('?origin=nonsense', '')).statusCode).toBe(401);
  });

  it('lists newest first, filters by origin and pages with a cursor', async () => {
    const ids: string[] = [];
    for (const origin of [undefined, 'Affiliate', undefined, 'Affiliate', undefined]) {
      const response = await submit({ ...valid(), message_origin: origin });
      ids.push(response.json().ticket.id);
    }
    const newestFirst = [...ids].reverse();

    const all = await list('?limit=100');
    expect(all.statusCode).toBe(200);
    const allIds: string[] = all.json().tickets.map((t: { id: string }) => t.id);
    expect(allIds.filter((id) => ids.includes(id))).toEqual(newestFirst);
    const dates = all.json().tickets.map((t: { createdAt: string }) => Date.parse(t.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const affiliate = (await list('?origin=affiliate&limit=100')).json().tickets as { id: string; origin: string | null }[];
    expect(affiliate.every((t) => t.origin === 'Affiliate')).toBe(true);
    expect(affiliate.map((t) => t.id).filter((id) => ids.includes(id))).toEqual([ids[3], ids[1]]);
    const support = (await list('?origin=support&limit=100')).json().tickets as { id: string; origin: string | null }[];
    expect(support.every((t) => t.origin === null)).toBe(true);
    expect(support.map((t) => t.id).filter((id) => ids.includes(id))).toEqual([ids[4], ids[2], ids[0]]);

    const [newest] = all.json().tickets;
    expect(newest).toEqual({
      id: ids[4],
      name: 'Ana Pérez',
      email: expect.any(String),
      message: expect.any(String),
      origin: null,
      status: 'open',
      language: 'en',
      assigneeId: null,
      createdAt: expect.any(String),
    });

    // two pages of two, then the rest: every ticket once, in order
    const first = (await list('?limit=2')).json();
    expect(first.tickets.map((t: { id: string }) => t.id)).toEqual(allIds.slice(0, 2));
    expect(first.nextCursor).toBe(allIds[1]);
    const second = (await list(`?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.tickets.map((t: { id: string }) => t.id)).toEqual(allIds.slice(2, 4));
    const rest = (await list(`?limit=100&cursor=${second.nextCursor}`)).json();
    expect(rest.tickets.map((t: { id: string }) => t.id)).toEqual(allIds.slice(4));
    expect(rest.nextCursor).toBeNull();
  });

  it('takes the origin filter in any case: Affiliate (as stored), affiliate, AFFILIATE; Support too', async () => {
    const affiliateId = (await submit({ ...valid(), message_origin: 'Affiliate' })).json().ticket.id;
    const supportId = (await submit(valid())).json().ticket.id;
    const ids = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      return (response.json().tickets as { id: string }[]).map((t) => t.id);
    };
    const affiliates = await ids('?origin=affiliate&limit=100');
    expect(affiliates).toContain(affiliateId);
    expect(affiliates).not.toContain(supportId);
    for (const origin of ['Affiliate', 'AFFILIATE', 'aFfIlIaTe']) expect(await ids(`?origin=${origin}&limit=100`), origin).toEqual(affiliates);
    const support = await ids('?origin=support&limit=100');
    expect(support).toContain(supportId);
    expect(await ids('?origin=Support&limit=100')).toEqual(support);
    expect(await ids('?origin=ALL&limit=100')).toEqual(await ids('?limit=100'));
  });

  it('searches the name (with or without accents), the email and the words of the request, ignoring case', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const byName = (await submit({ ...valid(), name: `José Núñez ${tag}` })).json().ticket.id;
    const plainName = (await submit({ ...valid(), name: `Ramon Pena ${tag}` })).json().ticket.id;
    const byEmail = (await submit({ ...valid(), name: 'Luis Gómez', email: `Quintana.${tag}@Example.com` })).json().ticket.id;
    const byWords = (await submit({ ...valid(), support_message: `Necesito la FACTURACIÓN trimestral ${tag}\nde mi LLC, por favor.` })).json().ticket.id;
    const affiliate = (await submit({ ...valid(), name: `Marco Rossi ${tag}`, message_origin: 'Affiliate' })).json().ticket.id;
    const search = async (q: string, extra = '') => {
      const response = await list(`?q=${encodeURIComponent(q)}${extra}`);
      expect(response.statusCode, q).toBe(200);
      return response.json() as { tickets: { id: string }[]; nextCursor: string | null };
    };
    const ids = async (q: string, extra = '') => (await search(q, extra)).tickets.map((t) => t.id);

    expect(await ids(`jose nunez ${tag}`)).toEqual([byName]);
    expect(await ids(`JOSÉ NÚÑEZ ${tag}`)).toEqual([byName]);
    expect(await ids(`Ramón Peña ${tag}`)).toEqual([plainName]);
    expect(await ids(`quintana.${tag.toUpperCase()}@EXAMPLE.COM`)).toEqual([byEmail]);
    // the request's words, whatever the case and accents; its newline is a space
    expect(await ids(`facturacion TRIMESTRAL ${tag} de mi`)).toEqual([byWords]);
    expect(await ids('Facturación trimestral')).toEqual([byWords]);
    // with the origin filter, in any case
    expect(await ids(`rossi ${tag}`, '&origin=AFFILIATE')).toEqual([affiliate]);
    expect(await ids(`rossi ${tag}`, '&origin=support')).toEqual([]);
    // one field per line: a query does not run from the name into the email
    expect(await ids(`${tag}\nana`)).toEqual([]);
    // nothing matches: an empty page; LIKE's wildcards are plain characters
    expect(await search(`no-such-${tag}`)).toEqual({ tickets: [], nextCursor: null });
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    // a blank query is no query
    expect((await list('?q=%20%20&limit=100')).json()).toEqual((await list('?limit=100')).json());
  });

  it('pages the matches of a search with the cursor, newest first, and nothing else', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const matching: string[] = [];
    for (let i = 0; i < 5; i++) {
      const word = i % 2 === 0 ? `Lote-${tag}` : `other-${tag}`;
      const id = (await submit({ ...valid(), support_message: `Consulta sobre el ${word} número ${i}` })).json().ticket.id;
      if (i % 2 === 0) matching.unshift(id);
    }
    const first = (await list(`?q=lote-${tag}&limit=2`)).json();
    expect(first.tickets.map((t: { id: string }) => t.id)).toEqual(matching.slice(0, 2));
    expect(first.nextCursor).toBe(matching[1]);
    const second = (await list(`?q=LOTE-${tag}&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.tickets.map((t: { id: string }) => t.id)).toEqual(matching.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad filter, limit, cursor or search with 400', async () => {
    for (const query of ['?origin=spam', '?limit=0', '?limit=101', '?cursor=not-a-uuid', `?q=${'x'.repeat(101)}`]) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageMaxLength } from '@shared/order-messages';
import { mailOutbox, orderMessages, orders, userEvents } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { submitOrder } from '@server/test/orders';
import { sendMessageEmails } from './order-messages.service';

const appUrl = 'http://localhost:3000';

describe.each(testDatabases)('order thread on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: appUrl, MESSAGE_EMAIL_DELAY_SECONDS: '60', MESSAGE_RATE_LIMIT: '1000' });
  const thread = (cookie: string | undefined, orderId: string) => injectAs(suite.app, cookie, 'GET', `/api/orders/${orderId}/messages`);
  const write = (cookie: string | undefined, orderId: string, body: unknown) =>
    injectAs(suite.app, cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body } });
  const mails = (where: { to?: string; template: string }) =>
    suite.database.db
      .select({ recipient: mailOutbox.recipient, language: mailOutbox.language, replyTo: mailOutbox.replyTo, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, where.template), where.to ? eq(mailOutbox.recipient, where.to) : undefined));
  const runEmails = (now: Date) => sendMessageEmails(suite.database.db, { mail: suite.app.services.mail, appUrl }, { now });

  it('the customer and the team write in the order: names, sides, time, read state; the team signs with a first name', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const asked = await write(admin.cookie, orderId, 'La foto de su pasaporte está borrosa.\n¿Puede subir otra? https://example.com/guia');
    expect(asked.statusCode).toBe(201);
    expect(asked.json().message).toMatchObject({
      fromTeam: true,
      author: 'Erin',
      mine: true,
      readAt: null,
      body: 'La foto de su pasaporte está borrosa.\n¿Puede subir otra? https://example.com/guia',
    });
    expect((await write(customer.cookie, orderId, '  Claro, ya la subo.\r\n\r\nGracias  ')).statusCode).toBe(201);

    const seen = (await thread(customer.cookie, orderId)).json().messages;
    expect(
      seen.map((message: { fromTeam: boolean; author: string; mine: boolean; body: string }) => [message.fromTeam, message.author, message.mine, message.body]),
    ).toEqual([
      [true, 'Erin', false, 'La foto de su pasaporte está borrosa.\n¿Puede subir otra? https://example.com/guia'],
      [false, customer.user.name, true, 'Claro, ya la subo.\n\nGracias'],
    ]);
    // unread counts on both sides, until each side reads
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/me/messages/unread')).json()).toEqual({ unread: 1 });
    const events = async () => (await suite.database.db.select().from(userEvents).where(eq(userEvents.orderId, orderId))).length;
    const before = await events();
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages/read`)).statusCode).toBe(204);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/me/messages/unread')).json()).toEqual({ unread: 0 });
    // the team's open page hears of the read (live stream), once: reading again changes nothing
    expect(await events()).toBe(before + 2);
    await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages/read`);
    expect(await events()).toBe(before + 2);
    const afterRead = (await thread(admin.cookie, orderId)).json().messages;
    expect(afterRead[0].readAt).toEqual(expect.any(String));
    expect(afterRead[1].readAt).toBeNull();
    // the customer reading did not mark their own message read for the team
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/me/messages/unread')).json().unread).toBeGreaterThanOrEqual(1);
  });

  it('only the owner and administrators read or write a thread: a stranger, a visitor and a bad id get nothing', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await write(customer.cookie, orderId, 'Mi mensaje privado');
    const stranger = await signUp(suite.app);
    expect((await thread(stranger.cookie, orderId)).statusCode).toBe(404);
    expect((await write(stranger.cookie, orderId, 'hola')).statusCode).toBe(404);
    expect((await injectAs(suite.app, stranger.cookie, 'POST', `/api/orders/${orderId}/messages/read`)).statusCode).toBe(404);
    expect((await thread(undefined, orderId)).statusCode).toBe(401);
    expect((await write(undefined, orderId, 'hola')).statusCode).toBe(401);
    expect((await thread(customer.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await thread(customer.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const rows = await suite.database.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
    expect(rows.map((row) => row.body)).toEqual(['Mi mensaje privado']);
  });

  it('refuses an empty, over-long or control-character message with a field error, and writes nothing; HTML is kept as text', async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    for (const [body, message] of [
      ['', 'messages.required'],
      ['   \n\t  ', 'messages.required'],
      [undefined, 'messages.required'],
      [42, 'messages.required'],
      ['x'.repeat(messageMaxLength + 1), 'messages.tooLong'],
      // a NUL byte is refused before any route, for every text field of the API
      ['hola\u0000mundo', 'errors.invalidText'],
      ['hola\u001b[31m', 'messages.invalidCharacters'],
    ] as const) {
      const answer = await write(customer.cookie, orderId, body);
      expect({ body: String(body).slice(0, 20), status: answer.statusCode, fields: answer.json().error?.fields }).toEqual({
        body: String(body).slice(0, 20),
        status: 400,
        fields: { body: message },
      });
    }
    expect(await suite.database.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId))).toEqual([]);
    expect((await write(customer.cookie, orderId, 'x'.repeat(messageMaxLength))).statusCode).toBe(201);
    const html = '<img src=x onerror="alert(1)"><b>negrita</b>';
    expect((await write(customer.cookie, orderId, html)).statusCode).toBe(201);
    expect((await thread(customer.cookie, orderId)).json().messages.at(-1).body).toBe(html);
  });

  it('a customer message tells the team at once, one email each, with a Reply-To to the customer; notes never reach the customer', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/notes`, { payload: { body: 'NOTA-INTERNA: revisar pasaporte' } });
    await write(customer.cookie, orderId, 'Primera pregunta');
    await write(customer.cookie, orderId, 'Segunda pregunta');
    const toTeam = (await mails({ template: 'customerMessage' })).filter((mail) => (mail.payload as { email: string }).email === customer.user.email);
    expect(toTeam).toHaveLength(2);
    expect(toTeam[0]).toMatchObject({
      recipient: suite.app.services.config.SUPPORT_EMAIL,
      language: 'en',
      replyTo: customer.user.email,
      payload: { message: 'Primera pregunta', orderUrl: `${appUrl}/admin/orders/${orderId}` },
    });
    // the thread the customer reads holds no note
    expect((await thread(customer.cookie, orderId)).body).not.toContain('NOTA-INTERNA');
  });

  it('the team’s messages reach the customer as one email per batch, in their language, once', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const start = Date.now();
    await write(admin.cookie, orderId, 'La foto está borrosa.');
    await write(admin.cookie, orderId, 'Y falta la segunda página.');
    const [order] = await suite.database.db.select({ after: orders.messagesNotifyAfter }).from(orders).where(eq(orders.id, orderId));
    expect(order!.after!.getTime()).toBeGreaterThanOrEqual(start + 60_000);
    // before the delay nothing goes; after it, one email with both messages
    await runEmails(new Date(start + 30_000));
    expect(await mails({ to: customer.user.email, template: 'teamMessages' })).toEqual([]);
    await runEmails(new Date(start + 120_000));
    await runEmails(new Date(start + 240_000));
    const sent = await mails({ to: customer.user.email, template: 'teamMessages' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      language: 'es',
      payload: { messages: 'Erin:\nLa foto está borrosa.\n\nErin:\nY falta la segunda página.', threadUrl: `${appUrl}/es/dashboard?order=${orderId}` },
    });

    // a later message starts a new batch, read in the app or not, and the first is not sent again
    await write(admin.cookie, orderId, 'Gracias, ya la vimos.');
    await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages/read`);
    await runEmails(new Date(Date.now() + 600_000));
    const again = await mails({ to: customer.user.email, template: 'teamMessages' });
    expect(again.map((mail) => (mail.payload as { messages: string }).messages)).toEqual([expect.stringContaining('borrosa'), 'Erin:\nGracias, ya la vimos.']);
  });

  it('an administrator writing on their own order writes as its customer', async () => {
    const { admin } = await adminCustomerAndOrder(suite.app, suite.database);
    const own = (await submitOrder(suite.app, admin.cookie)).json().order.id as string;
    expect((await write(admin.cookie, own, 'Mi propio pedido')).json().message).toMatchObject({ fromTeam: false, mine: true });
  });
});

describe.each(testDatabases)('order thread rate limit on $name', (target) => {
  const suite = appPerSuite(target, { MESSAGE_RATE_LIMIT: '3' });

  it('a user past MESSAGE_RATE_LIMIT messages in 10 minutes gets 429, and the message is not written; others still write', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    for (let n = 1; n <= 3; n += 1)
      expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: `Mensaje ${n}` } })).statusCode).toBe(
        201,
      );
    const refused = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Mensaje 4' } });
    expect({ status: refused.statusCode, code: refused.json().error.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    const bodies = (await suite.database.db.select({ body: orderMessages.body }).from(orderMessages).where(eq(orderMessages.orderId, orderId))).map(
      (row) => row.body,
    );
    expect(bodies.sort()).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3']);
    // the limit is the writer's own: the team still answers
    expect((await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body: 'Respuesta' } })).statusCode).toBe(201);
  });
});

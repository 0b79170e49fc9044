import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderNumber } from '@shared/order-model';
import { sampleOrder } from '@shared/testing/sample-order';
import { mailOutbox, orderAudit, orders, partners, userEvents } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, injectAs } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { passportFile, pdfBytes, submitOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';

/*
 * Correct an order: an administrator fixes the customer's data at any status, with a
 * reason; the wizard's rules apply in the order's state; audited with the old and new values; the
 * customer is emailed what changed. Customers and visitors reach none of it.
 */
describe.each(testDatabases)('an administrator corrects an order on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: 'http://localhost:3000' });
  // the database opens with the suite (beforeAll)
  const db = () => suite.database.db;
  const correct = (cookie: string | undefined, orderId: string, payload: unknown) =>
    injectAs(suite.app, cookie, 'PATCH', `/api/admin/orders/${orderId}`, { payload });
  /** the order as the wizard holds it (no LLC state), with changes */
  const corrected = (changes: Record<string, unknown> = {}) => {
    const { llcState: _state, ...order } = sampleOrder;
    return { ...order, ...changes };
  };
  const audits = (orderId: string) =>
    db()
      .select({ actorId: orderAudit.actorId, detail: orderAudit.detail })
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, orderId), eq(orderAudit.action, 'order_corrected')));
  const mails = async (orderId: string) =>
    (
      await db()
        .select({ recipient: mailOutbox.recipient, language: mailOutbox.language, payload: mailOutbox.payload })
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'orderCorrected'))
    ).filter((mail) => mail.payload.orderNumber === orderNumber(orderId));
  const row = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const pay = async (orderId: string, cookie: string) => {
    const sessionId = await openCheckoutSession(suite.app, orderId, cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_correct_${orderId}`, orderId, { sessionId }))).json().outcome).toBe('paid');
  };
  const listIds = async (cookie: string, q: string) =>
    ((await injectAs(suite.app, cookie, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`)).json().orders as { id: string }[]).map((order) => order.id);

  it('corrects a paid order: the fields written, the exact audit row, one email in the customer’s language, the search and the live event', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await pay(orderId, customer.cookie);
    const partner = { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '600 111 222', country: 'ES', address: 'Calle Mayor 5, Madrid' };
    const answer = await correct(admin.cookie, orderId, {
      order: corrected({ companyName1: '  Condor Trading LLC ', email: 'ana.perez@example.com', phone: '', nationality: 'MX', partner }),
      reason: '  The customer wrote the wrong name.  ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ changed: ['companyName1', 'email', 'phone', 'nationality', 'partner'] });

    const saved = await row(orderId);
    expect(saved).toMatchObject({
      status: 'paid',
      llcState: 'WY',
      companyName1: 'Condor Trading LLC',
      email: 'ana.perez@example.com',
      phone: null,
      nationality: 'MX',
      organizerName: sampleOrder.organizerName,
    });
    const storedPartner = { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '+34600111222', country: 'ES', address: 'Calle Mayor 5, Madrid' };
    expect(
      await db()
        .select({ fullName: partners.fullName, email: partners.email, phone: partners.phone, country: partners.country, address: partners.address })
        .from(partners)
        .where(eq(partners.orderId, orderId)),
    ).toEqual([storedPartner]);

    expect(await audits(orderId)).toEqual([
      {
        actorId: admin.user.id,
        detail: {
          reason: 'The customer wrote the wrong name.',
          changed: ['companyName1', 'email', 'phone', 'nationality', 'partner'],
          before: { companyName1: 'Andes Trading LLC', email: 'ana@example.com', phone: '+51999888777', nationality: 'PE', partner: null },
          after: { companyName1: 'Condor Trading LLC', email: 'ana.perez@example.com', phone: null, nationality: 'MX', partner: storedPartner },
        },
      },
    ]);

    // to the account's address (not the order's contact email), in Spanish, the changes one a line
    const sent = await mails(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      recipient: customer.user.email,
      language: 'es',
      payload: { companyName: 'Condor Trading LLC', reason: 'The customer wrote the wrong name.', dashboardUrl: 'http://localhost:3000/es/dashboard' },
    });
    expect(sent[0]!.payload.changes!.split('\n')).toEqual([
      'Nombre de la empresa, primera opción: Andes Trading LLC → Condor Trading LLC',
      'Correo electrónico: ana@example.com → ana.perez@example.com',
      'Teléfono: +51 999 888 777 → (ninguno)',
      'Nacionalidad: Peruana → Mexicana',
      'Socio: (ninguno) → Luis Gómez, luis@example.com, +34 600 11 12 22, España, Calle Mayor 5, Madrid',
    ]);

    // the admin list searches the new name and nationality, not the old ones
    expect(await listIds(admin.cookie, 'Condor Trading')).toEqual([orderId]);
    expect(await listIds(admin.cookie, 'Andes Trading')).not.toContain(orderId);
    expect(saved.searchText).toContain('mexican');
    expect(saved.searchText).not.toContain('peruvian');
    // the customer's page and the team's pages hear of it
    expect(
      await db()
        .select({ userId: userEvents.userId })
        .from(userEvents)
        .where(and(eq(userEvents.orderId, orderId), eq(userEvents.kind, 'order'))),
    ).toEqual(expect.arrayContaining([{ userId: customer.user.id }, { userId: null }]));

    // the timeline says it, with the fields and the reason
    const timeline = (await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}/timeline`)).json().entries as {
      kind: string;
      actor: string;
      detail: Record<string, string>;
    }[];
    expect(timeline.find((entry) => entry.kind === 'order_corrected')).toMatchObject({
      actor: 'Erin Admin',
      detail: { reason: 'The customer wrote the wrong name.', changed: 'companyName1, email, phone, nationality, partner' },
    });

    // the partner removed: one field, the partner's old values kept in the audit
    expect(
      (
        await correct(admin.cookie, orderId, {
          order: corrected({ companyName1: 'Condor Trading LLC', email: 'ana.perez@example.com', phone: '', nationality: 'MX', partner: null }),
          reason: 'No partner after all.',
        })
      ).json(),
    ).toEqual({ changed: ['partner'] });
    expect(await db().select({ id: partners.id }).from(partners).where(eq(partners.orderId, orderId))).toEqual([]);
    expect((await audits(orderId))[1]!.detail).toMatchObject({ before: { partner: storedPartner }, after: { partner: null } });
    expect(await mails(orderId)).toHaveLength(2);
  });

  it('applies the wizard’s rules in the order’s own state, and refuses what is not a correction', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const before = await row(orderId);
    const refusals: [unknown, Record<string, string> | string][] = [
      [{ order: corrected({ email: 'not-an-email' }), reason: 'Typo' }, { 'order.email': 'order.validEmail' }],
      // WY refuses "Corp" in an LLC's name; three choices must be three names; a regulated word needs the confirmation
      [{ order: corrected({ companyName1: 'Andes Corp LLC' }), reason: 'Typo' }, { 'order.companyName1': 'order.name.forbiddenWord' }],
      [{ order: corrected({ companyName2: sampleOrder.companyName1 }), reason: 'Typo' }, { 'order.companyName2': 'order.name.duplicate' }],
      [{ order: corrected({ companyName1: 'Andes Bank LLC' }), reason: 'Typo' }, { 'order.companyName1': 'order.name.confirmRegulated' }],
      [{ order: corrected({ phone: '12' }), reason: 'Typo' }, { 'order.phone': 'order.invalidPhoneInCountry' }],
      [
        { order: corrected({ partner: { fullName: 'Luis', email: 'luis@example.com', phone: '1', country: 'ES', address: 'Madrid' } }), reason: 'Typo' },
        { 'order.partner.phone': 'order.invalidPhoneInCountry' },
      ],
      [{ order: corrected({ nationality: 'XX' }), reason: 'Typo' }, { 'order.nationality': 'order.required' }],
      [{ order: corrected({ organizerName: 'Ana' }), reason: '   ' }, { reason: 'admin.correction.reasonRequired' }],
      [{ order: corrected({ organizerName: 'Ana' }) }, { reason: 'admin.correction.reasonRequired' }],
      [{ order: corrected({ organizerName: 'Ana' }), reason: 'x'.repeat(501) }, { reason: 'admin.correction.reasonTooLong' }],
      // the LLC state sets the price: not corrected
      [{ order: { ...corrected(), llcState: 'DE' }, reason: 'Typo' }, { 'order.llcState': 'admin.correction.stateNotCorrected' }],
      [{ reason: 'Typo' }, { order: 'errors.invalidValue' }],
      // the same data again is not a correction
      [{ order: corrected(), reason: 'Typo' }, 'admin.correction.unchanged'],
      [{ order: corrected({ companyName1: ` ${sampleOrder.companyName1} `, phone: '+51 999 888 777' }), reason: 'Typo' }, 'admin.correction.unchanged'],
    ];
    for (const [payload, expected] of refusals) {
      const refused = await correct(admin.cookie, orderId, payload);
      const error = refused.json().error;
      expect({ payload, status: refused.statusCode, error: typeof expected === 'string' ? error.message : error.fields }).toEqual({
        payload,
        status: 400,
        error: expected,
      });
    }
    // a regulated word the administrator confirms, and a reason of exactly 500 characters, pass
    const confirmed = await correct(admin.cookie, orderId, {
      order: corrected({ companyName1: 'Andes Bank LLC', restrictedWordsAccepted: true }),
      reason: 'x'.repeat(500),
    });
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { changed: ['companyName1'] }]);
    expect((await row(orderId)).llcState).toBe(before.llcState);

    expect((await correct(admin.cookie, '00000000-0000-4000-8000-000000000000', { order: corrected(), reason: 'Typo' })).statusCode).toBe(404);
    expect((await correct(admin.cookie, 'nope', { order: corrected(), reason: 'Typo' })).json().error).toMatchObject({
      code: 'validation_failed',
      fields: { id: 'admin.orderNotFound' },
    });

    // a customer, even the order's own, gets 403; a visitor 401; nothing written, nobody emailed
    expect((await correct(customer.cookie, orderId, { order: corrected({ organizerName: 'Someone Else' }), reason: 'Mine' })).statusCode).toBe(403);
    expect((await correct(undefined, orderId, { order: corrected({ organizerName: 'Someone Else' }), reason: 'Mine' })).statusCode).toBe(401);
    expect((await row(orderId)).organizerName).toBe(sampleOrder.organizerName);
    expect(await audits(orderId)).toHaveLength(1);
    expect(await mails(orderId)).toHaveLength(1);
  });

  it('a nationality needs its identity document on file; a changed nationality moves the promised time', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    // a US citizen needs the SSN document, which this order (a passport only) does not have
    const refused = await correct(admin.cookie, orderId, { order: corrected({ nationality: 'US' }), reason: 'US citizen' });
    expect([refused.statusCode, refused.json().error.fields]).toEqual([400, { ssnDoc: 'order.ssnRequired' }]);
    expect((await row(orderId)).nationality).toBe('PE');
    expect(await audits(orderId)).toEqual([]);

    // an order with both documents, paid and in processing: a foreign founder's next promise is the EIN, a US citizen's the state's approval
    const both = await submitOrder(suite.app, customer.cookie, sampleOrder, {
      passport: passportFile,
      ssnDoc: { name: 'ssn.pdf', type: 'application/pdf', bytes: pdfBytes },
    });
    const bothId = both.json().order.id as string;
    await pay(bothId, customer.cookie);
    expect((await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${bothId}/status`, { payload: { status: 'processing' } })).statusCode).toBe(
      200,
    );
    expect((await row(bothId)).promiseKind).toBe('ein_issued');
    const accepted = await correct(admin.cookie, bothId, { order: corrected({ nationality: 'US' }), reason: 'US citizen' });
    expect([accepted.statusCode, accepted.json()]).toEqual([200, { changed: ['nationality'] }]);
    expect(await row(bothId)).toMatchObject({ status: 'processing', nationality: 'US', promiseKind: 'state_approval' });
  });
});

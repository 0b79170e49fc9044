import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '@server/db/client';
import {
  accounts,
  adminAudit,
  dataExports,
  documents,
  filingDocuments,
  filingSignatures,
  jobQueue,
  mailOutbox,
  orderAudit,
  orderMessageAttachments,
  orderMessages,
  orderMilestones,
  orders,
  orderStatusHistory,
  partners,
  passkeys,
  refundRequests,
  sessions,
  supportTickets,
  twoFactors,
  users,
} from '@server/db/schema';
import { seed } from '@server/db/seed';
import { promoteAdmin } from '@server/domain/admin-accounts';
import { renderMail } from '@server/platform/mail/templates';
import { StorageNotFoundError } from '@server/platform/storage/storage';
import { appPerSuite, buildTestApp, confirmEmail, cookieFrom, injectAs, promoteEnrolledAdmin, signUp, strongPassword, uniqueEmail } from '@server/test/app';
import { createEmptyPostgres, testDatabases } from '@server/test/databases';
import { eventually } from '@server/test/eventually';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { enrollSecondFactor } from '@server/test/second-factor';
import { multipartBody, submitOrder, validOrder } from '@server/test/orders';
import { dataExportFiles } from '@server/jobs';
import { deleteExpiredDataExports, prepareDataExport } from './data-export';

/** A PDF or PNG whose bytes carry `marker`: each file of each account can be told apart in the ZIP. */
const pdfWith = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const pngWith = (marker: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(marker), Buffer.alloc(32, 1)]);

/** An administrator whose second factor is on record, so the admin endpoints open to the session it holds. */
async function enrolledAdmin(app: FastifyInstance, db: Db, name: string) {
  const admin = await signUp(app, { name });
  await promoteEnrolledAdmin(db, admin.user.email);
  return admin;
}

const multipartFile = async (field: string, name: string, bytes: Buffer) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { 'content-type': body.headers.get('content-type')! } };
};

const texts = (zip: Record<string, Uint8Array>) => Object.entries(zip).map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('latin1')}`);

describe.each(testDatabases)('your data, yours: export and deletion on $name', (target) => {
  const suite = appPerSuite(target, { SUPPORT_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_IP: '1000', AUTH_RATE_LIMIT_ACCOUNT: '1000' });
  let admin: Awaited<ReturnType<typeof enrolledAdmin>>;
  beforeAll(async () => {
    admin = await enrolledAdmin(suite.app, suite.database.db, 'Erin Staffmember');
  });

  const db = () => suite.database.db;
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const entry of suite.app.services.storage.list()) keys.push(entry.key);
    return keys;
  };
  // as the job runs it (src/server/jobs.ts): with the receipts and credit notes the payments feature makes
  const prepare = (exportId: string) =>
    prepareDataExport({
      db: db(),
      storage: suite.app.services.storage,
      mail: suite.app.services.mail,
      appUrl: suite.app.services.config.APP_URL,
      exportId,
      ...dataExportFiles(suite.app.services),
    });

  /** Pays the customer's order through the test provider's webhook, as a real payment does. */
  const pay = async (orderId: string, cookie: string) => {
    const sessionId = await openCheckoutSession(suite.app, orderId, cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_${randomUUID()}`, orderId, { sessionId }))).statusCode).toBe(200);
  };

  const ticket = async (name: string, email: string, message: string) => {
    const response = await suite.app.inject({ method: 'POST', url: '/api/support-tickets', payload: { name, email, support_message: message } });
    expect(response.statusCode).toBe(201);
    return response.json().ticket.id as string;
  };

  /**
   * A customer with everything an account can have: a paid order (partner, passport and other ID,
   * a document the team added, a milestone with a note, a status change, an internal note), an
   * unpaid order, a support ticket with a reply and an internal note. `tag` is in every file.
   */
  async function fullCustomer(tag: string, { name = `Cliente ${tag}`, language = 'es' as 'en' | 'es' } = {}) {
    const customer = await signUp(suite.app, { name, language, email: uniqueEmail(tag.toLowerCase()) });
    // the address proven, so the tickets sent from it are the account's
    await confirmEmail(suite.app, customer.user.email);
    const files = {
      passport: pdfWith(`${tag}-PASSPORT`),
      otherId: pngWith(`${tag}-OTHERID`),
      document: pdfWith(`${tag}-ARTICLES`),
      unpaidPassport: pdfWith(`${tag}-UNPAID-PASSPORT`),
    };
    const paid = await submitOrder(
      suite.app,
      customer.cookie,
      validOrder({
        organizerName: name,
        partner: { fullName: `Socio ${tag}`, email: `socio-${tag.toLowerCase()}@example.com`, phone: '999 888 777', country: 'PE', address: `Calle ${tag} 1` },
      }),
      {
        passport: { name: 'passport.pdf', type: 'application/pdf', bytes: files.passport },
        otherId: { name: 'id.png', type: 'image/png', bytes: files.otherId },
      },
    );
    expect(paid.statusCode).toBe(201);
    const paidId = paid.json().order.id as string;
    await pay(paidId, customer.cookie);
    const upload = await multipartFile('file', `Articles ${tag}.pdf`, files.document);
    expect(
      (
        await suite.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${paidId}/documents`,
          ...upload,
          headers: { ...upload.headers, cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${paidId}/milestones`, {
          payload: { milestone: 'filed_with_state', occurredOn: today, note: `Filed for ${tag}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${paidId}/status`, { payload: { status: 'processing' } })).statusCode).toBe(
      200,
    );
    expect(
      (await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${paidId}/notes`, { payload: { body: `INTERNAL-ORDER-NOTE-${tag}` } })).statusCode,
    ).toBe(201);

    const unpaid = await submitOrder(suite.app, customer.cookie, validOrder({ organizerName: name }), {
      passport: { name: 'p.pdf', type: 'application/pdf', bytes: files.unpaidPassport },
    });
    expect(unpaid.statusCode).toBe(201);
    const unpaidId = unpaid.json().order.id as string;

    // the address as the visitor typed it: found whatever its case
    const ticketId = await ticket(name, customer.user.email.toUpperCase(), `Where is my EIN, ${tag}?`);
    expect(
      (await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/replies`, { payload: { body: `REPLY-TO-${tag}` } })).statusCode,
    ).toBe(201);
    expect(
      (await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/support-tickets/${ticketId}/notes`, { payload: { body: `INTERNAL-TICKET-NOTE-${tag}` } }))
        .statusCode,
    ).toBe(201);
    return { ...customer, name, files, paidId, unpaidId, ticketId };
  }

  async function readyExport(cookie: string) {
    const started = await injectAs(suite.app, cookie, 'POST', '/api/me/data-exports');
    expect(started.statusCode).toBe(202);
    const exportId = started.json().export.id as string;
    expect(await prepare(exportId)).toBe('ready');
    return exportId;
  }

  it('exports every row and file of the account, decrypted, and nothing of anyone else', async () => {
    const ana = await fullCustomer('ANA');
    const other = await fullCustomer('BRUNO', { name: 'Bruno Otheraccount', language: 'en' });

    const passkey = {
      id: randomUUID(),
      name: 'iPhone de ANA',
      publicKey: `PUBLIC-KEY-${randomUUID()}`,
      credentialID: `CREDENTIAL-${randomUUID()}`,
      counter: 3,
      deviceType: 'multiDevice',
      backedUp: true,
    };
    await db()
      .insert(passkeys)
      .values({ ...passkey, userId: ana.user.id });
    await db()
      .insert(passkeys)
      .values({ ...passkey, id: randomUUID(), name: 'Llave de BRUNO', credentialID: `CREDENTIAL-${randomUUID()}`, userId: other.user.id });

    // a message with a file: both in the export, the file byte for byte
    const threadFile = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64)]);
    const withFile = await multipartBody([
      ['message', JSON.stringify({ body: 'MENSAJE DE ANA' })],
      ['files', { name: 'carta del banco.pdf', type: 'application/pdf', bytes: threadFile }],
    ]);
    expect((await injectAs(suite.app, ana.cookie, 'POST', `/api/orders/${ana.paidId}/messages/files`, withFile)).statusCode).toBe(201);

    const started = await injectAs(suite.app, ana.cookie, 'POST', '/api/me/data-exports');
    expect(started.statusCode).toBe(202);
    const { export: pending } = started.json();
    expect(pending).toMatchObject({ status: 'pending', readyAt: null, sizeBytes: null });
    // one at a time, and the job is queued with its cause
    expect((await injectAs(suite.app, ana.cookie, 'POST', '/api/me/data-exports')).json().error).toMatchObject({
      code: 'conflict',
      message: 'accountData.export.alreadyPending',
    });
    const queued = await db()
      .select()
      .from(jobQueue)
      .where(and(eq(jobQueue.job, 'dataExports'), sql`${jobQueue.payload}->>'exportId' = ${pending.id}`));
    expect(queued).toHaveLength(1);
    expect((await injectAs(suite.app, ana.cookie, 'GET', '/api/me/data-exports')).json().exports).toEqual([pending]);
    expect((await injectAs(suite.app, ana.cookie, 'GET', `/api/me/data-exports/${pending.id}/file`)).statusCode).toBe(404);

    expect(await prepare(pending.id)).toBe('ready');
    // a second run of the same job (a lease that ran out) changes nothing
    expect(await prepare(pending.id)).toBe('skipped');
    const [listed] = (await injectAs(suite.app, ana.cookie, 'GET', '/api/me/data-exports')).json().exports;
    expect(listed).toMatchObject({ id: pending.id, status: 'ready' });
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.readyAt)).toBe(24 * 3_600_000);

    // the owner is told, in their language, where to download it
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, ana.user.email), eq(mailOutbox.template, 'dataExportReady')));
    expect(mail).toMatchObject({ language: 'es', payload: { firstName: expect.stringContaining('Cliente'), hours: '24' } });
    expect(mail!.payload.securityUrl).toMatch(/\/es\/dashboard\/security$/);

    const download = await injectAs(suite.app, ana.cookie, 'GET', `/api/me/data-exports/${pending.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="frontera-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.length).toBe(listed.sizeBytes);
    const zip = unzipSync(new Uint8Array(download.rawPayload));

    // every file, byte for byte as uploaded
    const paidNumber = ana.paidId.slice(0, 8).toUpperCase();
    const unpaidNumber = ana.unpaidId.slice(0, 8).toUpperCase();
    expect(Object.keys(zip).sort()).toEqual(
      [
        'account.json',
        'summary.html',
        `files/orders/${paidNumber}/documents/Articles ANA.pdf`,
        `files/orders/${paidNumber}/payments/recibo-${paidNumber}.pdf`,
        `files/orders/${paidNumber}/identity/otherId.png`,
        `files/orders/${paidNumber}/identity/passport.pdf`,
        `files/orders/${paidNumber}/messages/carta del banco.pdf`,
        `files/orders/${unpaidNumber}/identity/passport.pdf`,
      ].sort(),
    );
    expect(Buffer.from(zip[`files/orders/${paidNumber}/messages/carta del banco.pdf`]!)).toEqual(threadFile);
    expect(Buffer.from(zip[`files/orders/${paidNumber}/identity/passport.pdf`]!)).toEqual(ana.files.passport);
    expect(Buffer.from(zip[`files/orders/${paidNumber}/identity/otherId.png`]!)).toEqual(ana.files.otherId);
    expect(Buffer.from(zip[`files/orders/${paidNumber}/documents/Articles ANA.pdf`]!)).toEqual(ana.files.document);
    expect(Buffer.from(zip[`files/orders/${unpaidNumber}/identity/passport.pdf`]!)).toEqual(ana.files.unpaidPassport);

    // every row
    const data = JSON.parse(Buffer.from(zip['account.json']!).toString('utf8'));
    expect(data.account).toMatchObject({ id: ana.user.id, name: ana.name, email: ana.user.email, language: 'es', isAdmin: false, twoFactorEnabled: false });
    expect(data.orders.map((order: { id: string }) => order.id)).toEqual([ana.paidId, ana.unpaidId]);
    const [paidOrder, unpaidOrder] = data.orders;
    expect(paidOrder).toMatchObject({
      orderNumber: paidNumber,
      status: 'processing',
      organizerName: ana.name,
      amounts: { orderAmountCents: 39900, paidCents: 39900 },
      consent: { termsVersion: expect.any(String), acceptedAt: expect.any(String) },
      partner: { fullName: 'Socio ANA', email: 'socio-ana@example.com', phone: '+51999888777', country: 'PE' },
      identityDocuments: [
        { document: 'passport', file: `files/orders/${paidNumber}/identity/passport.pdf` },
        { document: 'otherId', file: `files/orders/${paidNumber}/identity/otherId.png` },
      ],
      documents: [
        {
          kind: 'other',
          fileName: 'Articles ANA.pdf',
          contentType: 'application/pdf',
          sizeBytes: ana.files.document.length,
          version: 1,
          file: `files/orders/${paidNumber}/documents/Articles ANA.pdf`,
        },
      ],
    });
    expect(paidOrder.milestones.map((entry: { milestone: string }) => entry.milestone)).toEqual(
      expect.arrayContaining(['order_received', 'payment_received', 'filed_with_state']),
    );
    expect(paidOrder.milestones.find((entry: { milestone: string }) => entry.milestone === 'filed_with_state').note).toBe('Filed for ANA');
    expect(paidOrder.statusHistory.map((entry: { to: string }) => entry.to)).toEqual(['pending_payment', 'paid', 'processing']);
    expect(unpaidOrder).toMatchObject({ status: 'pending_payment', consent: { termsVersion: null, acceptedAt: null }, partner: null });
    expect(data.consents).toEqual([{ orderNumber: paidNumber, termsVersion: paidOrder.consent.termsVersion, acceptedAt: paidOrder.consent.acceptedAt }]);
    expect(data.supportTickets).toMatchObject([{ id: ana.ticketId, message: 'Where is my EIN, ANA?', replies: [{ body: 'REPLY-TO-ANA' }] }]);
    const sessionRows = await db().select().from(sessions).where(eq(sessions.userId, ana.user.id));
    expect(data.sessions).toHaveLength(sessionRows.length);
    expect(paidOrder.messages).toEqual([
      {
        from: 'you',
        author: ana.name,
        body: 'MENSAJE DE ANA',
        sentAt: expect.any(String),
        readAt: null,
        attachments: [{ fileName: 'carta del banco.pdf', file: `files/orders/${paidNumber}/messages/carta del banco.pdf` }],
        request: null,
      },
    ]);
    expect(data.passkeys).toEqual([{ name: 'iPhone de ANA', addedAt: expect.any(String), syncedAcrossDevices: true }]);

    // nothing of anyone else: the other customer, the staff, internal notes, secrets
    const [credential] = await db().select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, ana.user.id));
    const forbidden = [
      other.user.id,
      other.user.email,
      other.name,
      'Bruno',
      'BRUNO',
      other.paidId,
      other.unpaidId,
      other.ticketId,
      admin.user.id,
      admin.user.email,
      'Erin',
      'Staffmember',
      'INTERNAL-ORDER-NOTE',
      'INTERNAL-TICKET-NOTE',
      credential!.password!,
      ...sessionRows.map((row) => row.token),
      passkey.publicKey,
      passkey.credentialID,
      'storage_key',
      // the storage keys themselves (identity/<order>/…, documents/<order>/…)
      `identity/${ana.paidId}`,
      `identity/${ana.unpaidId}`,
      `documents/${ana.paidId}`,
    ];
    const everything = [Buffer.from(download.rawPayload).toString('latin1'), ...texts(zip)];
    for (const text of everything) for (const value of forbidden) expect(text.includes(value), `the export contains ${value}`).toBe(false);

    // another account, a visitor, a malformed id: the same 404 (401 for the visitor)
    expect((await injectAs(suite.app, other.cookie, 'GET', `/api/me/data-exports/${pending.id}/file`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, other.cookie, 'GET', '/api/me/data-exports')).json().exports).toEqual([]);
    expect((await injectAs(suite.app, undefined, 'GET', `/api/me/data-exports/${pending.id}/file`)).statusCode).toBe(401);
    expect((await injectAs(suite.app, undefined, 'POST', '/api/me/data-exports')).statusCode).toBe(401);
    expect((await injectAs(suite.app, ana.cookie, 'GET', '/api/me/data-exports/not-a-uuid/file')).statusCode).toBe(400);
  });

  it('holds every document the customer can download, byte for byte as the download routes give it, and a summary.html that escapes what people typed', async () => {
    const customer = await signUp(suite.app, { name: 'Paula Hostil', language: 'es' });
    const orderId = (await submitOrder(suite.app, customer.cookie)).json().order.id as string;
    await pay(orderId, customer.cookie);
    // names as someone hostile might have typed them (stored as they were: the summary must show them as text)
    const hostileOrganizer = '<script>alert("organizer")</script> Paula';
    const hostileCompany = '<img src=x onerror=alert(1)> Sol LLC';
    await db().update(orders).set({ organizerName: hostileOrganizer, companyName1: hostileCompany }).where(eq(orders.id, orderId));

    // the team's documents: the Articles as filed, and another with a name that needs cleaning
    for (const [name, kind, bytes] of [
      ['Articles filed.pdf', 'articles_filed', pdfWith('PAULA-ARTICLES')],
      ['carta\u202e del IRS.pdf', 'ein_letter', pdfWith('PAULA-EIN')],
    ] as const) {
      const upload = await multipartFile('file', name, bytes);
      const added = await suite.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/documents?kind=${kind}`,
        ...upload,
        headers: { ...upload.headers, cookie: admin.cookie },
      });
      expect(added.statusCode, added.body).toBe(201);
    }

    // a refund of part of the payment, completed by the provider's event: a credit note, and a line on the receipt
    const asked = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/refund-requests`, {
      payload: { reason: 'documents_rejected', details: 'Mis <b>documentos</b>' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund.id as string;
    expect(
      (
        await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${orderId}/refund-requests/${requestId}/decision`, {
          payload: { decision: 'approve', amountCents: 35910 },
        })
      ).statusCode,
    ).toBe(200);
    await eventually(async () => {
      const [row] = await db().select({ status: refundRequests.status }).from(refundRequests).where(eq(refundRequests.id, requestId));
      return row?.status === 'refunded' ? true : undefined;
    }, 'the refund event');

    // the Operating Agreement signed by her and by the partner (the evidence as the signing writes it)
    const [agreement] = await db()
      .insert(filingDocuments)
      .values({
        orderId,
        kind: 'operating_agreement',
        version: 1,
        input: {
          organizer: { name: 'Paula Hostil' },
          partner: { name: 'Socio Privado' },
          agent: {
            name: 'Wyoming Agents LLC',
            address: { line1: '30 N Gould St', city: 'Sheridan', region: 'WY', zip: '82801', country: 'US' },
            county: 'Sheridan',
            placeholder: false,
          },
        },
        inputHash: 'a'.repeat(64),
        sha256: 'b'.repeat(64),
      })
      .returning({ id: filingDocuments.id });
    const signature = { documentId: agreement!.id, consent: 'Acepto usar un registro y una firma electrónicos.', sha256: 'b'.repeat(64) };
    await db()
      .insert(filingSignatures)
      .values([
        { ...signature, role: 'organizer', userId: customer.user.id, account: customer.user.email, typedName: 'Paula Hostil', ipAddress: '203.0.113.7' },
        { ...signature, role: 'partner', userId: null, account: 'socio-privado@example.com', typedName: 'Socio Privado', ipAddress: '198.51.100.99' },
      ]);

    const exportId = await readyExport(customer.cookie);
    const download = await injectAs(suite.app, customer.cookie, 'GET', `/api/me/data-exports/${exportId}/file`);
    expect(download.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const number = orderId.slice(0, 8).toUpperCase();
    const folder = `files/orders/${number}`;
    /** the name a download gives (Content-Disposition's UTF-8 filename*) */
    const downloadedName = (response: { headers: Record<string, unknown> }) =>
      decodeURIComponent(
        /filename\*=UTF-8''([^;]+)/.exec(String(response.headers['content-disposition']))?.[1] ??
          /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))![1]!,
      );

    // every document of her dashboard, under the name its download gives, with the same bytes
    const listed = (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/documents`)).json().documents as { id: string }[];
    expect(listed).toHaveLength(2);
    const downloads: [string, Buffer][] = [];
    for (const document of listed) {
      const file = await injectAs(suite.app, customer.cookie, 'GET', `/api/documents/${document.id}/file`);
      expect(file.statusCode).toBe(200);
      downloads.push([`${folder}/documents/${downloadedName(file)}`, file.rawPayload]);
    }
    const receipt = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    downloads.push([`${folder}/payments/${downloadedName(receipt)}`, receipt.rawPayload]);
    const creditNote = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/refund-requests/${requestId}/credit-note`);
    expect(creditNote.statusCode).toBe(200);
    downloads.push([`${folder}/payments/${downloadedName(creditNote)}`, creditNote.rawPayload]);
    expect(downloads.map(([name]) => name)).toEqual(
      expect.arrayContaining([`${folder}/documents/Articles filed.pdf`, `${folder}/documents/carta del IRS.pdf`, `${folder}/payments/recibo-${number}.pdf`]),
    );
    for (const [name, bytes] of downloads) {
      expect(zip[name], `${name} is in the export`).toBeDefined();
      expect(Buffer.from(zip[name]!).equals(bytes), `${name} is the download's bytes`).toBe(true);
    }
    // and nothing else but the identity document she uploaded (kept until the EIN, and exported as before)
    expect(
      Object.keys(zip)
        .filter((name) => name.startsWith(`${folder}/`) && !name.startsWith(`${folder}/identity/`))
        .sort(),
    ).toEqual(downloads.map(([name]) => name).sort());

    // the record: the company, the payment, the refund, the signatures (her IP address, not the partner's)
    const data = JSON.parse(Buffer.from(zip['account.json']!).toString('utf8'));
    const [order] = data.orders;
    expect(order).toMatchObject({
      company: { name: hostileCompany, state: 'WY', registeredAgent: { name: 'Wyoming Agents LLC', address: '30 N Gould St, Sheridan, WY 82801' } },
      amounts: { paidCents: 39900, refundedCents: 35910 },
      paymentMethod: 'Pago de prueba',
      refunds: [
        {
          reason: 'documents_rejected',
          details: 'Mis <b>documentos</b>',
          status: 'refunded',
          amountCents: 35910,
          creditNote: expect.stringMatching(/^CN-\d{6}$/),
        },
      ],
      documents: [
        { kind: expect.any(String), fileName: expect.any(String) },
        { kind: expect.any(String), fileName: expect.any(String) },
      ],
      paymentDocuments: [{ fileName: `recibo-${number}.pdf` }, { fileName: expect.stringMatching(/^nota-de-credito-CN-\d{6}\.pdf$/) }],
      packetDocuments: [],
    });
    expect(order.signatures).toEqual([
      expect.objectContaining({
        document: 'operating_agreement',
        role: 'organizer',
        typedName: 'Paula Hostil',
        ipAddress: '203.0.113.7',
        account: customer.user.email,
      }),
      expect.not.objectContaining({ ipAddress: expect.anything() }),
    ]);
    expect(order.signatures[1]).toMatchObject({ role: 'partner', adoptedName: 'Socio Privado', typedName: 'Socio Privado', sha256: 'b'.repeat(64) });
    expect(JSON.stringify(data)).not.toContain('198.51.100.99');
    expect(JSON.stringify(data)).not.toContain('socio-privado@example.com');

    // summary.html: in her language, every file by name, and what people typed shown as text, never markup
    const summary = Buffer.from(zip['summary.html']!).toString('utf8');
    expect(summary).toMatch(/^<!doctype html><html lang="es">/);
    expect(summary).toContain('Sus datos en Frontera');
    expect(summary).toContain('&lt;script&gt;alert(&quot;organizer&quot;)&lt;/script&gt; Paula');
    expect(summary).toContain('&lt;img src=x onerror=alert(1)&gt; Sol LLC');
    expect(summary).toContain('Pago de prueba');
    expect(summary).toContain('Mis &lt;b&gt;documentos&lt;/b&gt;');
    expect(summary).not.toMatch(/<script|<img|<b>/i);
    for (const [name] of downloads) expect(summary).toContain(`href="${name.replaceAll('&', '&amp;')}"`);
    for (const words of [
      'Wyoming Agents LLC',
      'Los documentos fueron rechazados',
      'Reembolsado',
      'Paula Hostil',
      '203.0.113.7',
      'Organizador (usted)',
      'Socio',
    ])
      expect(summary).toContain(words);
    expect(summary).not.toContain('198.51.100.99');
  });

  it('refuses an expired export and its cleanup deletes the file; a lost pending export is marked failed', async () => {
    const customer = await signUp(suite.app);
    expect((await submitOrder(suite.app, customer.cookie)).statusCode).toBe(201);
    const exportId = await readyExport(customer.cookie);
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, exportId));
    const key = row!.storageKey!;
    expect(await storedKeys()).toContain(key);
    // not yet expired: the cleanup leaves it
    expect(await deleteExpiredDataExports({ db: db(), storage: suite.app.services.storage })).toBe(0);
    expect(await storedKeys()).toContain(key);

    // past its expiry the download is refused at once, before any cleanup
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/me/data-exports/${exportId}/file`)).statusCode).toBe(404);
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/me/data-exports')).json().exports).toEqual([]);
    expect(await deleteExpiredDataExports({ db: db(), storage: suite.app.services.storage })).toBe(1);
    expect(await storedKeys()).not.toContain(key);
    await expect(suite.app.services.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await db().select().from(dataExports).where(eq(dataExports.id, exportId))).toEqual([]);

    // a pending export whose job never finished blocks nobody for long
    const started = (await injectAs(suite.app, customer.cookie, 'POST', '/api/me/data-exports')).json().export;
    await deleteExpiredDataExports({ db: db(), storage: suite.app.services.storage, now: new Date(Date.now() + 3 * 3_600_000) });
    expect((await injectAs(suite.app, customer.cookie, 'GET', '/api/me/data-exports')).json().exports).toMatchObject([{ id: started.id, status: 'failed' }]);
    expect((await injectAs(suite.app, customer.cookie, 'POST', '/api/me/data-exports')).statusCode).toBe(202);
  });

  it('skips, and stores nothing for, an export whose account was deleted before its job ran', async () => {
    const customer = await signUp(suite.app);
    const started = (await injectAs(suite.app, customer.cookie, 'POST', '/api/me/data-exports')).json().export;
    expect((await injectAs(suite.app, customer.cookie, 'POST', '/api/me/delete', { payload: { password: customer.password } })).statusCode).toBe(204);
    expect(await prepare(started.id)).toBe('skipped');
    expect((await storedKeys()).filter((key) => key.includes(started.id))).toEqual([]);
  });

  it('deletes the file of an export whose account went while it was written, and marks a failed one failed with no file', async () => {
    const { storage } = suite.app.services;
    const deletedMidway = await signUp(suite.app);
    const first = (await injectAs(suite.app, deletedMidway.cookie, 'POST', '/api/me/data-exports')).json().export;
    // the account is deleted (its export row with it) while the ZIP streams into storage
    const racing = {
      ...storage,
      put: async (...args: Parameters<typeof storage.put>) => {
        const written = await storage.put(...args);
        expect((await injectAs(suite.app, deletedMidway.cookie, 'POST', '/api/me/delete', { payload: { password: deletedMidway.password } })).statusCode).toBe(
          204,
        );
        return written;
      },
    };
    const options = { db: db(), mail: suite.app.services.mail, appUrl: suite.app.services.config.APP_URL };
    expect(await prepareDataExport({ ...options, storage: racing, exportId: first.id })).toBe('skipped');
    expect((await storedKeys()).filter((key) => key.includes(first.id))).toEqual([]);

    // a stored file that cannot be read (storage down, a tampered file): failed, and nothing left behind
    const failing = await signUp(suite.app);
    expect((await submitOrder(suite.app, failing.cookie)).statusCode).toBe(201);
    const second = (await injectAs(suite.app, failing.cookie, 'POST', '/api/me/data-exports')).json().export;
    const broken = { ...storage, get: async () => Promise.reject(new Error('storage unavailable')) };
    expect(await prepareDataExport({ ...options, storage: broken, exportId: second.id })).toBe('failed');
    expect((await injectAs(suite.app, failing.cookie, 'GET', '/api/me/data-exports')).json().exports).toMatchObject([{ id: second.id, status: 'failed' }]);
    expect((await storedKeys()).filter((key) => key.includes(second.id))).toEqual([]);
    // and another can be asked for at once
    expect((await injectAs(suite.app, failing.cookie, 'POST', '/api/me/data-exports')).statusCode).toBe(202);
  });

  it('deletes the account with the right password only: no login, no identity file, the paid order kept as the tax record', async () => {
    const carla = await fullCustomer('CARLA');
    const withFile = await multipartBody([
      ['message', JSON.stringify({ body: 'Hola' })],
      ['files', { name: 'recibo.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }],
    ]);
    expect((await injectAs(suite.app, carla.cookie, 'POST', `/api/orders/${carla.paidId}/messages/files`, withFile)).statusCode).toBe(201);
    const [attachment] = await db()
      .select({ key: orderMessageAttachments.storageKey })
      .from(orderMessageAttachments)
      .where(eq(orderMessageAttachments.orderId, carla.paidId));
    await db()
      .insert(passkeys)
      .values({
        id: randomUUID(),
        userId: carla.user.id,
        name: 'Llave',
        publicKey: 'key',
        credentialID: `CREDENTIAL-${randomUUID()}`,
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      });
    const bystander = await fullCustomer('DIEGO', { name: 'Diego Bystander' });
    const exportId = await readyExport(carla.cookie);
    const [exportRow] = await db().select().from(dataExports).where(eq(dataExports.id, exportId));
    const [paidBefore] = await db().select().from(orders).where(eq(orders.id, carla.paidId));
    const [unpaidBefore] = await db().select().from(orders).where(eq(orders.id, carla.unpaidId));
    const [documentRow] = await db().select().from(documents).where(eq(documents.orderId, carla.paidId));
    const identityKeys = [paidBefore!.passportKey!, paidBefore!.otherIdKey!, unpaidBefore!.passportKey!];
    const before = await storedKeys();
    for (const key of [...identityKeys, documentRow!.storageKey, exportRow!.storageKey!, attachment!.key]) expect(before).toContain(key);

    // a wrong password (or none) deletes nothing
    const wrong = await injectAs(suite.app, carla.cookie, 'POST', '/api/me/delete', { payload: { password: 'not the password at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'validation_failed', fields: { password: 'accountData.delete.wrongPassword' } });
    expect((await injectAs(suite.app, carla.cookie, 'POST', '/api/me/delete', { payload: {} })).statusCode).toBe(400);
    expect((await injectAs(suite.app, undefined, 'POST', '/api/me/delete', { payload: { password: carla.password } })).statusCode).toBe(401);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, carla.user.id))).toHaveLength(1);
    expect(await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, carla.user.id))).toHaveLength(2);
    expect(await storedKeys()).toEqual(expect.arrayContaining(identityKeys));
    expect((await injectAs(suite.app, carla.cookie, 'GET', '/api/me')).statusCode).toBe(200);

    const deleted = await injectAs(suite.app, carla.cookie, 'POST', '/api/me/delete', { payload: { password: carla.password } });
    expect(deleted.statusCode).toBe(204);
    // the cookie is cleared, and it no longer opens anything
    expect(String(deleted.headers['set-cookie'])).toMatch(/frontera\.session_token=;.*Max-Age=0/i);
    expect((await injectAs(suite.app, carla.cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await injectAs(suite.app, carla.cookie, 'GET', '/api/orders')).statusCode).toBe(401);

    // no login left
    expect(await db().select().from(users).where(eq(users.id, carla.user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, carla.user.id))).toEqual([]);
    expect(await db().select().from(accounts).where(eq(accounts.userId, carla.user.id))).toEqual([]);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, carla.user.id))).toEqual([]);
    expect(await db().select().from(orderMessages).where(eq(orderMessages.orderId, carla.paidId))).toEqual([]);
    // no identity file left, nor the export; the LLC's document stays
    const after = await storedKeys();
    // the thread's file goes with the thread
    for (const key of [...identityKeys, exportRow!.storageKey!, attachment!.key]) expect(after).not.toContain(key);
    expect(after).toContain(documentRow!.storageKey);
    // the paid order is the tax record: detached, without identity files, with its papers and history
    const [paidAfter] = await db().select().from(orders).where(eq(orders.id, carla.paidId));
    expect(paidAfter).toMatchObject({
      userId: null,
      ssnDocKey: null,
      passportKey: null,
      otherIdKey: null,
      organizerName: carla.name,
      email: paidBefore!.email,
      orderAmountPaid: 39900,
      status: 'processing',
    });
    expect(paidAfter!.identityDeletedAt).toBeInstanceOf(Date);
    // and the record of which files existed, as the retention job leaves it (the admin order page reads it)
    const [cleared] = await db()
      .select()
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, carla.paidId), eq(orderAudit.action, 'identity_documents_deleted')));
    expect(cleared).toMatchObject({ actorId: carla.user.id, detail: { documents: expect.arrayContaining(['passport']), reason: 'account_deleted' } });
    expect(paidAfter!.paidAt).toEqual(paidBefore!.paidAt);
    expect(await db().select({ id: documents.id }).from(documents).where(eq(documents.orderId, carla.paidId))).toHaveLength(1);
    expect((await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, carla.paidId))).length).toBe(3);
    expect((await db().select().from(partners).where(eq(partners.orderId, carla.paidId))).length).toBe(1);
    // the unpaid order is gone with its rows; the tickets from the address and the mail to it too
    expect(await db().select().from(orders).where(eq(orders.id, carla.unpaidId))).toEqual([]);
    expect(await db().select().from(orderMilestones).where(eq(orderMilestones.orderId, carla.unpaidId))).toEqual([]);
    expect(await db().select().from(supportTickets).where(eq(supportTickets.id, carla.ticketId))).toEqual([]);
    // every email to the address is gone but one: the confirmation, queued with the deletion, in her language
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, carla.user.email));
    expect(mails).toMatchObject([
      {
        template: 'accountDeleted',
        language: 'es',
        replyTo: suite.app.services.config.SUPPORT_EMAIL,
        payload: {
          firstName: 'Cliente',
          keptOrders: `${carla.paidId.slice(0, 8).toUpperCase()} (${paidBefore!.companyName1})`,
          years: '7',
          supportEmail: suite.app.services.config.SUPPORT_EMAIL,
        },
      },
    ]);
    const confirmation = renderMail('accountDeleted', 'es', mails[0]!.payload as never);
    expect(confirmation.subject).toBe('Su cuenta de Frontera fue eliminada');
    for (const words of [
      'Hola, Cliente:',
      'Su cuenta de Frontera fue eliminada el ',
      'todos sus documentos de identidad',
      `como el registro fiscal de la venta`,
      `durante 7 años después del pago. Los pedidos conservados:\n- ${carla.paidId.slice(0, 8).toUpperCase()} (${paidBefore!.companyName1})`,
      `escriba a ${suite.app.services.config.SUPPORT_EMAIL}`,
    ])
      expect(confirmation.text).toContain(words);
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, carla.user.id))).toEqual([]);
    // recorded, with the email: the record of who asked
    expect(
      await db()
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.targetId, carla.user.id), eq(adminAudit.action, 'delete_account'))),
    ).toMatchObject([
      {
        actorId: carla.user.id,
        detail: { email: carla.user.email, paidOrdersKept: [carla.paidId.slice(0, 8).toUpperCase()], unpaidOrdersDeleted: 1, ticketsDeleted: 1 },
      },
    ]);

    // the bystander keeps everything
    expect((await injectAs(suite.app, bystander.cookie, 'GET', '/api/orders')).json().orders).toHaveLength(2);
    expect(await db().select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, bystander.ticketId))).toHaveLength(1);

    // administrators still find the detached order: list, detail, export; a status change emails nobody
    const list = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders?q=${carla.paidId.slice(0, 8)}`);
    expect(list.json().orders.map((order: { id: string }) => order.id)).toEqual([carla.paidId]);
    const detail = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${carla.paidId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().order).toMatchObject({ id: carla.paidId, customer: null, organizerName: carla.name });
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders/export.csv?status=processing')).body).toContain(carla.name);
    const mailsBefore = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
    )[0]!.n;
    expect(
      (await injectAs(suite.app, admin.cookie, 'PATCH', `/api/admin/orders/${carla.paidId}/status`, { payload: { status: 'completed' } })).statusCode,
    ).toBe(200);
    expect(
      (
        await injectAs(suite.app, admin.cookie, 'POST', `/api/admin/orders/${carla.paidId}/milestones`, {
          payload: { milestone: 'state_approved', occurredOn: new Date().toISOString().slice(0, 10) },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
      )[0]!.n,
    ).toBe(mailsBefore);
    // formed now: its deadlines show to the team, with the order's own contact email
    const compliance = await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/compliance');
    expect(compliance.statusCode).toBe(200);
    for (const item of compliance.json().items.filter((entry: { orderId: string }) => entry.orderId === carla.paidId))
      expect(item.email).toBe(paidBefore!.email);

    // the address can sign up again, as a new account that sees none of the old orders
    const again = await signUp(suite.app, { email: carla.user.email });
    expect(again.user.id).not.toBe(carla.user.id);
    expect((await injectAs(suite.app, again.cookie, 'GET', '/api/orders')).json().orders).toEqual([]);
  });

  it('refuses the last administrator, and lets an administrator go when another remains', async () => {
    const fresh = await target.open();
    const { app } = await buildTestApp(fresh, { AUTH_RATE_LIMIT_IP: '1000' });
    try {
      const only = await signUp(app, { name: 'Olga Only' });
      await promoteAdmin(fresh.db, only.user.email);
      const refused = await injectAs(app, only.cookie, 'POST', '/api/me/delete', { payload: { password: only.password } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'last_admin', message: 'accountData.delete.lastAdmin' });
      expect(await fresh.db.select({ id: users.id }).from(users).where(eq(users.id, only.user.id))).toHaveLength(1);
      // nothing was deleted: no confirmation either (it is queued in the deletion's transaction)
      const confirmations = () =>
        fresh.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, only.user.email), eq(mailOutbox.template, 'accountDeleted')));
      expect(await confirmations()).toEqual([]);

      const second = await signUp(app, { name: 'Sam Second' });
      await promoteAdmin(fresh.db, second.user.email);
      expect((await injectAs(app, only.cookie, 'POST', '/api/me/delete', { payload: { password: only.password } })).statusCode).toBe(204);
      // no paid order: nothing kept but the record of the deletion, said in English (her language)
      const [confirmation] = await confirmations();
      expect(confirmation).toMatchObject({ language: 'en', payload: { keptOrders: '' } });
      const { subject, text } = renderMail('accountDeleted', 'en', confirmation!.payload as never);
      expect(subject).toBe('Your Frontera account was deleted');
      expect(text).toContain('Hi Olga,\n\nYour Frontera account was deleted on ');
      expect(text).toContain('You had no paid order, so no record of a sale is kept.');
      expect(text).toContain(`write to ${app.services.config.SUPPORT_EMAIL}`);
      expect((await injectAs(app, second.cookie, 'POST', '/api/me/delete', { payload: { password: second.password } })).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('asks an account with a second factor for a current code (here a recovery code), and refuses a missing or wrong one', async () => {
    const customer = await signUp(suite.app);
    const enrolled = await enrollSecondFactor(suite.app, customer);
    const missing = await injectAs(suite.app, enrolled.cookie, 'POST', '/api/me/delete', { payload: { password: customer.password } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ code: 'accountData.delete.codeRequired' });
    const [recoveryCode] = enrolled.recoveryCodes;
    const wrong = await injectAs(suite.app, enrolled.cookie, 'POST', '/api/me/delete', { payload: { password: customer.password, code: 'AAAAA-BBBBB' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'accountData.delete.codeWrong' });
    // the right code with a wrong password is still refused (and the code not used up): both are needed
    const wrongPassword = await injectAs(suite.app, enrolled.cookie, 'POST', '/api/me/delete', {
      payload: { password: 'not the password at all', code: recoveryCode },
    });
    expect(wrongPassword.json().error.fields).toEqual({ password: 'accountData.delete.wrongPassword' });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, customer.user.id))).toHaveLength(1);

    const done = await injectAs(suite.app, enrolled.cookie, 'POST', '/api/me/delete', { payload: { password: customer.password, code: recoveryCode } });
    expect(done.statusCode).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, customer.user.id))).toEqual([]);
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, customer.user.id))).toEqual([]);
  });
});

/** Two apps, each with its own pool, its own Better Auth and its own session cache, on one PostgreSQL database. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a deleted account on a second instance (PostgreSQL)', () => {
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let fresh: Awaited<ReturnType<typeof createEmptyPostgres>>;

  beforeAll(async () => {
    fresh = await createEmptyPostgres(process.env.TEST_DATABASE_URL!);
    const shared = { AUTH_SECRET: randomBytes(32).toString('hex'), AUTH_RATE_LIMIT_IP: '1000' };
    for (let i = 0; i < 2; i++) {
      const database = openPostgres(fresh.url, 3);
      if (i === 0) {
        await database.migrate();
        await seed(database.db);
      }
      instances.push({ app: (await buildTestApp(database, shared)).app, database });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app } of instances) await app.close();
    await fresh?.drop();
  });

  it("answers 401 to the deleted account's cookie on its next request", async () => {
    const [a, b] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
    const customer = await signUp(a);
    // a second session, signed in on the other instance
    const signIn = await b.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: customer.user.email, password: strongPassword } });
    const onB = cookieFrom(signIn);
    expect((await submitOrder(b, onB)).statusCode).toBe(201);
    // both instances know (and cache) both sessions
    for (const app of [a, b]) {
      for (const cookie of [customer.cookie, onB]) {
        expect((await injectAs(app, cookie, 'GET', '/api/me')).statusCode).toBe(200);
        expect((await injectAs(app, cookie, 'GET', '/api/orders')).json().orders).toHaveLength(1);
      }
    }
    expect((await injectAs(a, customer.cookie, 'POST', '/api/me/delete', { payload: { password: customer.password } })).statusCode).toBe(204);
    for (const app of [b, a]) {
      for (const cookie of [onB, customer.cookie]) {
        expect((await injectAs(app, cookie, 'GET', '/api/me')).statusCode).toBe(401);
        expect((await injectAs(app, cookie, 'GET', '/api/orders')).statusCode).toBe(401);
        expect((await injectAs(app, cookie, 'GET', '/api/session')).json()).toEqual({ user: null });
      }
    }
  });
});

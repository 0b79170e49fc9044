import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoDayFrom } from '@shared/order-messages';
import { identityDocumentViews, mailOutbox, orderAudit, orderMessageAttachments, orderMessages, orderRequests, orders } from '@server/db/schema';
import { adminCustomerAndOrder, appPerSuite, buildTestApp, injectAs, signUp } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { multipartBody, pdfBytes, pngBytes, type UploadFile } from '@server/test/orders';
import { sendRequestReminders } from './order-messages.service';

const appUrl = 'http://localhost:3000';
const marker = 'PASSPORT-NUMBER-X1234567';
const pdf = (name = 'scan.pdf'): UploadFile => ({ name, type: 'application/pdf', bytes: Buffer.concat([pdfBytes, Buffer.from(`% ${marker}\n`)]) });
const png = (name = 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png'): UploadFile => ({ name, type: 'image/png', bytes: pngBytes });
const docx: UploadFile = {
  name: 'guide.docx',
  type: 'application/octet-stream',
  bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml word/document.xml'), Buffer.alloc(40)]),
};
const exe: UploadFile = { name: 'passport.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf at all, an executable', 'latin1') };

describe.each(testDatabases)('thread files and requests on $name', (target) => {
  const suite = appPerSuite(target, { APP_URL: appUrl, MESSAGE_RATE_LIMIT: '1000' });
  const filesDir = () => suite.app.services.config.filesDir;
  const storedUnder = (folder: string) => {
    const dir = path.join(filesDir(), folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')) : [];
  };
  const sendFiles = async (cookie: string | undefined, orderId: string, message: unknown, files: UploadFile[]) => {
    const { payload, headers } = await multipartBody([['message', JSON.stringify(message)], ...files.map((file) => ['files', file] as [string, UploadFile])]);
    return injectAs(suite.app, cookie, 'POST', `/api/orders/${orderId}/messages/files`, { payload, headers });
  };
  const answer = async (cookie: string | undefined, orderId: string, requestId: string, body: string, file?: UploadFile) => {
    const { payload, headers } = await multipartBody([['message', JSON.stringify({ body })], ...(file ? [['files', file] as [string, UploadFile]] : [])]);
    return injectAs(suite.app, cookie, 'POST', `/api/orders/${orderId}/requests/${requestId}/answer`, { payload, headers });
  };
  const ask = (cookie: string, orderId: string, body: string, request: unknown) =>
    injectAs(suite.app, cookie, 'POST', `/api/orders/${orderId}/messages`, { payload: { body, request } });
  const orderRow = async (orderId: string) => (await suite.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it("a file sent under another type's name is kept, and downloaded, with the extension of what it is", async () => {
    const { customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const renamed = await sendFiles(customer.cookie, orderId, { body: 'La factura' }, [
      { ...pdf(), name: 'invoice.html', type: 'text/html' },
      { ...png(), name: 'foto' },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(201);
    const { attachments } = renamed.json().message as { attachments: { id: string; fileName: string; contentType: string }[] };
    expect(attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['invoice.pdf', 'application/pdf'],
      ['foto.png', 'image/png'],
    ]);
  });

  it('the team opening a file the customer sent is logged as identity documents are (who, which file, from where), and shown in the access log and the history; the team’s own files and the customer’s own downloads are not', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const fromCustomer = (await sendFiles(customer.cookie, orderId, { body: 'Mi estado de cuenta' }, [png()])).json().message.attachments[0].id as string;
    const fromTeam = (await sendFiles(admin.cookie, orderId, { body: 'Su guía' }, [pdf('guide.pdf')])).json().message.attachments[0].id as string;
    const open = (cookie: string, id: string) =>
      suite.app.inject({ url: `/api/orders/${orderId}/messages/attachments/${id}`, headers: { cookie }, remoteAddress: '203.0.113.9' });
    const logged = () => suite.database.db.select().from(identityDocumentViews).where(eq(identityDocumentViews.orderId, orderId));

    expect((await open(customer.cookie, fromCustomer)).statusCode).toBe(200);
    expect((await open(admin.cookie, fromTeam)).statusCode).toBe(200);
    expect((await open(customer.cookie, fromTeam)).statusCode).toBe(200);
    expect(await logged()).toEqual([]);

    expect((await open(admin.cookie, fromCustomer)).rawPayload).toEqual(pngBytes);
    expect(await logged()).toEqual([
      {
        id: expect.any(String),
        orderId,
        document: 'threadFile',
        fileName: 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png',
        viewerId: admin.user.id,
        viewerName: admin.user.name,
        ipAddress: '203.0.113.9',
        createdAt: expect.any(Date),
      },
    ]);
    const log = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}/identity-views`);
    expect(log.json().views).toEqual([
      expect.objectContaining({
        document: 'threadFile',
        fileName: 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png',
        viewerName: admin.user.name,
        ipAddress: '203.0.113.9',
      }),
    ]);
    const timeline = await injectAs(suite.app, admin.cookie, 'GET', `/api/admin/orders/${orderId}/timeline`);
    expect(timeline.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'thread_file_viewed', actor: admin.user.name, detail: { fileName: 'WhatsApp Image 2026-11-27 at 10.41.23 (1).png' } }),
    );
    // the customer's page counts only identity documents as viewed
    const detail = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}`);
    expect(detail.json().order.identityViewedAt).toEqual({ ssnDoc: null, passport: null, otherId: null });
  });

  it('a customer sends files with a message: stored encrypted, listed in the thread, downloadable by the owner and the team only', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const sent = await sendFiles(customer.cookie, orderId, { body: 'Aquí van los documentos' }, [pdf(), png()]);
    expect(sent.statusCode, sent.body).toBe(201);
    const { message } = sent.json();
    expect(message.attachments.map((file: { fileName: string; contentType: string }) => [file.fileName, file.contentType])).toEqual([
      ['scan.pdf', 'application/pdf'],
      ['WhatsApp Image 2026-11-27 at 10.41.23 (1).png', 'image/png'],
    ]);
    expect(sent.body).not.toMatch(/storage|Key"/);
    // on disk the file is ciphertext: the passport number in it is nowhere to be read
    const [row] = await suite.database.db.select().from(orderMessageAttachments).where(eq(orderMessageAttachments.messageId, message.id)).limit(1);
    const raw = fs.readFileSync(path.join(filesDir(), row!.storageKey));
    expect(raw.includes(Buffer.from(marker))).toBe(false);

    const url = `/api/orders/${orderId}/messages/attachments/${message.attachments[0].id}`;
    for (const cookie of [customer.cookie, admin.cookie]) {
      const download = await injectAs(suite.app, cookie, 'GET', url);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.includes(Buffer.from(marker))).toBe(true);
    }
    const stranger = await signUp(suite.app);
    expect((await injectAs(suite.app, stranger.cookie, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(suite.app, undefined, 'GET', url)).statusCode).toBe(401);
    expect((await sendFiles(stranger.cookie, orderId, { body: 'hola' }, [pdf()])).statusCode).toBe(404);
    // another order's id with this attachment: 404, not the file
    const other = await adminCustomerAndOrder(suite.app, suite.database);
    expect(
      (await injectAs(suite.app, other.customer.cookie, 'GET', `/api/orders/${other.orderId}/messages/attachments/${message.attachments[0].id}`)).statusCode,
    ).toBe(404);
    // the team is told, with the file names
    const [mail] = await suite.database.db
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'customerMessage'), eq(mailOutbox.replyTo, customer.user.email)));
    expect(mail!.payload.message).toContain('scan.pdf');
    // a file may go alone, without words
    expect((await sendFiles(customer.cookie, orderId, { body: '' }, [png('foto.png')])).statusCode).toBe(201);
  });

  it('refuses a wrong type, too many files, no file, Word files from a customer, and bad fields: nothing written, no file left', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const cases: [string, UploadFile[], unknown, number, unknown][] = [
      ['an executable named .pdf', [exe], { body: 'hola' }, 415, undefined],
      ['a valid file then a bad one', [pdf(), exe], { body: 'hola' }, 415, undefined],
      ['fifty files', Array.from({ length: 50 }, (_, i) => png(`foto-${i}.png`)), { body: 'hola' }, 400, { files: 'messages.tooManyFiles' }],
      ['six files', Array.from({ length: 6 }, (_, i) => png(`foto-${i}.png`)), { body: 'hola' }, 400, { files: 'messages.tooManyFiles' }],
      ['no file', [], { body: 'hola' }, 400, { files: 'messages.fileRequired' }],
      ['a Word file from a customer', [docx], { body: 'hola' }, 415, undefined],
      ['an over-long text', [pdf()], { body: 'x'.repeat(4001) }, 400, { body: 'messages.tooLong' }],
      ['a request from a customer', [pdf()], { body: 'hola', request: { kind: 'answer', dueOn: isoDayFrom(new Date(), 2) } }, 403, undefined],
    ];
    for (const [name, files, message, status, fields] of cases) {
      const response = await sendFiles(customer.cookie, orderId, message, files);
      expect({ name, status: response.statusCode, fields: response.json().error?.fields }, response.body).toEqual({ name, status, fields });
    }
    const garbled = await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/messages/files`, {
      ...(await multipartBody([
        ['message', '{not json'],
        ['files', pdf()],
      ])),
    });
    expect(garbled.statusCode).toBe(400);
    expect(await suite.database.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId))).toEqual([]);
    expect(storedUnder(`messages/${orderId}`)).toEqual([]);
    // the team may send a Word file
    const fromTeam = await sendFiles(admin.cookie, orderId, { body: 'Guía adjunta' }, [docx]);
    expect(fromTeam.statusCode, fromTeam.body).toBe(201);
    expect(storedUnder(`messages/${orderId}`)).toHaveLength(1);
  });

  it('a request for a clearer passport: the customer answers with the file, which replaces the passport; the old file is gone; audited; closed for good', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const oldKey = (await orderRow(orderId)).passportKey!;
    expect(fs.existsSync(path.join(filesDir(), oldKey))).toBe(true);
    const dueOn = isoDayFrom(new Date(), 3);
    const asked = await ask(admin.cookie, orderId, 'La foto de su pasaporte está borrosa. Suba una más nítida, por favor.', {
      kind: 'document',
      document: 'passport',
      dueOn,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().message.request;
    expect(request).toMatchObject({ kind: 'document', document: 'passport', dueOn, status: 'open', closedAt: null });
    expect((await orderRow(orderId)).openRequests).toBe(1);
    // the customer's thread shows it, and their order list says action is needed
    const seen = (await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/messages`)).json().messages;
    expect(seen[0].request).toMatchObject({ id: request.id, status: 'open' });
    const listed = (await injectAs(suite.app, customer.cookie, 'GET', '/api/orders')).json().orders.find((order: { id: string }) => order.id === orderId);
    expect(listed.openRequests).toBe(1);
    // the admin list filters and marks the orders waiting for their customer
    const waiting = async () =>
      (await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders?requests=open&limit=100')).json().orders as { id: string; openRequests: number }[];
    expect((await waiting()).find((order) => order.id === orderId)?.openRequests).toBe(1);
    expect((await waiting()).every((order) => order.openRequests > 0)).toBe(true);
    expect((await injectAs(suite.app, admin.cookie, 'GET', '/api/admin/orders?requests=someday')).statusCode).toBe(400);

    // only the customer answers; a request is only the team's to make
    expect((await answer(admin.cookie, orderId, request.id, 'yo respondo', png())).statusCode).toBe(403);
    expect((await ask(customer.cookie, orderId, 'pídame algo', { kind: 'answer', dueOn })).statusCode).toBe(403);
    const stranger = await signUp(suite.app);
    expect((await answer(stranger.cookie, orderId, request.id, 'hola', png())).statusCode).toBe(404);
    // a file request needs the file
    const noFile = await answer(customer.cookie, orderId, request.id, 'aquí está');
    expect([noFile.statusCode, noFile.json().error.fields]).toEqual([400, { file: 'messages.fileRequired' }]);
    expect((await answer(customer.cookie, orderId, request.id, 'aquí está', exe)).statusCode).toBe(415);

    const answered = await answer(customer.cookie, orderId, request.id, 'Aquí está la nueva foto', png('pasaporte nuevo.png'));
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().message).toMatchObject({
      fromTeam: false,
      body: 'Aquí está la nueva foto',
      attachments: [],
      answered: { requestId: request.id, document: 'passport' },
    });
    const after = await orderRow(orderId);
    expect(after.passportKey).not.toBe(oldKey);
    expect(after.passportKey).toMatch(new RegExp(`^identity/${orderId}/.+\\.png$`));
    expect(after.openRequests).toBe(0);
    expect((await waiting()).map((order) => order.id)).not.toContain(orderId);
    expect(fs.existsSync(path.join(filesDir(), oldKey))).toBe(false);
    // the team is told at once, in English, what the answer did
    const [told] = await suite.database.db
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'customerMessage'), eq(mailOutbox.replyTo, customer.user.email)));
    expect(told!.payload.message).toBe('[Answers the request: a new passport replaces the old one]\n\nAquí está la nueva foto');
    const passport = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/identity/passport`);
    expect(passport.headers['content-type']).toBe('image/png');
    const [closed] = await suite.database.db.select().from(orderRequests).where(eq(orderRequests.id, request.id));
    expect(closed).toMatchObject({ status: 'answered', answerMessageId: answered.json().message.id });
    const audit = await suite.database.db
      .select({ action: orderAudit.action, actorId: orderAudit.actorId, detail: orderAudit.detail })
      .from(orderAudit)
      .where(eq(orderAudit.orderId, orderId));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'request_opened', actorId: admin.user.id, detail: { requestId: request.id, kind: 'document', document: 'passport', dueOn } },
        {
          action: 'request_answered',
          actorId: customer.user.id,
          detail: { requestId: request.id, kind: 'document', document: 'passport', replacedDocument: true, files: 0 },
        },
      ]),
    );
    // closed: a second answer and a withdrawal are refused, and nothing changes
    const again = await answer(customer.cookie, orderId, request.id, 'otra', png());
    expect([again.statusCode, again.json().error.message]).toEqual([409, 'messages.requestClosed']);
    expect((await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/requests/${request.id}/withdraw`)).statusCode).toBe(409);
    expect((await orderRow(orderId)).passportKey).toBe(after.passportKey);
    expect(storedUnder(`identity/${orderId}`)).toHaveLength(1);
  });

  it('a request for an answer closes with the customer’s words; the team may withdraw one; bad requests are field errors', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    for (const [request, field, message] of [
      [{ kind: 'answer', dueOn: isoDayFrom(new Date(), -3) }, 'request.dueOn', 'messages.dueOnInvalid'],
      [{ kind: 'answer', dueOn: isoDayFrom(new Date(), 61) }, 'request.dueOn', 'messages.dueOnInvalid'],
      [{ kind: 'answer', dueOn: 'mañana' }, 'request.dueOn', 'messages.dueOnInvalid'],
      [{ kind: 'phone call', dueOn: isoDayFrom(new Date(), 2) }, 'request.kind', 'messages.requestKindInvalid'],
      [{ kind: 'answer', document: 'passport', dueOn: isoDayFrom(new Date(), 2) }, 'request.document', 'messages.requestDocumentInvalid'],
    ] as const) {
      const refused = await ask(admin.cookie, orderId, 'Confirme el propósito de la empresa.', request);
      expect([refused.statusCode, refused.json().error?.fields?.[field]]).toEqual([400, message]);
    }
    expect(await suite.database.db.select().from(orderRequests).where(eq(orderRequests.orderId, orderId))).toEqual([]);

    const purpose = (
      await ask(admin.cookie, orderId, '¿Confirma que el propósito es «cualquier actividad lícita»?', { kind: 'answer', dueOn: isoDayFrom(new Date(), 2) })
    ).json().message.request;
    const blank = await answer(customer.cookie, orderId, purpose.id, '   ');
    expect([blank.statusCode, blank.json().error.fields]).toEqual([400, { body: 'messages.required' }]);
    const replied = await answer(customer.cookie, orderId, purpose.id, 'Sí, lo confirmo.');
    expect(replied.statusCode).toBe(201);
    expect(replied.json().message.answered).toEqual({ requestId: purpose.id, document: null });

    const withdrawn = (await ask(admin.cookie, orderId, 'Envíe un comprobante de domicilio.', { kind: 'document', dueOn: isoDayFrom(new Date(), 5) })).json()
      .message.request;
    expect((await orderRow(orderId)).openRequests).toBe(1);
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/requests/${withdrawn.id}/withdraw`)).statusCode).toBe(403);
    const taken = await injectAs(suite.app, admin.cookie, 'POST', `/api/orders/${orderId}/requests/${withdrawn.id}/withdraw`);
    expect([taken.statusCode, taken.json().request.status]).toEqual([200, 'withdrawn']);
    expect((await orderRow(orderId)).openRequests).toBe(0);
    expect((await answer(customer.cookie, orderId, withdrawn.id, 'tarde', pdf())).statusCode).toBe(409);
    expect((await answer(customer.cookie, orderId, '00000000-0000-4000-8000-000000000000', 'hola')).statusCode).toBe(404);
    // a file request that names no identity document: the file is attached to the answer
    const letter = (await ask(admin.cookie, orderId, 'Envíe la carta del banco.', { kind: 'document', dueOn: isoDayFrom(new Date(), 5) })).json().message
      .request;
    const sent = await answer(customer.cookie, orderId, letter.id, '', pdf('carta banco.pdf'));
    expect(sent.json().message.attachments.map((file: { fileName: string }) => file.fileName)).toEqual(['carta banco.pdf']);
  });

  it('no request for an identity document once those were deleted', async () => {
    const { admin, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    await suite.database.db.update(orders).set({ passportKey: null, identityDeletedAt: new Date() }).where(eq(orders.id, orderId));
    const refused = await ask(admin.cookie, orderId, 'Suba su pasaporte.', { kind: 'document', document: 'passport', dueOn: isoDayFrom(new Date(), 2) });
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, 'messages.identityDeleted']);
  });

  it('one reminder, 48 hours after a request still open, in the customer’s language, once across two instances', async () => {
    const { admin, customer, orderId } = await adminCustomerAndOrder(suite.app, suite.database);
    const asked = (
      await ask(admin.cookie, orderId, 'Suba una foto más nítida de su pasaporte.', {
        kind: 'document',
        document: 'passport',
        dueOn: isoDayFrom(new Date(), 3),
      })
    ).json().message.request;
    const { app: second } = await buildTestApp(suite.database, { APP_URL: appUrl });
    try {
      const mailer = (app: typeof second) => ({ mail: app.services.mail, appUrl });
      const reminders = () =>
        suite.database.db
          .select({ language: mailOutbox.language, payload: mailOutbox.payload })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.template, 'requestReminder'), eq(mailOutbox.recipient, customer.user.email)));
      // not before 48 hours
      await sendRequestReminders(suite.database.db, mailer(suite.app), { now: new Date(Date.now() + 47 * 3_600_000) });
      expect(await reminders()).toEqual([]);
      const later = new Date(Date.now() + 49 * 3_600_000);
      await Promise.all([
        sendRequestReminders(suite.database.db, mailer(suite.app), { now: later }),
        sendRequestReminders(second.services.db, mailer(second), { now: later }),
      ]);
      await sendRequestReminders(second.services.db, mailer(second), { now: new Date(later.getTime() + 3_600_000) });
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        language: 'es',
        payload: { request: 'Suba una foto más nítida de su pasaporte.', threadUrl: `${appUrl}/es/dashboard?order=${orderId}` },
      });
      const [row] = await suite.database.db.select().from(orderRequests).where(eq(orderRequests.id, asked.id));
      expect(row!.remindedAt).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});

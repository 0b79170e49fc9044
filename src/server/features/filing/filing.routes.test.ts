import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, filingDocuments, filingSignatures, mailOutbox, orderMilestones, orders, signingLinks } from '@server/db/schema';
import { appPerSuite, injectAs, promoteEnrolledAdmin, signUp } from '@server/test/app';
import { partnerLinksPerHour } from './filing.routes';
import { approvePacket, orderPacketDocuments, type FilingSettings } from './filing.service';
import { testDatabases } from '@server/test/databases';
import { fileForm, pdfBytes, submitOrder, validOrder } from '@server/test/orders';
import { completedEvent, deliverPaymentEvent, openCheckoutSession } from '@server/test/payments';
import { pdfText } from '@server/test/pdf-text';
import type { TPacketDocument } from '@shared/filing/facts';

const partner = {
  fullName: 'Zoë Gonçalves',
  email: 'zoe.goncalves@example.com',
  phone: '+52 55 1234 5678',
  country: 'MX',
  address: 'Calle Río Lerma 4, Ciudad de México',
};
const facts = (overrides: Record<string, unknown> = {}) => ({
  purpose: 'Any lawful purpose',
  management: 'member',
  principalOffice: 'agent',
  mailingAddress: 'own',
  organizerShare: 60,
  partnerShare: 40,
  tradeName: null,
  fiscalYearEndMonth: 12,
  reason: 'started_new_business',
  startDate: '2026-12-01',
  employeesExpected: 0,
  firstWagesDate: null,
  principalActivity: 'other',
  activityDescription: 'Software development services',
  ...overrides,
});
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** What only the team's worksheets say: never in a customer's copy (ADR 0041). */
const worksheetText = [/PLACEHOLDER/, /REGISTERED_AGENTS/, /Call script/, /Fax cover/, /Return fax/, /Do not file/, /source: the dataset/];

describe.each(testDatabases)('the filing packet on $name', (target) => {
  const suite = appPerSuite(target, {
    REGISTERED_AGENTS: JSON.stringify({
      WY: { name: 'Frontera Agents Inc.', line1: '30 N Gould St', city: 'Sheridan', state: 'WY', zip: '82801', county: 'Sheridan' },
    }),
  });
  const db = () => suite.database.db;
  const filingSettings = (): FilingSettings => ({
    agents: suite.app.services.config.REGISTERED_AGENTS,
    designee: suite.app.services.config.BUSINESS_NAME,
    refusePlaceholderAgent: false,
    mail: suite.app.services.mail,
    appUrl: suite.app.services.config.APP_URL,
    storage: suite.app.services.storage,
    documentEmailDelaySeconds: 0,
  });

  /** A Mexican founder (in Spanish) whose order, with or without a partner, is paid. */
  async function paidOrder({ withPartner = true } = {}) {
    const customer = await signUp(suite.app, { language: 'es', name: 'José Ñúñez' });
    const order = validOrder({
      organizerName: 'José Ñúñez',
      companyName1: 'Cañón Ágil LLC',
      nationality: 'MX',
      addressCountry: 'MX',
      phone: '+52 55 8765 4321',
      ...(withPartner ? { partner } : {}),
    });
    const created = await submitOrder(suite.app, customer.cookie, order);
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().order.id as string;
    const sessionId = await openCheckoutSession(suite.app, orderId, customer.cookie);
    expect((await deliverPaymentEvent(suite.app, completedEvent(`evt_${randomUUID()}`, orderId, { sessionId }))).json().outcome).toBe('paid');
    return { customer, orderId };
  }
  async function admin() {
    const account = await signUp(suite.app, { name: 'Erin Admin' });
    await promoteEnrolledAdmin(db(), account.user.email);
    return account;
  }
  const packetOf = async (cookie: string, orderId: string, side = '') => {
    const answer = await injectAs(suite.app, cookie, 'GET', `/api${side}/orders/${orderId}/packet`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().packet;
  };
  const putFacts = (cookie: string, orderId: string, payload: unknown) =>
    injectAs(suite.app, cookie, 'PUT', `/api/orders/${orderId}/packet/facts`, { payload });
  const sign = (cookie: string, orderId: string, payload: unknown) => injectAs(suite.app, cookie, 'POST', `/api/orders/${orderId}/packet/sign`, { payload });
  const documentOf = (packet: { documents: TPacketDocument[] }, kind: string) => packet.documents.find((document) => document.kind === kind)!;
  /** The token of the partner's latest email (only its hash is stored). */
  async function partnerToken(email: string) {
    const sent = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'partnerSigning'), eq(mailOutbox.recipient, email)));
    const url = (sent.at(-1)!.payload as { signUrl: string }).signUrl;
    return new URL(url).searchParams.get('token')!;
  }

  it('goes from details to filed: facts, two signatures with their evidence, the partner link once, approval, the filing', async () => {
    const { customer, orderId } = await paidOrder();
    const team = await admin();
    expect(await packetOf(customer.cookie, orderId)).toMatchObject({
      status: 'details_missing',
      facts: null,
      documents: [],
      defaults: { organizerShare: 5000, partnerShare: 5000, purpose: 'Any lawful purpose', fiscalYearEndMonth: 12 },
    });

    const saved = await putFacts(customer.cookie, orderId, facts());
    expect(saved.statusCode, saved.body).toBe(200);
    const packet = saved.json().packet;
    expect(packet).toMatchObject({
      status: 'awaiting_signatures',
      editable: true,
      members: [
        { role: 'organizer', name: 'José Ñúñez', share: 6000 },
        { role: 'partner', name: 'Zoë Gonçalves', share: 4000 },
      ],
    });
    expect(packet.documents.map((document: { kind: string; version: number }) => [document.kind, document.version])).toEqual([
      ['articles', 1],
      ['ss4_worksheet', 1],
      ['operating_agreement', 1],
    ]);
    expect(packet.agreement.en.clauses.length).toBe(packet.agreement.es.clauses.length);

    // what is signed is the PDF the customer downloads: its SHA-256 is the document's
    const agreementPdf = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/operating_agreement`);
    expect(agreementPdf.headers['content-type']).toBe('application/pdf');
    expect(sha256(agreementPdf.rawPayload)).toBe(documentOf(packet, 'operating_agreement').sha256);

    // the SS-4 she signs is the authorization in her words with the answers, the very bytes signed; no worksheet text
    const ss4 = documentOf(packet, 'ss4_worksheet');
    const authorization = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/ss4_worksheet`);
    expect(sha256(authorization.rawPayload)).toBe(ss4.sha256);
    const authorizationText = await pdfText(authorization.rawPayload);
    expect(authorizationText).toContain('Autorización para solicitar el EIN de Cañón Ágil LLC');
    expect(authorizationText).toContain('Línea 7a');
    expect(authorizationText).toContain(suite.app.services.config.BUSINESS_NAME);
    for (const pattern of worksheetText) expect(authorizationText).not.toMatch(pattern);
    expect(packet.ss4).toContainEqual({ line: '7a', label: { en: 'Name of responsible party', es: 'Nombre de la persona responsable' }, answer: 'José Ñúñez' });

    // the signature is the legal name as recorded (accents, case); what she typed is the evidence
    const agreement = documentOf(packet, 'operating_agreement');
    const signed = await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'jose nunez', consent: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(documentOf(signed.json().packet, 'operating_agreement').signatures).toEqual([
      expect.objectContaining({
        role: 'organizer',
        adoptedName: 'José Ñúñez',
        typedName: 'jose nunez',
        sha256: agreement.sha256,
        ipAddress: null,
        account: null,
      }),
    ]);
    expect((await sign(customer.cookie, orderId, { kind: 'ss4_worksheet', version: ss4.version, typedName: 'José Ñúñez', consent: true })).statusCode).toBe(
      200,
    );
    expect((await packetOf(customer.cookie, orderId)).status).toBe('awaiting_signatures');

    // the partner: an email with a link, in the customer's language; only the token's hash is kept
    const token = await partnerToken(partner.email);
    const [link] = await db().select().from(signingLinks).where(eq(signingLinks.orderId, orderId));
    expect(link!.tokenHash).not.toContain(token);
    const reading = await suite.app.inject({ method: 'GET', url: `/api/sign?token=${token}` });
    expect(reading.statusCode, reading.body).toBe(200);
    expect(reading.json()).toMatchObject({ state: 'open', companyName: 'Cañón Ágil LLC', partnerName: 'Zoë Gonçalves', version: agreement.version });
    // the partner signs the hash of the very PDF he is given: the unsigned one, not the organizer's signed copy
    const partnerCopy = await suite.app.inject({ method: 'GET', url: `/api/sign/agreement?token=${token}` });
    expect(sha256(partnerCopy.rawPayload)).toBe(agreement.sha256);
    const partnerSigned = await suite.app.inject({
      method: 'POST',
      url: '/api/sign',
      payload: { token, version: agreement.version, typedName: 'Zoë Gonçalves', consent: true, language: 'es' },
      headers: { 'user-agent': 'Partner Browser' },
    });
    expect(partnerSigned.statusCode, partnerSigned.body).toBe(200);
    // the link works once
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/sign', payload: { token, version: agreement.version, typedName: 'Zoë Gonçalves', consent: true } }))
        .statusCode,
    ).toBe(410);
    // the used link says who signed and when, and gives the signed copy
    const afterSigning = await suite.app.inject({ method: 'GET', url: `/api/sign?token=${token}` });
    expect(afterSigning.statusCode).toBe(200);
    expect(afterSigning.json()).toEqual({ state: 'signed', companyName: 'Cañón Ágil LLC', partnerName: 'Zoë Gonçalves', signedAt: expect.any(String) });
    const partnerSignedCopy = await pdfText((await suite.app.inject({ method: 'GET', url: `/api/sign/agreement?token=${token}` })).rawPayload);
    expect(partnerSignedCopy).toContain('Firma adoptada');
    expect(partnerSignedCopy).toContain('Zoë Gonçalves');

    // each signer is emailed their signed copy, the organizer also that the partner signed; the PDFs go with the emails
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'signedCopy'));
    expect(mails.filter((mail) => mail.recipient === customer.user.email)).toHaveLength(2);
    expect(mails.filter((mail) => mail.recipient === partner.email)).toEqual([expect.objectContaining({ language: 'es' })]);
    const told = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'partnerSigned'), eq(mailOutbox.recipient, customer.user.email)));
    expect(told).toHaveLength(1);
    await suite.app.services.mail.drain();
    const sentFiles = (await readdir(suite.app.services.config.outboxDir)).filter((name) => name.endsWith('.eml'));
    const emails = await Promise.all(sentFiles.map((name) => readFile(path.join(suite.app.services.config.outboxDir, name), 'utf8')));
    const toPartner = emails.filter((text) => text.includes(`To: ${partner.email}`) && text.includes('application/pdf'));
    expect(toPartner.length).toBeGreaterThanOrEqual(1);
    expect(emails.filter((text) => text.includes(`To: ${customer.user.email}`) && /filename=.?Operating-Agreement-/.test(text)).length).toBeGreaterThanOrEqual(
      2,
    );

    // the team sees who signed what, when, from where and as whom; the partner's signature puts the packet in its queue
    const forTeam = await packetOf(team.cookie, orderId, '/admin');
    expect(forTeam.status).toBe('ready_for_review');
    const waiting = async () => (await db().select({ attention: orders.attention, stage: orders.stage }).from(orders).where(eq(orders.id, orderId)))[0]!;
    expect(await waiting()).toEqual({ attention: [{ kind: 'partner_signed', since: expect.any(String) }], stage: 'team_review' });
    expect(documentOf(forTeam, 'operating_agreement').signatures).toEqual([
      expect.objectContaining({
        role: 'organizer',
        account: customer.user.email,
        ipAddress: expect.any(String),
        signedAt: expect.any(String),
        sha256: agreement.sha256,
      }),
      expect.objectContaining({ role: 'partner', account: partner.email, ipAddress: expect.any(String), sha256: agreement.sha256 }),
    ]);
    const [stored] = await db().select().from(filingSignatures).where(eq(filingSignatures.role, 'partner'));
    expect(stored).toMatchObject({ userAgent: 'Partner Browser', consent: expect.stringContaining('firma') });

    // the signed PDF carries the signature record
    const signedText = await pdfText(
      (await injectAs(suite.app, team.cookie, 'GET', `/api/admin/orders/${orderId}/packet/documents/operating_agreement`)).rawPayload,
    );
    expect(signedText).toContain(agreement.sha256);
    expect(signedText).toContain('Zoë Gonçalves');
    expect(signedText).toContain(partner.email);
    expect(signedText).toContain('José Ñúñez');
    expect(signedText).toContain('jose nunez');

    // in production a packet with the placeholder agent is refused, whoever approves
    const production = { ...filingSettings(), agents: {}, refusePlaceholderAgent: true };
    await expect(approvePacket(db(), production, orderId, { ...team.user, isAdmin: true, twoFactorEnabled: true })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'filing.agentNotConfigured',
    });
    expect((await packetOf(team.cookie, orderId, '/admin')).status).toBe('ready_for_review');

    // the customer cannot approve; the team can, once
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/admin/orders/${orderId}/packet/approve`)).statusCode).toBe(403);
    const approved = await injectAs(suite.app, team.cookie, 'POST', `/api/admin/orders/${orderId}/packet/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().packet).toMatchObject({ status: 'approved', editable: false, approvedAt: expect.any(String) });
    expect(await waiting()).toEqual({ attention: null, stage: 'preparing_filing' });
    expect((await injectAs(suite.app, team.cookie, 'POST', `/api/admin/orders/${orderId}/packet/approve`)).json().error.message).toBeTruthy();
    // frozen: no more changes or signatures
    const late = await putFacts(customer.cookie, orderId, facts({ purpose: 'Consulting' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('conflict');
    const published = await db().select().from(documents).where(eq(documents.orderId, orderId));
    expect(published.map((document) => [document.kind, document.fileName])).toEqual([
      ['operating_agreement', expect.stringMatching(/^Operating-Agreement-[0-9A-F]{8}\.pdf$/)],
    ]);

    // the filing is recorded with the state's number, once the state's stamped copy is uploaded for the customer
    const today = new Date().toISOString().slice(0, 10);
    const recordFiling = (payload: unknown) => injectAs(suite.app, team.cookie, 'POST', `/api/admin/orders/${orderId}/packet/filed`, { payload });
    expect((await recordFiling({ filedOn: today, filingNumber: ' ' })).json().error.fields.filingNumber).toBe('filing.errors.required');
    const early = await recordFiling({ filedOn: today, filingNumber: '2026-001234567' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('filing.stampedCopyMissing');
    const stamped = await injectAs(
      suite.app,
      team.cookie,
      'POST',
      `/api/admin/orders/${orderId}/documents?kind=articles_filed`,
      await fileForm('scan.pdf', pdfBytes),
    );
    expect(stamped.statusCode, stamped.body).toBe(201);
    expect(stamped.json().document).toMatchObject({ kind: 'articles_filed' });
    const filed = await recordFiling({ filedOn: today, filingNumber: '2026-001234567' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().packet.status).toBe('filed');
    expect(
      await db()
        .select({ milestone: orderMilestones.milestone, occurredOn: orderMilestones.occurredOn, reference: orderMilestones.reference })
        .from(orderMilestones)
        .where(and(eq(orderMilestones.orderId, orderId), eq(orderMilestones.milestone, 'filed_with_state'))),
    ).toEqual([{ milestone: 'filed_with_state', occurredOn: today, reference: '2026-001234567' }]);
    // the customer's list: the stamped copy and the signed agreement, by kind; no worksheet was published
    const list = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/documents`);
    expect(
      list
        .json()
        .documents.map((document: { kind: string }) => document.kind)
        .sort(),
    ).toEqual(['articles_filed', 'operating_agreement']);
    const afterFiling = await db().select().from(documents).where(eq(documents.orderId, orderId));
    // the customer downloads the published agreement from their documents
    const agreementDocument = afterFiling.find((document) => document.fileName.startsWith('Operating-Agreement'))!;
    const download = await injectAs(suite.app, customer.cookie, 'GET', `/api/documents/${agreementDocument.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain(agreement.sha256);
  });

  it('reads the packet and its documents for the owner and administrators only', async () => {
    const { customer, orderId } = await paidOrder();
    expect((await putFacts(customer.cookie, orderId, facts())).statusCode).toBe(200);
    const stranger = await signUp(suite.app, { name: 'Mallory Other' });
    const team = await admin();
    for (const url of [`/api/orders/${orderId}/packet`, `/api/orders/${orderId}/packet/documents/ss4_worksheet`]) {
      expect((await injectAs(suite.app, stranger.cookie, 'GET', url)).statusCode, url).toBe(404);
      expect((await injectAs(suite.app, undefined, 'GET', url)).statusCode, url).toBe(401);
    }
    expect((await putFacts(stranger.cookie, orderId, facts())).statusCode).toBe(404);
    expect((await sign(stranger.cookie, orderId, { kind: 'operating_agreement', version: 1, typedName: 'Mallory Other', consent: true })).statusCode).toBe(404);
    expect((await injectAs(suite.app, stranger.cookie, 'GET', `/api/admin/orders/${orderId}/packet`)).statusCode).toBe(403);
    const articles = await injectAs(suite.app, team.cookie, 'GET', `/api/admin/orders/${orderId}/packet/documents/articles`);
    expect(articles.statusCode).toBe(200);
    const text = await pdfText(articles.rawPayload);
    expect(text).toContain('Cañón Ágil LLC');
    expect(text).toContain('Frontera Agents Inc.');
    expect(text).toContain('José Ñúñez');
    // the worksheets are the team's: the customer cannot address the Articles' one, and her SS-4 copy is the authorization
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/articles`)).statusCode).toBe(400);
    const customerCopy = await pdfText((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/ss4_worksheet`)).rawPayload);
    expect(customerCopy).toMatch(/Foreign — none/);
    for (const pattern of worksheetText) expect(customerCopy).not.toMatch(pattern);
    const teamCopy = await pdfText((await injectAs(suite.app, team.cookie, 'GET', `/api/admin/orders/${orderId}/packet/documents/ss4_worksheet`)).rawPayload);
    expect(teamCopy).toContain('Call script');
    expect(teamCopy).toContain(`From\n${suite.app.services.config.BUSINESS_NAME}`.split('\n')[1]!);
    expect(teamCopy).not.toContain('Our company');
    // a bad kind is not a document
    expect((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/passport`)).statusCode).toBe(400);
  });

  it('gives "Download my data" the packet documents the customer downloads, byte for byte', async () => {
    const { customer, orderId } = await paidOrder();
    expect(await orderPacketDocuments(db(), filingSettings(), orderId)).toEqual([]);
    const agreement = documentOf((await putFacts(customer.cookie, orderId, facts())).json().packet, 'operating_agreement');
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'José Ñúñez', consent: true })).statusCode,
    ).toBe(200);
    const exported = await orderPacketDocuments(db(), filingSettings(), orderId);
    expect(exported.map((file) => file.fileName)).toEqual([expect.stringMatching(/^EIN-authorization-SS-4-/), expect.stringMatching(/^Operating-Agreement-/)]);
    for (const [index, kind] of ['ss4_worksheet', 'operating_agreement'].entries()) {
      const download = await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/${kind}`);
      expect(exported[index]!.bytes.equals(download.rawPayload), kind).toBe(true);
    }
  });

  it('keeps a signed version as it was: a change makes a new version, voids the signature, and refuses signing the old one', async () => {
    const { customer, orderId } = await paidOrder();
    const first = (await putFacts(customer.cookie, orderId, facts())).json().packet;
    const v1 = documentOf(first, 'operating_agreement');
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: v1.version, typedName: 'José Ñúñez', consent: true })).statusCode,
    ).toBe(200);
    const [v1Row] = await db()
      .select()
      .from(filingDocuments)
      .where(and(eq(filingDocuments.orderId, orderId), eq(filingDocuments.kind, 'operating_agreement')));

    const changed = (await putFacts(customer.cookie, orderId, facts({ organizerShare: 75, partnerShare: 25 }))).json().packet;
    const v2 = documentOf(changed, 'operating_agreement');
    expect(v2).toMatchObject({ version: 2, signatures: [], voidedSignatures: 1 });
    expect(v2.sha256).not.toBe(v1.sha256);
    // the same facts again make no new version
    expect(
      documentOf((await putFacts(customer.cookie, orderId, facts({ organizerShare: 75, partnerShare: 25 }))).json().packet, 'operating_agreement').version,
    ).toBe(2);

    const stale = await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: 1, typedName: 'José Ñúñez', consent: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('filing.documentChanged');
    // version 1 and its signature are kept as they were, superseded
    const [kept] = await db().select().from(filingDocuments).where(eq(filingDocuments.id, v1Row!.id));
    expect(kept).toMatchObject({ sha256: v1.sha256, version: 1, supersededAt: expect.any(Date) });
    expect(await db().select({ sha256: filingSignatures.sha256 }).from(filingSignatures).where(eq(filingSignatures.documentId, v1Row!.id))).toEqual([
      { sha256: v1.sha256 },
    ]);
    // the new version's PDF says the new shares
    const text = await pdfText((await injectAs(suite.app, customer.cookie, 'GET', `/api/orders/${orderId}/packet/documents/operating_agreement`)).rawPayload);
    expect(text).toMatch(/75(\.00)?\s?%/);
  });

  it('refuses bad company details, bad signatures, an unpaid order, and a second signature of the same version at once', async () => {
    const { customer, orderId } = await paidOrder();
    const invalid = [
      [facts({ organizerShare: 60, partnerShare: 30 }), 'partnerShare', 'filing.errors.sharesTotal'],
      [facts({ organizerShare: 50.555, partnerShare: 49.445 }), 'organizerShare', 'filing.errors.shareDecimals'],
      [facts({ purpose: '' }), 'purpose', 'filing.errors.required'],
      [facts({ purpose: 'x'.repeat(301) }), 'purpose', 'filing.errors.tooLong'],
      [facts({ activityDescription: '   ' }), 'activityDescription', 'filing.errors.required'],
      [facts({ employeesExpected: 3 }), 'firstWagesDate', 'filing.errors.required'],
      [facts({ startDate: '2026-02-30' }), 'startDate', 'filing.errors.date'],
      [facts({ partnerShare: null, organizerShare: 100 }), 'partnerShare', 'filing.errors.sharesTotal'],
    ] as const;
    for (const [payload, field, message] of invalid) {
      const answer = await putFacts(customer.cookie, orderId, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.fields[field], field).toBe(message);
    }
    expect((await putFacts(customer.cookie, orderId, { ...facts(), management: 'board' })).statusCode).toBe(400);
    expect((await putFacts(customer.cookie, orderId, [])).statusCode).toBe(400);

    // signing before the details exist
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: 1, typedName: 'José Ñúñez', consent: true })).json().error.message,
    ).toBe('filing.detailsMissing');
    const packet = (await putFacts(customer.cookie, orderId, facts())).json().packet;
    const agreement = documentOf(packet, 'operating_agreement');
    const wrongName = await sign(customer.cookie, orderId, {
      kind: 'operating_agreement',
      version: agreement.version,
      typedName: 'Somebody Else',
      consent: true,
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error.fields.typedName).toBe('filing.errors.nameMismatch');
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'José Ñúñez', consent: false })).statusCode,
    ).toBe(400);
    expect((await sign(customer.cookie, orderId, { kind: 'articles', version: 1, typedName: 'José Ñúñez', consent: true })).statusCode).toBe(400);

    // two submissions at once: one signature
    const both = await Promise.all(
      [0, 1].map(() => sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'José Ñúñez', consent: true })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const organizerSignatures = await db()
      .select()
      .from(filingSignatures)
      .innerJoin(filingDocuments, eq(filingDocuments.id, filingSignatures.documentId))
      .where(eq(filingDocuments.orderId, orderId));
    expect(organizerSignatures).toHaveLength(1);

    // an unpaid order has no packet to fill yet
    const other = await signUp(suite.app, { name: 'Unpaid Founder' });
    const unpaidId = (await submitOrder(suite.app, other.cookie)).json().order.id as string;
    const unpaid = await putFacts(other.cookie, unpaidId, facts({ organizerShare: 100, partnerShare: null }));
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('filing.notPaid');
  });

  it('a single-member company needs only the organizer; the partner fields are refused', async () => {
    const { customer, orderId } = await paidOrder({ withPartner: false });
    const refused = await putFacts(customer.cookie, orderId, facts());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.partnerShare).toBe('filing.errors.noPartner');
    const packet = (await putFacts(customer.cookie, orderId, facts({ organizerShare: 100, partnerShare: null }))).json().packet;
    expect(documentOf(packet, 'operating_agreement')).toMatchObject({ signatures: [] });
    expect(packet.documents.find((document: { kind: string }) => document.kind === 'operating_agreement').signers).toEqual(['organizer']);
    const linksBefore = (await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'partnerSigning'))).length;
    for (const kind of ['operating_agreement', 'ss4_worksheet']) {
      expect((await sign(customer.cookie, orderId, { kind, version: 1, typedName: 'José Ñúñez', consent: true })).statusCode).toBe(200);
    }
    expect((await packetOf(customer.cookie, orderId)).status).toBe('ready_for_review');
    // nobody else to ask: no signing link went out
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'partnerSigning'))).toHaveLength(linksBefore);
    expect(await db().select().from(signingLinks).where(eq(signingLinks.orderId, orderId))).toEqual([]);
    // no partner, no link
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/packet/partner-link`)).statusCode).toBe(404);
  });

  it('an expired, replaced or unknown partner link is gone', async () => {
    const { customer, orderId } = await paidOrder();
    const agreement = documentOf((await putFacts(customer.cookie, orderId, facts())).json().packet, 'operating_agreement');
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'José Ñúñez', consent: true })).statusCode,
    ).toBe(200);
    const first = await partnerToken(partner.email);
    // a new link replaces the first
    expect((await injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/packet/partner-link`)).statusCode).toBe(200);
    const second = await partnerToken(partner.email);
    expect(second).not.toBe(first);
    expect((await suite.app.inject({ method: 'GET', url: `/api/sign?token=${first}` })).statusCode).toBe(410);
    expect((await suite.app.inject({ method: 'GET', url: `/api/sign?token=${second}` })).statusCode).toBe(200);
    // a week later it has expired
    await db()
      .update(signingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingLinks.orderId, orderId));
    const expired = await suite.app.inject({
      method: 'POST',
      url: '/api/sign',
      payload: { token: second, version: agreement.version, typedName: 'Zoë Gonçalves', consent: true },
    });
    expect(expired.statusCode).toBe(410);
    expect((await suite.app.inject({ method: 'GET', url: `/api/sign?token=${'x'.repeat(43)}` })).statusCode).toBe(410);
    expect((await suite.app.inject({ method: 'GET', url: '/api/sign/agreement?token=short' })).statusCode).toBe(400);
  });

  it(`sends the partner at most ${partnerLinksPerHour} new links an hour (each is an email to someone who is not our customer)`, async () => {
    const { customer, orderId } = await paidOrder();
    const agreement = documentOf((await putFacts(customer.cookie, orderId, facts())).json().packet, 'operating_agreement');
    expect(
      (await sign(customer.cookie, orderId, { kind: 'operating_agreement', version: agreement.version, typedName: 'José Ñúñez', consent: true })).statusCode,
    ).toBe(200);
    const sent = async () =>
      (
        await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.template, 'partnerSigning'), eq(mailOutbox.recipient, partner.email)))
      ).length;
    const before = await sent();
    const resend = () => injectAs(suite.app, customer.cookie, 'POST', `/api/orders/${orderId}/packet/partner-link`);
    for (let n = 0; n < partnerLinksPerHour; n += 1) expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await sent()).toBe(before + partnerLinksPerHour);
  });
});

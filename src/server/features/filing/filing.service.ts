import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import type { CompanyFacts } from '@shared/filing/facts-model';
import { consentSentence } from '@shared/filing/facts-model';
import { customerPacketKinds, type TPacket, type TPartnerSigning } from '@shared/filing/facts';
import { isLanguage, type Language } from '@shared/languages';
import { orderNumber } from '@shared/order-model';
import { paths } from '@shared/client-paths';
import { appPageUrl } from '@shared/locale-paths';
import type { AgentSetting } from '../../config';
import type { Db } from '../../db/client';
import { documents, filingPackets, orders, partners, users } from '../../db/schema';
import { publishOrderEventById } from '../../domain/live-events';
import { findViewableOrder } from '../../domain/orders/order-access';
import { orderCustomer } from '../../domain/orders/order-emails';
import { assertPacketOpen, packetContext, readPacket, type Copy, type DocumentKind, type PacketContext } from '../../domain/filing/packet';
import { liveSigningLink, packetDocumentPdf, saveFacts, sendSigningLink, signDocument, signedSigningLink, useSigningLink } from '../../domain/filing/signing';
import { serverTexts } from '../../platform/i18n/texts';
import type { MailAttachment } from '../../platform/mail/transport';
import type { MailQueue } from '../../platform/mail/outbox';
import type { Storage } from '../../platform/storage/storage';
import type { Services } from '../../services';

export interface FilingSettings {
  agents: Record<string, AgentSetting>;
  /** BUSINESS_NAME: who applies for the EIN as the third-party designee (the SS-4 authorization, the fax cover) */
  designee: string;
  /** production: a packet whose registered agent is the placeholder cannot be approved (nothing is filed with an invented agent) */
  refusePlaceholderAgent: boolean;
  mail: MailQueue;
  appUrl: string;
  storage: Storage;
  documentEmailDelaySeconds: number;
}

export interface SignerRequest {
  ipAddress: string;
  userAgent: string | null;
}

/** Reads and writes a packet under its row's lock, so two saves, signatures or approvals at once take turns. */
async function withPacket<T>(
  db: Db,
  settings: FilingSettings,
  { orderId, viewer }: { orderId: string; viewer: TSessionUser | null },
  work: (tx: Db, context: PacketContext) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const order = viewer ? await findViewableOrder(tx, orderId, viewer) : (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
    if (!order) throw new AppError('not_found', 'order.notFound');
    return work(tx, await packetContext(tx, order, { agents: settings.agents, designee: settings.designee }, true));
  });
}

const languageOf = async (tx: Db, context: PacketContext): Promise<Language> => {
  if (!context.order.userId) return 'en';
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, context.order.userId));
  return isLanguage(user?.language) ? user.language : 'en';
};

export const getPacket = (
  db: Db,
  settings: FilingSettings,
  { orderId, viewer, forTeam }: { orderId: string; viewer: TSessionUser; forTeam: boolean },
): Promise<TPacket> => withPacket(db, settings, { orderId, viewer }, (tx, context) => readPacket(tx, context, forTeam));

/** PUT /api/orders/:id/packet/facts: the customer's company details, until the packet is approved. */
export const putFacts = (
  db: Db,
  settings: FilingSettings,
  { orderId, viewer, facts }: { orderId: string; viewer: TSessionUser; facts: CompanyFacts },
): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer }, async (tx, context) => {
    assertPacketOpen(context.order);
    const saved = await saveFacts(tx, context, facts);
    const packet = await readPacket(tx, saved, false);
    await publishOrderEventById(tx, orderId, 'order');
    return packet;
  });

/**
 * POST /api/orders/:id/packet/sign: the organizer signs the current version of a document. Once
 * the organizer has signed the agreement of a two-member company, the partner gets their link.
 */
export const signAsOrganizer = (
  db: Db,
  settings: FilingSettings,
  {
    orderId,
    viewer,
    input,
    from,
  }: { orderId: string; viewer: TSessionUser; input: { kind: DocumentKind; version: number; typedName: string }; from: SignerRequest },
): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer }, async (tx, context) => {
    if (context.order.userId !== viewer.id) throw new AppError('forbidden', 'filing.onlyOrganizer');
    assertPacketOpen(context.order);
    const language = await languageOf(tx, context);
    await signDocument(tx, context, { ...input, role: 'organizer', consent: consentSentence[language], ...from, account: viewer.email, userId: viewer.id });
    await sendSignedCopy(tx, settings, context, { to: viewer.email, name: context.order.organizerName, kind: input.kind, language });
    if (input.kind === 'operating_agreement' && context.partner) await sendSigningLink(tx, { mail: settings.mail, appUrl: settings.appUrl }, context, language);
    await publishOrderEventById(tx, orderId, 'order');
    return readPacket(tx, context, false);
  });

/** POST /api/orders/:id/packet/partner-link: the customer sends the partner a new link (the old one stops working). */
export const resendPartnerLink = (db: Db, settings: FilingSettings, orderId: string, viewer: TSessionUser): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer }, async (tx, context) => {
    assertPacketOpen(context.order);
    if (!context.packet) throw new AppError('conflict', 'filing.detailsMissing');
    if (context.packet.approvedAt) throw new AppError('conflict', 'filing.frozen');
    await sendSigningLink(tx, { mail: settings.mail, appUrl: settings.appUrl }, context, await languageOf(tx, context));
    return readPacket(tx, context, false);
  });

/** The names of the packet's documents in a signer's language (the filing catalogue). */
const documentName = (kind: DocumentKind, language: Language) => serverTexts(language, 'filing')(`documents.${kind}`);

/**
 * Emails a signer their copy of what they just signed (ESIGN: a copy the signer can keep), in
 * their language, with the PDF made when the email goes out (the `packetDocument` attachment).
 */
async function sendSignedCopy(
  tx: Db,
  settings: FilingSettings,
  context: PacketContext,
  { to, name, kind, language }: { to: string; name: string; kind: DocumentKind; language: Language },
) {
  await settings.mail.enqueue(
    {
      to,
      template: 'signedCopy',
      language,
      payload: {
        signerName: name,
        companyName: context.order.companyName1,
        document: documentName(kind, language),
        signedAt: new Date().toISOString(),
        attachment: packetAttachment(context.order.id, kind),
      },
    },
    tx,
  );
}

/** What the outbox's `packetDocument` maker makes: the signer's copy of a packet document, signed as it is when sent. */
const packetAttachment = (orderId: string, kind: DocumentKind) => ({ source: 'packetDocument', orderId, kind });

/** The maker of the `packetDocument` attachments (registered with the outbox by the filing routes). */
export const packetAttachmentMaker =
  (db: Db, settings: FilingSettings) =>
  async (reference: Record<string, string>): Promise<MailAttachment[]> => {
    const kind = reference.kind as DocumentKind;
    const orderId = reference.orderId ?? '';
    return withPacket(db, settings, { orderId, viewer: null }, async (tx, context) => {
      const { pdf } = await packetDocumentPdf(tx, context, kind, { copy: 'signer' });
      return [{ filename: packetFileName(kind, orderId), content: pdf, contentType: 'application/pdf' }];
    });
  };

/**
 * GET /api/sign?token: what the partner reads; the token is the only credential. Once used to
 * sign, the link says who signed and when (and gives the copy) for signedLinkDays; a replaced
 * or expired link is 410.
 */
export async function partnerSigning(db: Db, settings: FilingSettings, token: string): Promise<TPartnerSigning> {
  const signed = await signedSigningLink(db, token);
  if (signed) {
    const [row] = await db
      .select({ companyName: orders.companyName1, partnerName: partners.fullName })
      .from(orders)
      .innerJoin(partners, eq(partners.orderId, orders.id))
      .where(eq(orders.id, signed.orderId));
    if (!row) throw new AppError('gone', 'filing.linkGone');
    return { state: 'signed', ...row, signedAt: signed.signedAt!.toISOString() };
  }
  const link = await liveSigningLink(db, token);
  return withPacket(db, settings, { orderId: link.orderId, viewer: null }, async (tx, context) => {
    const packet = await readPacket(tx, context, false);
    const agreement = packet.documents.find((document) => document.kind === 'operating_agreement');
    if (!context.partner || !agreement || !packet.agreement || packet.approvedAt) throw new AppError('gone', 'filing.linkGone');
    return {
      state: 'open',
      companyName: context.order.companyName1,
      partnerName: context.partner.fullName,
      organizerName: context.order.organizerName,
      version: agreement.version,
      agreement: packet.agreement,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}

/**
 * The partner's agreement PDF through their link: before signing, the unsigned version (the
 * bytes whose SHA-256 they sign); after, their signed copy.
 */
export async function partnerAgreementPdf(db: Db, settings: FilingSettings, token: string) {
  const signed = await signedSigningLink(db, token);
  const link = signed ?? (await liveSigningLink(db, token));
  return withPacket(db, settings, { orderId: link.orderId, viewer: null }, async (tx, context) => {
    const { pdf } = await packetDocumentPdf(tx, context, 'operating_agreement', { copy: 'signer', unsigned: !signed });
    return { pdf, fileName: packetFileName('operating_agreement', context.order.id) };
  });
}

/** POST /api/sign?token: the partner signs; the link is used up in the same transaction. */
export async function signAsPartner(
  db: Db,
  settings: FilingSettings,
  { token, input, from, language }: { token: string; input: { version: number; typedName: string }; from: SignerRequest; language: Language },
) {
  const link = await liveSigningLink(db, token);
  return withPacket(db, settings, { orderId: link.orderId, viewer: null }, async (tx, context) => {
    const live = await liveSigningLink(tx, token, true); // a second submission of the same link waits, then finds it used
    assertPacketOpen(context.order);
    await signDocument(tx, context, {
      kind: 'operating_agreement',
      ...input,
      role: 'partner',
      consent: consentSentence[language],
      ...from,
      account: live.email,
      userId: null,
    });
    await useSigningLink(tx, live.id);
    await sendSignedCopy(tx, settings, context, { to: live.email, name: context.partner?.fullName ?? '', kind: 'operating_agreement', language });
    // the organizer hears that the partner signed, with the signed agreement (none for a detached order)
    const organizer = await orderCustomer(tx, context.order.id);
    if (organizer)
      await settings.mail.enqueue(
        {
          to: organizer.email,
          template: 'partnerSigned',
          language: organizer.language,
          payload: {
            organizerName: context.order.organizerName,
            partnerName: context.partner?.fullName ?? '',
            companyName: context.order.companyName1,
            signedAt: new Date().toISOString(),
            dashboardUrl: appPageUrl(settings.appUrl, paths.dashboard(), organizer.language),
            attachment: packetAttachment(context.order.id, 'operating_agreement'),
          },
        },
        tx,
      );
    await publishOrderEventById(tx, context.order.id, 'order');
    return { signed: true as const };
  });
}

const fileNames: Record<DocumentKind, string> = {
  articles: 'Articles-of-Organization',
  ss4_worksheet: 'EIN-authorization-SS-4',
  operating_agreement: 'Operating-Agreement',
};
export const packetFileName = (kind: DocumentKind, orderId: string) => `${fileNames[kind]}-${orderNumber(orderId)}.pdf`;

/**
 * GET …/packet/documents/:kind: the signer's copy (the customer's: the agreement and the SS-4
 * authorization) or the team's worksheets (the admin area's). The Articles' worksheet is the
 * team's only (ADR 0041): the customer gets the state's filed copy, which the team uploads.
 */
export const packetPdf = (
  db: Db,
  settings: FilingSettings,
  { orderId, viewer, kind, copy }: { orderId: string; viewer: TSessionUser; kind: DocumentKind; copy: Copy },
) =>
  withPacket(db, settings, { orderId, viewer }, async (tx, context) => {
    if (copy === 'signer' && kind === 'articles') throw new AppError('not_found', 'filing.teamWorksheet');
    const { pdf } = await packetDocumentPdf(tx, context, kind, { copy });
    const fileName = copy === 'team' && kind === 'ss4_worksheet' ? `SS-4-worksheet-${orderNumber(orderId)}.pdf` : packetFileName(kind, orderId);
    return { pdf, fileName };
  });

/** Adds a PDF the packet made to the order's documents (the customer's list and its batched email). */
async function publishDocument(
  tx: Db,
  settings: FilingSettings,
  { orderId, kind, pdf, admin }: { orderId: string; kind: DocumentKind; pdf: Buffer; admin: TSessionUser },
) {
  const storageKey = `documents/${orderId}/${randomUUID()}.pdf`;
  await settings.storage.put(storageKey, Readable.from(pdf), 'application/pdf');
  await tx.insert(documents).values({
    orderId,
    kind: 'operating_agreement',
    fileName: packetFileName(kind, orderId),
    storageKey,
    contentType: 'application/pdf',
    sizeBytes: pdf.length,
    uploadedBy: admin.id,
  });
  await tx
    .update(orders)
    .set({ documentsNotifyAfter: new Date(Date.now() + settings.documentEmailDelaySeconds * 1000) })
    .where(eq(orders.id, orderId));
}

/** POST /api/admin/orders/:id/packet/approve: freezes the documents and publishes the signed agreement. */
export const approvePacket = (db: Db, settings: FilingSettings, orderId: string, admin: TSessionUser): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer: admin }, async (tx, context) => {
    assertPacketOpen(context.order);
    // before anything is read: with the placeholder the documents would not be the ones to file
    if (context.agent.placeholder && settings.refusePlaceholderAgent) throw new AppError('conflict', 'filing.agentNotConfigured');
    const current = await readPacket(tx, context, true);
    if (current.status !== 'ready_for_review')
      throw new AppError('conflict', current.status === 'approved' || current.status === 'filed' ? 'filing.alreadyApproved' : 'filing.notReady');
    const { pdf } = await packetDocumentPdf(tx, context, 'operating_agreement', { copy: 'signer' });
    await publishDocument(tx, settings, { orderId, kind: 'operating_agreement', pdf, admin });
    const [packet] = await tx.update(filingPackets).set({ approvedAt: new Date(), approvedBy: admin.id }).where(eq(filingPackets.orderId, orderId)).returning();
    await publishOrderEventById(tx, orderId, 'document');
    return readPacket(tx, { ...context, packet }, true);
  });

/**
 * POST /api/admin/orders/:id/packet/filed, after the milestone is recorded: the packet is filed.
 * The customer's Articles are the state's stamped copy the team uploaded (a document of kind
 * articles_filed), never our worksheet. A second call changes nothing.
 */
export const markPacketFiled = (db: Db, settings: FilingSettings, orderId: string, admin: TSessionUser): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer: admin }, async (tx, context) => {
    if (!context.packet?.approvedAt) throw new AppError('conflict', 'filing.notApproved');
    if (context.packet.filedAt) return readPacket(tx, context, true);
    const [packet] = await tx.update(filingPackets).set({ filedAt: new Date(), filedBy: admin.id }).where(eq(filingPackets.orderId, orderId)).returning();
    await publishOrderEventById(tx, orderId, 'document');
    return readPacket(tx, { ...context, packet }, true);
  });

/** The packet must be approved, and the state's stamped copy uploaded, before the filing milestone is recorded through it. */
export const assertApproved = (db: Db, settings: FilingSettings, orderId: string, admin: TSessionUser) =>
  withPacket(db, settings, { orderId, viewer: admin }, async (tx, context) => {
    if (!context.packet?.approvedAt) throw new AppError('conflict', 'filing.notApproved');
    const [stamped] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.kind, 'articles_filed')))
      .limit(1);
    if (!stamped) throw new AppError('conflict', 'filing.stampedCopyMissing');
  });

/**
 * The packet's documents the customer can download, as the download gives them (the signer's
 * copies, signed so far): for "Download my data", through src/server/jobs.ts. None before the
 * company details exist.
 */
export const orderPacketDocuments = (db: Db, settings: FilingSettings, orderId: string) =>
  withPacket(db, settings, { orderId, viewer: null }, async (tx, context) => {
    if (!context.packet) return [];
    const files = [];
    for (const kind of customerPacketKinds) {
      const { pdf } = await packetDocumentPdf(tx, context, kind, { copy: 'signer' });
      files.push({ fileName: packetFileName(kind, orderId), bytes: pdf });
    }
    return files;
  });

/** The packet's settings from the app's services: one place for the routes and the jobs. */
export const filingSettingsOf = ({ config, mail, storage }: Pick<Services, 'config' | 'mail' | 'storage'>): FilingSettings => ({
  agents: config.REGISTERED_AGENTS,
  designee: config.BUSINESS_NAME,
  refusePlaceholderAgent: config.NODE_ENV === 'production',
  mail,
  appUrl: config.APP_URL,
  storage,
  documentEmailDelaySeconds: config.DOCUMENT_EMAIL_DELAY_SECONDS,
});

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import type { CompanyFacts } from '@shared/filing/facts-model';
import { consentSentence } from '@shared/filing/facts-model';
import type { TPacket, TPartnerSigning } from '@shared/filing/facts';
import { isLanguage, type Language } from '@shared/languages';
import { orderNumber } from '@shared/order-model';
import type { AgentSetting } from '../../config';
import type { Db } from '../../db/client';
import { documents, filingPackets, orders, users } from '../../db/schema';
import { publishOrderEventById } from '../../domain/live-events';
import { findViewableOrder } from '../../domain/orders/order-access';
import { assertPacketOpen, packetContext, readPacket, type DocumentKind, type PacketContext } from '../../domain/filing/packet';
import { liveSigningLink, packetDocumentPdf, saveFacts, sendSigningLink, signDocument, useSigningLink } from '../../domain/filing/signing';
import type { MailQueue } from '../../platform/mail/outbox';
import type { Storage } from '../../platform/storage/storage';

export interface FilingSettings {
  agents: Record<string, AgentSetting>;
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
    return work(tx, await packetContext(tx, order, settings.agents, true));
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

/** GET /api/sign?token: what the partner reads; the token is the only credential (410 once used or expired). */
export async function partnerSigning(db: Db, settings: FilingSettings, token: string): Promise<TPartnerSigning> {
  const link = await liveSigningLink(db, token);
  return withPacket(db, settings, { orderId: link.orderId, viewer: null }, async (tx, context) => {
    const packet = await readPacket(tx, context, false);
    const agreement = packet.documents.find((document) => document.kind === 'operating_agreement');
    if (!context.partner || !agreement || !packet.agreement || packet.approvedAt) throw new AppError('gone', 'filing.linkGone');
    return {
      companyName: context.order.companyName1,
      partnerName: context.partner.fullName,
      organizerName: context.order.organizerName,
      version: agreement.version,
      sha256: agreement.sha256,
      agreement: packet.agreement,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}

/** The partner's agreement PDF through their link (the current version, as they are about to sign it). */
export async function partnerAgreementPdf(db: Db, settings: FilingSettings, token: string) {
  const link = await liveSigningLink(db, token);
  return withPacket(db, settings, { orderId: link.orderId, viewer: null }, async (tx, context) => {
    const { pdf } = await packetDocumentPdf(tx, context, 'operating_agreement', false);
    return { pdf, fileName: `Operating-Agreement-${orderNumber(context.order.id)}.pdf` };
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
    await publishOrderEventById(tx, context.order.id, 'order');
    return { signed: true as const };
  });
}

const fileNames: Record<DocumentKind, string> = {
  articles: 'Articles-of-Organization',
  ss4_worksheet: 'SS-4-worksheet',
  operating_agreement: 'Operating-Agreement',
};
export const packetFileName = (kind: DocumentKind, orderId: string) => `${fileNames[kind]}-${orderNumber(orderId)}.pdf`;

/** GET …/packet/documents/:kind: the owner's or the team's copy (the customer's SS-4 has the Spanish explanation in Spanish). */
export const packetPdf = (
  db: Db,
  settings: FilingSettings,
  { orderId, viewer, kind, language }: { orderId: string; viewer: TSessionUser; kind: DocumentKind; language: Language | null },
) =>
  withPacket(db, settings, { orderId, viewer }, async (tx, context) => {
    const { pdf } = await packetDocumentPdf(tx, context, kind, language === 'es');
    return { pdf, fileName: packetFileName(kind, orderId) };
  });

/** Adds a PDF the packet made to the order's documents (the customer's list and its batched email). */
async function publishDocument(
  tx: Db,
  settings: FilingSettings,
  { orderId, kind, pdf, admin }: { orderId: string; kind: DocumentKind; pdf: Buffer; admin: TSessionUser },
) {
  const storageKey = `documents/${orderId}/${randomUUID()}.pdf`;
  await settings.storage.put(storageKey, Readable.from(pdf), 'application/pdf');
  await tx
    .insert(documents)
    .values({ orderId, fileName: packetFileName(kind, orderId), storageKey, contentType: 'application/pdf', sizeBytes: pdf.length, uploadedBy: admin.id });
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
    const { pdf } = await packetDocumentPdf(tx, context, 'operating_agreement', false);
    await publishDocument(tx, settings, { orderId, kind: 'operating_agreement', pdf, admin });
    const [packet] = await tx.update(filingPackets).set({ approvedAt: new Date(), approvedBy: admin.id }).where(eq(filingPackets.orderId, orderId)).returning();
    await publishOrderEventById(tx, orderId, 'document');
    return readPacket(tx, { ...context, packet }, true);
  });

/**
 * POST /api/admin/orders/:id/packet/filed, after the milestone is recorded: the packet is filed
 * and the Articles join the customer's documents. A second call changes nothing.
 */
export const markPacketFiled = (db: Db, settings: FilingSettings, orderId: string, admin: TSessionUser): Promise<TPacket> =>
  withPacket(db, settings, { orderId, viewer: admin }, async (tx, context) => {
    if (!context.packet?.approvedAt) throw new AppError('conflict', 'filing.notApproved');
    if (context.packet.filedAt) return readPacket(tx, context, true);
    const { pdf } = await packetDocumentPdf(tx, context, 'articles', false);
    await publishDocument(tx, settings, { orderId, kind: 'articles', pdf, admin });
    const [packet] = await tx.update(filingPackets).set({ filedAt: new Date(), filedBy: admin.id }).where(eq(filingPackets.orderId, orderId)).returning();
    await publishOrderEventById(tx, orderId, 'document');
    return readPacket(tx, { ...context, packet }, true);
  });

/** The packet must be approved before the filing milestone is recorded through it. */
export const assertApproved = (db: Db, settings: FilingSettings, orderId: string, admin: TSessionUser) =>
  withPacket(db, settings, { orderId, viewer: admin }, async (_tx, context) => {
    if (!context.packet?.approvedAt) throw new AppError('conflict', 'filing.notApproved');
  });

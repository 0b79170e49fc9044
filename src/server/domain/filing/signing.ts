import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { paths } from '@shared/client-paths';
import { foldText } from '@shared/fold-text';
import type { Language } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import type { Db } from '../../db/client';
import { filingPackets, filingSignatures, signingLinks } from '../../db/schema';
import type { MailQueue } from '../../platform/mail/outbox';
import type { CompanyFacts, FilingInput, SignatureEvidence } from '@shared/filing/facts-model';
import { adoptedNameOf, renderVersion, sha256, syncDocuments, type Copy, type DocumentKind, type PacketContext, type SignerRole } from './packet';

/** A partner's link is good for a week, and once. */
export const signingLinkDays = 7;

const sameName = (a: string, b: string) => foldText(a).replace(/\s+/g, ' ').trim() === foldText(b).replace(/\s+/g, ' ').trim();

export interface Signing {
  kind: DocumentKind;
  version: number;
  role: SignerRole;
  typedName: string;
  consent: string;
  ipAddress: string;
  userAgent: string | null;
  account: string;
  userId: string | null;
}

/**
 * Records a signature of the current version of `kind` (the packet row locked by the caller). The
 * version read must still be the current one, the typed name must be the signer's, and each signer
 * signs a version once; nothing is signed once the packet is approved.
 */
export async function signDocument(tx: Db, context: PacketContext, signing: Signing) {
  if (!context.packet) throw new AppError('conflict', 'filing.detailsMissing');
  if (context.packet.approvedAt) throw new AppError('conflict', 'filing.frozen');
  const documents = await syncDocuments(tx, context);
  const document = documents.find((row) => row.kind === signing.kind);
  if (!document || document.version !== signing.version) throw new AppError('conflict', 'filing.documentChanged');
  const expected = signing.role === 'partner' ? context.partner?.fullName : context.order.organizerName;
  if (!expected) throw new AppError('not_found', 'order.notFound');
  if (!sameName(signing.typedName, expected)) throw new AppError('validation_failed', 'errors.validation_failed', { typedName: 'filing.errors.nameMismatch' });
  const [signature] = await tx
    .insert(filingSignatures)
    .values({
      documentId: document.id,
      role: signing.role,
      userId: signing.userId,
      account: signing.account,
      typedName: signing.typedName,
      consent: signing.consent,
      sha256: document.sha256,
      ipAddress: signing.ipAddress,
      userAgent: signing.userAgent?.slice(0, 300) ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: filingSignatures.id });
  if (!signature) throw new AppError('conflict', 'filing.alreadySigned');
  return document;
}

/**
 * A new signing link for the partner (the earlier ones stop working), emailed to them in the
 * customer's language. Only the token's hash is stored.
 */
export async function sendSigningLink(tx: Db, { mail, appUrl }: { mail: MailQueue; appUrl: string }, context: PacketContext, language: Language) {
  const partner = context.partner;
  if (!partner) throw new AppError('not_found', 'filing.noPartner');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + signingLinkDays * 86_400_000);
  await tx
    .update(signingLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(signingLinks.orderId, context.order.id), isNull(signingLinks.usedAt)));
  await tx.insert(signingLinks).values({ orderId: context.order.id, tokenHash: sha256(token), email: partner.email, expiresAt });
  const signUrl = appPageUrl(appUrl, paths.sign({ token }), language);
  await mail.enqueue(
    {
      to: partner.email,
      template: 'partnerSigning',
      language,
      payload: {
        partnerName: partner.fullName,
        organizerName: context.order.organizerName,
        companyName: context.order.companyName1,
        signUrl,
        expiresAt: expiresAt.toISOString(),
      },
    },
    tx,
  );
  return { expiresAt };
}

/** How long a link that was used to sign still shows who signed and gives the signed copy. */
export const signedLinkDays = 30;

/** The link of a token the partner signed with, while it still gives the copy; null otherwise. */
export async function signedSigningLink(db: Db, token: string) {
  const [link] = await db
    .select()
    .from(signingLinks)
    .where(and(eq(signingLinks.tokenHash, sha256(token)), gt(signingLinks.signedAt, new Date(Date.now() - signedLinkDays * 86_400_000))));
  return link ?? null;
}

/** The live link of a token (unused, unexpired), locked when `lock`; 410 for a used, expired or unknown one. */
export async function liveSigningLink(db: Db, token: string, lock = false) {
  const query = db
    .select()
    .from(signingLinks)
    .where(and(eq(signingLinks.tokenHash, sha256(token)), isNull(signingLinks.usedAt), gt(signingLinks.expiresAt, new Date())));
  const [link] = await (lock ? query.for('update') : query);
  if (!link) throw new AppError('gone', 'filing.linkGone');
  return link;
}

/** The partner signed through the link: it is used up, and says so from now on. */
export const useSigningLink = (tx: Db, linkId: string) => {
  const now = new Date();
  return tx.update(signingLinks).set({ usedAt: now, signedAt: now }).where(eq(signingLinks.id, linkId));
};

/**
 * The PDF of a packet document as it is now: its current version, in the signer's copy or the
 * team's (renderVersion), with the signature record once signed unless `unsigned` (what a signer
 * who has not signed yet reads: the very bytes whose SHA-256 they sign).
 */
export async function packetDocumentPdf(tx: Db, context: PacketContext, kind: DocumentKind, { copy, unsigned = false }: { copy: Copy; unsigned?: boolean }) {
  const documents = await syncDocuments(tx, context);
  const document = documents.find((row) => row.kind === kind);
  if (!document) throw new AppError('not_found', 'filing.detailsMissing');
  const input = document.input as FilingInput;
  const signatures = unsigned
    ? []
    : await tx.select().from(filingSignatures).where(eq(filingSignatures.documentId, document.id)).orderBy(asc(filingSignatures.signedAt));
  const evidence: SignatureEvidence[] = signatures.map((signature) => ({
    role: signature.role as SignerRole,
    adoptedName: adoptedNameOf(input, signature.role as SignerRole),
    typedName: signature.typedName,
    consent: signature.consent,
    sha256: signature.sha256,
    signedAt: signature.signedAt,
    ipAddress: signature.ipAddress,
    account: signature.account,
  }));
  return {
    document,
    pdf: await renderVersion(kind, input, { createdAt: document.createdAt, signatures: evidence.length ? evidence : null, copy }),
  };
}

/** Saves the facts (a new packet row the first time); the documents follow on the next read. */
export async function saveFacts(tx: Db, context: PacketContext, facts: CompanyFacts) {
  if (context.packet?.approvedAt) throw new AppError('conflict', 'filing.frozen');
  const hasPartner = Boolean(context.partner);
  if (hasPartner !== (facts.partnerShare !== null)) {
    throw new AppError('validation_failed', 'errors.validation_failed', { partnerShare: hasPartner ? 'filing.errors.sharesTotal' : 'filing.errors.noPartner' });
  }
  const [packet] = await tx
    .insert(filingPackets)
    .values({ orderId: context.order.id, facts })
    .onConflictDoUpdate({ target: filingPackets.orderId, set: { facts, factsUpdatedAt: new Date() } })
    .returning();
  return { ...context, packet };
}

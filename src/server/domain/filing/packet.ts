import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import { defaultFacts, type TPacket, type TPacketDocument } from '@shared/filing/facts';
import type { CompanyFacts, FilingInput, RegisteredAgent, SignatureEvidence } from '@shared/filing/facts-model';
import { operatingAgreement } from '@shared/filing/operating-agreement';
import { ss4Answers, ss4LabelsEs } from '@shared/filing/ss4';
import { isUsStateCode } from '@shared/geo';
import { nameRules } from '@shared/name-rules/states';
import { orderNumber } from '@shared/order-model';
import stateData from '@shared/state-data/states.json';
import type { Db } from '../../db/client';
import { filingDocuments, filingPackets, filingSignatures, partners, signingLinks, type orders } from '../../db/schema';
import type { AgentSetting } from '../../config';
import { renderArticles, renderOperatingAgreement, renderSs4Authorization, renderSs4Worksheet } from './pdfs';
import { documentKinds, packetStatus, signersOf, type DocumentKind, type SignerRole } from './packet-status';

export { documentKinds, packetStatus, signersOf, type DocumentKind, type SignerRole } from './packet-status';

/*
 * The filing packet of an order. Each document is a version made from an
 * immutable snapshot (FilingInput); the PDF renders deterministically from it, so the SHA-256 a
 * signer signs is the PDF's. What the order or the facts say is compared (as a hash of the
 * snapshot) whenever the packet is read or written: a difference makes a new version, which
 * voids the old one's signatures, until the packet is approved, when the documents freeze.
 */

type OrderRow = typeof orders.$inferSelect;
type PartnerRow = typeof partners.$inferSelect;
type PacketRow = typeof filingPackets.$inferSelect;
type DocumentRow = typeof filingDocuments.$inferSelect;

/** Our agent in `state` from REGISTERED_AGENTS ("*" for any state), or a placeholder that says so. */
export function registeredAgent(agents: Record<string, AgentSetting>, state: string): RegisteredAgent {
  const agent = agents[state] ?? agents['*'];
  if (!agent) {
    return {
      // what a customer's copy may show before our team sets REGISTERED_AGENTS (production refuses to approve it): no operator words
      name: 'Registered agent to be assigned before filing',
      address: { line1: 'To be assigned', city: 'To be assigned', region: state, zip: '00000', country: 'US' },
      county: 'To be assigned',
      placeholder: true,
    };
  }
  return {
    name: agent.name,
    address: { line1: agent.line1, city: agent.city, region: agent.state, zip: agent.zip, country: 'US' },
    county: agent.county,
    placeholder: false,
  };
}

/** What the documents of an order say: the order, its partner, the facts, the agent and the state's data. */
export function filingInputOf(
  order: OrderRow,
  partner: PartnerRow | undefined,
  facts: CompanyFacts,
  { agent, designee }: { agent: RegisteredAgent; designee: string },
): FilingInput {
  const state = isUsStateCode(order.llcState) ? order.llcState : 'WY';
  const record = (stateData.states as Partial<Record<string, { name: string; formationFeeUsd: number; officialLink: string; lastVerified: string }>>)[state];
  return {
    orderNumber: orderNumber(order.id),
    companyName: order.companyName1,
    llcState: state,
    organizer: {
      name: order.organizerName,
      email: order.email,
      nationality: order.nationality,
      address: {
        line1: order.addressLine1,
        line2: order.addressLine2,
        city: order.addressCity,
        region: order.addressState,
        zip: order.addressZip,
        country: order.addressCountry,
      },
    },
    partner: partner ? { name: partner.fullName, email: partner.email, country: partner.country, address: partner.address } : null,
    facts,
    agent,
    designee,
    state: {
      name: record?.name ?? state,
      formationFeeUsd: record?.formationFeeUsd ?? null,
      feeSource: record?.officialLink ?? null,
      feeVerified: record?.lastVerified ?? null,
      nameCitation: nameRules[state]?.citation ?? null,
    },
  };
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The layout of the signed documents: raised when what a version renders to changes (the SS-4
 * authorization replacing the worksheet, the agreement's clauses), so the open packets make new
 * versions to sign instead of keeping a hash no rendering gives any more.
 */
const layoutRevision = 2;

/** The snapshot's own part of each document: a change elsewhere (the partner's phone) makes no new version. */
const inputHash = (input: FilingInput) => sha256(JSON.stringify({ layoutRevision, input }));

/** Whose copy: the signer's (what is signed and downloaded) or the team's worksheet. */
export type Copy = 'signer' | 'team';

/**
 * The PDF of a version; `signatures` add the signature record page. The signer's copy of the SS-4
 * is the authorization she signs; the team's is the worksheet with the call script and the fax
 * cover. The Articles are the team's worksheet only: the customer gets the state's filed copy.
 */
export function renderVersion(
  kind: DocumentKind,
  input: FilingInput,
  { createdAt, signatures, copy = 'signer' }: { createdAt: Date; signatures: SignatureEvidence[] | null; copy?: Copy },
): Promise<Buffer> {
  if (kind === 'articles') return renderArticles(input, { createdAt });
  if (kind === 'ss4_worksheet')
    return copy === 'team' ? renderSs4Worksheet(input, { createdAt, signatures }) : renderSs4Authorization(input, { createdAt, signatures });
  return renderOperatingAgreement(input, signatures, { createdAt });
}

export interface PacketContext {
  order: OrderRow;
  partner: PartnerRow | undefined;
  packet: PacketRow | undefined;
  agent: RegisteredAgent;
  /** BUSINESS_NAME: the third-party designee the SS-4 authorization names */
  designee: string;
}

export async function packetContext(
  db: Db,
  order: OrderRow,
  { agents, designee }: { agents: Record<string, AgentSetting>; designee: string },
  lock = false,
): Promise<PacketContext> {
  const packetQuery = db.select().from(filingPackets).where(eq(filingPackets.orderId, order.id));
  const [[partner], [packet]] = await Promise.all([
    db.select().from(partners).where(eq(partners.orderId, order.id)),
    lock ? packetQuery.for('update') : packetQuery,
  ]);
  return { order, partner, packet, agent: registeredAgent(agents, order.llcState), designee };
}

/** The packet is worked on paid orders the guarantee has not closed. */
export function assertPacketOpen(order: OrderRow) {
  if (order.paidAt === null) throw new AppError('conflict', 'filing.notPaid');
  if (order.refundedAt !== null) throw new AppError('conflict', 'filing.refunded');
}

/**
 * Brings the current versions in line with what the order and the facts say (in the caller's
 * transaction, the packet row locked): a kind whose snapshot changed gets a new version and the
 * old one is superseded. Nothing changes once the packet is approved.
 */
export async function syncDocuments(tx: Db, context: PacketContext): Promise<DocumentRow[]> {
  const current = await tx
    .select()
    .from(filingDocuments)
    .where(and(eq(filingDocuments.orderId, context.order.id), isNull(filingDocuments.supersededAt)));
  if (!context.packet || context.packet.approvedAt) return current;
  const input = filingInputOf(context.order, context.partner, context.packet.facts as CompanyFacts, context);
  const hash = inputHash(input);
  const rows: DocumentRow[] = [];
  for (const kind of documentKinds) {
    const existing = current.find((row) => row.kind === kind);
    if (existing?.inputHash === hash) {
      rows.push(existing);
      continue;
    }
    const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000); // whole seconds: PDF dates have no milliseconds
    const pdf = await renderVersion(kind, input, { createdAt, signatures: null });
    if (existing) await tx.update(filingDocuments).set({ supersededAt: createdAt }).where(eq(filingDocuments.id, existing.id));
    const [row] = await tx
      .insert(filingDocuments)
      .values({ orderId: context.order.id, kind, version: (existing?.version ?? 0) + 1, input, inputHash: hash, sha256: sha256(pdf), createdAt })
      .returning();
    rows.push(row!);
  }
  return rows;
}

/** The signer's legal name in a version's snapshot: the signature they adopt. */
export const adoptedNameOf = (input: FilingInput, role: SignerRole) => (role === 'partner' ? (input.partner?.name ?? '') : input.organizer.name);

/** What the signer reads before signing, from the facts as they are: the agreement in both languages and the SS-4's answers (null before the facts). */
function readingOf(context: PacketContext) {
  if (!context.packet) return { agreement: null, ss4: null };
  const input = filingInputOf(context.order, context.partner, context.packet.facts as CompanyFacts, context);
  return {
    agreement: { en: operatingAgreement(input, 'en'), es: operatingAgreement(input, 'es') },
    ss4: ss4Answers(input).map((entry) => ({ line: entry.line, label: { en: entry.label, es: ss4LabelsEs[entry.line] ?? entry.label }, answer: entry.answer })),
  };
}

/**
 * The packet as the API answers it. `forTeam` adds the signatures' evidence that is not the
 * customer's to see (the address and the account), which administrators review.
 */
export async function readPacket(tx: Db, context: PacketContext, forTeam: boolean): Promise<TPacket> {
  const { order, partner, packet, agent } = context;
  const documents = await syncDocuments(tx, context);
  const [signatures, voided, [link]] = await Promise.all([
    documents.length
      ? tx
          .select()
          .from(filingSignatures)
          .where(
            inArray(
              filingSignatures.documentId,
              documents.map((document) => document.id),
            ),
          )
          .orderBy(asc(filingSignatures.signedAt))
      : Promise.resolve([]),
    tx
      .select({ kind: filingDocuments.kind, documentId: filingSignatures.documentId })
      .from(filingSignatures)
      .innerJoin(filingDocuments, eq(filingDocuments.id, filingSignatures.documentId))
      .where(and(eq(filingDocuments.orderId, order.id), isNotNull(filingDocuments.supersededAt))),
    partner ? tx.select().from(signingLinks).where(eq(signingLinks.orderId, order.id)).orderBy(desc(signingLinks.createdAt)).limit(1) : Promise.resolve([]),
  ]);
  const facts = (packet?.facts as CompanyFacts | undefined) ?? null;
  const status = packetStatus(packet, documents, signatures, Boolean(partner));
  const view = (document: DocumentRow): TPacketDocument => ({
    kind: document.kind as DocumentKind,
    version: document.version,
    sha256: document.sha256,
    createdAt: document.createdAt.toISOString(),
    signers: signersOf(document.kind as DocumentKind, Boolean(partner)),
    signatures: signatures
      .filter((signature) => signature.documentId === document.id)
      .map((signature) => ({
        role: signature.role as SignerRole,
        adoptedName: adoptedNameOf(document.input as FilingInput, signature.role as SignerRole),
        typedName: signature.typedName,
        signedAt: signature.signedAt.toISOString(),
        sha256: signature.sha256,
        ipAddress: forTeam ? signature.ipAddress : null,
        account: forTeam ? signature.account : null,
      })),
    voidedSignatures: voided.filter((entry) => entry.kind === document.kind).length,
  });
  return {
    status,
    facts,
    defaults: defaultFacts(Boolean(partner), new Date().toISOString().slice(0, 10)),
    editable: !packet?.approvedAt && order.paidAt !== null && order.refundedAt === null,
    members: [
      { role: 'organizer', name: order.organizerName, share: facts?.organizerShare ?? null },
      ...(partner ? [{ role: 'partner' as const, name: partner.fullName, share: facts?.partnerShare ?? null }] : []),
    ],
    agent: {
      name: agent.name,
      address: `${agent.address.line1}, ${agent.address.city}, ${agent.address.region} ${agent.address.zip}`,
      placeholder: agent.placeholder,
    },
    documents: documentKinds.flatMap((kind) => documents.filter((document) => document.kind === kind).map(view)),
    ...readingOf(context),
    partnerLink: link ? { sentAt: link.createdAt.toISOString(), expiresAt: link.expiresAt.toISOString(), used: link.usedAt !== null } : null,
    approvedAt: packet?.approvedAt?.toISOString() ?? null,
    filedAt: packet?.filedAt?.toISOString() ?? null,
  };
}

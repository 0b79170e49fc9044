import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PacketStatus, TPacket } from '@shared/filing/facts';
// Db from the schema, not db/client: the data migrations read packets through orders/order-state.ts
import { filingDocuments, filingPackets, filingSignatures, type Db } from '../../db/schema';

/* How far an order's filing packet is: its status and who signed, read without rendering anything. */

export type DocumentKind = 'articles' | 'ss4_worksheet' | 'operating_agreement';
export type SignerRole = 'organizer' | 'partner';
export const documentKinds: readonly DocumentKind[] = ['articles', 'ss4_worksheet', 'operating_agreement'];

type PacketRow = typeof filingPackets.$inferSelect;
type DocumentRow = typeof filingDocuments.$inferSelect;

/** Who signs each kind: the members the agreement, the responsible party (the organizer) the SS-4 authorisation. */
export function signersOf(kind: DocumentKind, hasPartner: boolean): SignerRole[] {
  if (kind === 'operating_agreement') return hasPartner ? ['organizer', 'partner'] : ['organizer'];
  return kind === 'ss4_worksheet' ? ['organizer'] : [];
}

/** The packet's status: what the team and the customer see (details missing → … → filed). */
export function packetStatus(
  packet: PacketRow | undefined,
  documents: readonly DocumentRow[],
  signatures: readonly { documentId: string; role: string }[],
  hasPartner: boolean,
): TPacket['status'] {
  if (!packet) return 'details_missing';
  if (packet.filedAt) return 'filed';
  if (packet.approvedAt) return 'approved';
  const complete = documents.every((document) =>
    signersOf(document.kind as DocumentKind, hasPartner).every((role) =>
      signatures.some((signature) => signature.documentId === document.id && signature.role === role),
    ),
  );
  return complete && documents.length === documentKinds.length ? 'ready_for_review' : 'awaiting_signatures';
}

/**
 * The packet's status and whether the organizer has signed all they sign, for the order's stage
 * (src/shared/order-stage.ts): three reads, nothing rendered. Null status before the customer
 * started the packet.
 */
export async function packetProgress(db: Db, orderId: string, hasPartner: boolean): Promise<{ status: PacketStatus | null; organizerSigned: boolean }> {
  const [[packet], documents] = await Promise.all([
    db.select().from(filingPackets).where(eq(filingPackets.orderId, orderId)),
    db
      .select()
      .from(filingDocuments)
      .where(and(eq(filingDocuments.orderId, orderId), isNull(filingDocuments.supersededAt))),
  ]);
  if (!packet) return { status: null, organizerSigned: false };
  const signatures = documents.length
    ? await db
        .select({ documentId: filingSignatures.documentId, role: filingSignatures.role })
        .from(filingSignatures)
        .where(
          inArray(
            filingSignatures.documentId,
            documents.map((document) => document.id),
          ),
        )
    : [];
  const organizers = documents.filter((document) => signersOf(document.kind as DocumentKind, hasPartner).includes('organizer'));
  const organizerSigned =
    organizers.length > 0 &&
    organizers.every((document) => signatures.some((signature) => signature.documentId === document.id && signature.role === 'organizer'));
  return { status: packetStatus(packet, documents, signatures, hasPartner), organizerSigned };
}

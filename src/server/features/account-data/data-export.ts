import path from 'node:path';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { dataExportHours, type TDataExport } from '@shared/account-data';
import { AppError } from '@shared/app-error';
import { paths } from '@shared/client-paths';
import { cleanFileName } from '@shared/file-names';
import { isLanguage } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import { formatEin } from '@shared/milestones';
import { firstName } from '@shared/names';
import { identityDocuments, orderNumber, type IdentityDocument } from '@shared/order-model';
import { creditNoteLabel } from '@shared/refunds';
import type { FilingInput } from '@shared/filing/facts-model';
import type { Db } from '../../db/client';
import { adoptedNameOf, type SignerRole } from '../../domain/filing/packet';
import {
  complianceDone,
  dataExports,
  documents,
  filingDocuments,
  filingSignatures,
  identityDocumentViews,
  orderMessageAttachments,
  orderMessages,
  orderRequests,
  orderMilestones,
  orders,
  orderStatusHistory,
  partners,
  passkeys,
  refundRequests,
  sessions,
  supportTickets,
  ticketMessages,
  users,
} from '../../db/schema';
import { paymentMethodOf, paymentMethodText, type PaymentMethod } from '../../domain/orders/payment-method';
import { enqueueJob, jobQueueKey } from '../../platform/jobs/job-queue';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { Storage } from '../../platform/storage/storage';
import { renderDataSummary } from './data-summary';
import { zipStream, type ZipEntry } from '../../platform/storage/zip-stream';

/*
 * "Download my data" (docs/product.md): the customer asks, a queued job prepares a ZIP
 * of everything the app holds of the account into private (encrypted) storage and emails a link
 * to the dashboard's security page, and the file can be downloaded by its owner for 24 hours;
 * then a periodic cleanup deletes it.
 */

/** The queued job that prepares one export (declared in src/server/jobs.ts as 'dataExports'). */
export const dataExportQueue = jobQueueKey('dataExports', z.object({ exportId: z.uuid() }));

const hourMs = 3_600_000;
/** A pending export older than this was lost (its job dead, its instance gone): it is marked failed, so another can start. */
export const staleExportMs = 2 * hourMs;

type ExportRow = typeof dataExports.$inferSelect;

const exportAnswer = (row: ExportRow): TDataExport => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString(),
  sizeBytes: row.sizeBytes,
});

/**
 * POST /api/me/data-exports: a new pending export and its job, in one transaction. One pending at a
 * time per account (409): the account's row is locked first, so two clicks at once start one.
 */
export async function startDataExport(db: Db, userId: string, now = new Date()): Promise<TDataExport> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!account) throw new AppError('unauthorized');
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending'), gt(dataExports.expiresAt, now)));
    if (pending) throw new AppError('conflict', 'accountData.export.alreadyPending');
    // the expiry is moved to 24 hours after the file is ready; until then it bounds a lost job's row
    const [row] = await tx
      .insert(dataExports)
      .values({ userId, expiresAt: new Date(now.getTime() + dataExportHours * hourMs) })
      .returning();
    await enqueueJob(tx, dataExportQueue, { exportId: row!.id });
    return exportAnswer(row!);
  });
}

/** GET /api/me/data-exports: the caller's exports not yet expired, newest first. */
export async function listDataExports(db: Db, userId: string, now = new Date()): Promise<TDataExport[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, now)))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return rows.map(exportAnswer);
}

/** The owner's ready, unexpired export; anything else (another account's, expired, not ready) is the same 404. */
export async function downloadableExport(db: Db, userId: string, exportId: string, now = new Date()) {
  const [row] = await db
    .select({ storageKey: dataExports.storageKey, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, now)));
  if (!row?.storageKey) throw new AppError('not_found', 'accountData.export.notFound');
  return { storageKey: row.storageKey, fileName: `frontera-data-${(row.readyAt ?? now).toISOString().slice(0, 10)}.zip` };
}

/* ---- what the ZIP holds ---- */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A stored file's name inside the ZIP: no path, no control characters, never empty. */
function entryName(name: string, fallback: string): string {
  const cleaned = cleanFileName(name)
    .replace(/^\.+/, '')
    .replace(/[<>:|?*]/g, '_');
  return cleaned || fallback;
}

/**
 * A document's name in the ZIP: the name its download gives (platform/storage/send-file.ts: the
 * stored name cleaned, else `file.<extension>`), made safe for every unzip tool as entryName does.
 */
const downloadName = (fileName: string, storageKey: string) =>
  entryName(cleanFileName(fileName) || `file${path.extname(storageKey)}`, `file${path.extname(storageKey)}`);

/** A file one of the other features makes for an order (a receipt, a credit note, a packet document): its download's name and bytes. */
export interface OrderFile {
  fileName: string;
  bytes: Buffer;
}

/** What gives an order's files of that kind, passed in from src/server/jobs.ts (features do not import each other). */
export type OrderFiles = (db: Db, orderId: string) => Promise<OrderFile[]>;

/** The files the other features make, beside the stored ones: each is optional (none of that kind). */
export interface MadeFiles {
  /** the receipt and each credit note, as the payments feature renders them for download */
  paymentDocuments?: OrderFiles;
  /** the filing packet's documents the customer can download, from the filing feature */
  packetDocuments?: OrderFiles;
}

/** The current packet document's agent, as the filing documents name it (FilingInput.agent, src/shared/filing/facts-model.ts). */
const ZFiledAgent = z.object({
  agent: z.object({
    name: z.string(),
    address: z.object({ line1: z.string(), city: z.string(), region: z.string(), zip: z.string() }),
    placeholder: z.boolean(),
  }),
});

/** A name not used yet in `taken` ("a.pdf", then "a (2).pdf"). */
function uniqueName(taken: Set<string>, name: string): string {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate);
  return candidate;
}

const identityColumns = { ssnDoc: 'ssnDocKey', passport: 'passportKey', otherId: 'otherIdKey' } as const satisfies Record<
  IdentityDocument,
  keyof typeof orders.$inferSelect
>;

/**
 * Everything of the account, as its owner may take it: the profile; the orders with their partner,
 * milestones, status history, consents, the company (name, state, formation date, EIN, the
 * registered agent its filing documents name), the payment (amounts, method), the refunds asked
 * for, the signatures' evidence, the team's documents (metadata) and the compliance items marked
 * done; the support tickets sent from the account's email with the team's replies; the sessions
 * without their tokens, the passkeys' names (not their keys). Never another account's data: no
 * internal notes, no names or ids of the staff who changed something, no partner's IP address,
 * no password hash, token or secret. `files` are the files to put beside it: stored (the
 * identity documents still kept, the LLC's documents, the thread's files), or made by the other
 * features for download (`made`: the receipt, the credit notes, the packet's documents).
 */
export async function collectAccountData(db: Db, userId: string, { now = new Date(), made = {} }: { now?: Date; made?: MadeFiles } = {}) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      language: users.language,
      isAdmin: users.isAdmin,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;

  const [sessionRows, passkeyRows, orderRows, ticketRows] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, backedUp: passkeys.backedUp })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    // tickets are not tied to an account: those sent from the account's address are its owner's,
    // once the owner proved the address is theirs (docs/product.md "Email addresses are proven")
    account.emailVerified
      ? db
          .select()
          .from(supportTickets)
          .where(sql`lower(${supportTickets.email}) = lower(${account.email})`)
          .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id))
      : Promise.resolve([]),
  ]);

  const orderIds = orderRows.map((row) => row.id);
  const ticketIds = ticketRows.map((row) => row.id);
  const ofOrders = orderIds.length > 0;
  const [
    partnerRows,
    milestoneRows,
    historyRows,
    documentRows,
    doneRows,
    viewRows,
    replyRows,
    messageRows,
    attachmentRows,
    requestRows,
    refundRows,
    signatureRows,
    packetRows,
  ] = await Promise.all([
    ofOrders
      ? db
          .select({
            orderId: partners.orderId,
            fullName: partners.fullName,
            email: partners.email,
            phone: partners.phone,
            country: partners.country,
            address: partners.address,
            createdAt: partners.createdAt,
          })
          .from(partners)
          .where(inArray(partners.orderId, orderIds))
      : [],
    ofOrders
      ? db
          .select({
            orderId: orderMilestones.orderId,
            milestone: orderMilestones.milestone,
            occurredOn: orderMilestones.occurredOn,
            note: orderMilestones.note,
            createdAt: orderMilestones.createdAt,
            updatedAt: orderMilestones.updatedAt,
          })
          .from(orderMilestones)
          .where(inArray(orderMilestones.orderId, orderIds))
          .orderBy(asc(orderMilestones.occurredOn), asc(orderMilestones.createdAt))
      : [],
    ofOrders
      ? db
          .select({
            orderId: orderStatusHistory.orderId,
            fromStatus: orderStatusHistory.fromStatus,
            toStatus: orderStatusHistory.toStatus,
            source: orderStatusHistory.source,
            createdAt: orderStatusHistory.createdAt,
          })
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, orderIds))
          .orderBy(asc(orderStatusHistory.createdAt))
      : [],
    ofOrders
      ? db
          .select({
            orderId: documents.orderId,
            id: documents.id,
            kind: documents.kind,
            fileName: documents.fileName,
            storageKey: documents.storageKey,
            contentType: documents.contentType,
            sizeBytes: documents.sizeBytes,
            version: documents.version,
            createdAt: documents.createdAt,
            updatedAt: documents.updatedAt,
          })
          .from(documents)
          .where(inArray(documents.orderId, orderIds))
          .orderBy(asc(documents.createdAt), asc(documents.id))
      : [],
    ofOrders
      ? db
          .select({ orderId: complianceDone.orderId, kind: complianceDone.kind, dueDate: complianceDone.dueDate, doneAt: complianceDone.doneAt })
          .from(complianceDone)
          .where(inArray(complianceDone.orderId, orderIds))
          .orderBy(asc(complianceDone.dueDate))
      : [],
    ofOrders
      ? db
          .select({ orderId: identityDocumentViews.orderId, document: identityDocumentViews.document, createdAt: identityDocumentViews.createdAt })
          .from(identityDocumentViews)
          .where(inArray(identityDocumentViews.orderId, orderIds))
          .orderBy(asc(identityDocumentViews.createdAt))
      : [],
    // the team's replies, which were emailed to the requester; internal notes never leave the team
    ticketIds.length > 0
      ? db
          .select({ ticketId: ticketMessages.ticketId, body: ticketMessages.body, createdAt: ticketMessages.createdAt })
          .from(ticketMessages)
          .where(and(inArray(ticketMessages.ticketId, ticketIds), eq(ticketMessages.kind, 'reply')))
          .orderBy(asc(ticketMessages.createdAt))
      : [],
    // the order's thread: the team signs with a first name, as the customer saw it
    ofOrders
      ? db
          .select({
            id: orderMessages.id,
            orderId: orderMessages.orderId,
            body: orderMessages.body,
            fromTeam: orderMessages.fromTeam,
            authorName: users.name,
            createdAt: orderMessages.createdAt,
            readAt: orderMessages.readAt,
          })
          .from(orderMessages)
          .leftJoin(users, eq(users.id, orderMessages.authorId))
          .where(inArray(orderMessages.orderId, orderIds))
          .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id))
      : [],
    ofOrders
      ? db
          .select({ messageId: orderMessageAttachments.messageId, fileName: orderMessageAttachments.fileName, storageKey: orderMessageAttachments.storageKey })
          .from(orderMessageAttachments)
          .where(inArray(orderMessageAttachments.orderId, orderIds))
          .orderBy(asc(orderMessageAttachments.createdAt), asc(orderMessageAttachments.id))
      : [],
    ofOrders
      ? db
          .select({
            messageId: orderRequests.messageId,
            kind: orderRequests.kind,
            document: orderRequests.document,
            dueOn: orderRequests.dueOn,
            status: orderRequests.status,
            closedAt: orderRequests.closedAt,
          })
          .from(orderRequests)
          .where(inArray(orderRequests.orderId, orderIds))
      : [],
    // the refunds she asked for, with what she reads of the decision: not who decided, nor the team's own finding
    ofOrders
      ? db
          .select({
            orderId: refundRequests.orderId,
            reason: refundRequests.reason,
            details: refundRequests.details,
            status: refundRequests.status,
            amountCents: refundRequests.amountCents,
            decisionNote: refundRequests.decisionNote,
            decidedAt: refundRequests.decidedAt,
            dueOn: refundRequests.dueOn,
            refundedAt: refundRequests.refundedAt,
            creditNoteNumber: refundRequests.creditNoteNumber,
            createdAt: refundRequests.createdAt,
          })
          .from(refundRequests)
          .where(inArray(refundRequests.orderId, orderIds))
          .orderBy(asc(refundRequests.createdAt))
      : [],
    // the signatures of her orders' documents: hers and the partner's
    ofOrders
      ? db
          .select({
            orderId: filingDocuments.orderId,
            kind: filingDocuments.kind,
            version: filingDocuments.version,
            supersededAt: filingDocuments.supersededAt,
            input: filingDocuments.input,
            role: filingSignatures.role,
            userId: filingSignatures.userId,
            account: filingSignatures.account,
            typedName: filingSignatures.typedName,
            consent: filingSignatures.consent,
            sha256: filingSignatures.sha256,
            ipAddress: filingSignatures.ipAddress,
            userAgent: filingSignatures.userAgent,
            signedAt: filingSignatures.signedAt,
          })
          .from(filingSignatures)
          .innerJoin(filingDocuments, eq(filingDocuments.id, filingSignatures.documentId))
          .where(inArray(filingDocuments.orderId, orderIds))
          .orderBy(asc(filingSignatures.signedAt))
      : [],
    // the current packet documents: the registered agent they name
    ofOrders
      ? db
          .select({ orderId: filingDocuments.orderId, input: filingDocuments.input, createdAt: filingDocuments.createdAt })
          .from(filingDocuments)
          .where(and(inArray(filingDocuments.orderId, orderIds), isNull(filingDocuments.supersededAt)))
          .orderBy(desc(filingDocuments.createdAt))
      : [],
  ]);
  // how each order was paid, and the files the other features make for it: rendered now, one order
  // after another, and kept in memory (PDFs of a few KB each)
  const methods: (PaymentMethod | null)[] = [];
  const madeFiles: { payment: OrderFile[]; packet: OrderFile[] }[] = [];
  for (const order of orderRows) {
    methods.push(order.orderAmountPaid !== null ? await paymentMethodOf(db, order) : null);
    madeFiles.push({ payment: (await made.paymentDocuments?.(db, order.id)) ?? [], packet: (await made.packetDocuments?.(db, order.id)) ?? [] });
  }
  const language = isLanguage(account.language) ? account.language : 'en';

  const files: ({ name: string; key: string } | { name: string; bytes: Buffer })[] = [];
  const taken = new Set<string>();
  const ordersJson = orderRows.map((order, index) => {
    const number = orderNumber(order.id);
    const folder = `files/orders/${number}`;
    const identityFiles = identityDocuments.flatMap((document) => {
      const key = order[identityColumns[document]];
      if (!key) return [];
      const name = uniqueName(taken, `${folder}/identity/${document}${path.extname(key)}`);
      files.push({ name, key });
      return [{ document, file: name }];
    });
    const orderDocuments = documentRows
      .filter((row) => row.orderId === order.id)
      .map((row) => {
        // the name the download gives it, so the file is found as the dashboard names it
        const fileName = downloadName(row.fileName, row.storageKey);
        const name = uniqueName(taken, `${folder}/documents/${fileName}`);
        files.push({ name, key: row.storageKey });
        return {
          id: row.id,
          kind: row.kind,
          fileName,
          contentType: row.contentType,
          sizeBytes: row.sizeBytes,
          version: row.version,
          addedAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
          file: name,
        };
      });
    const partner = partnerRows.find((row) => row.orderId === order.id);
    const madeOf = (list: OrderFile[], into: string) =>
      list.map((made) => {
        const fileName = entryName(made.fileName, 'document.pdf');
        const name = uniqueName(taken, `${folder}/${into}/${fileName}`);
        files.push({ name, bytes: made.bytes });
        return { fileName, file: name };
      });
    const { payment: paymentFiles, packet: packetFiles } = madeFiles[index]!;
    const method = methods[index];
    const filed = packetRows.flatMap((row) => {
      const parsed = row.orderId === order.id ? ZFiledAgent.safeParse(row.input) : null;
      return parsed?.success && !parsed.data.agent.placeholder ? [parsed.data.agent] : [];
    })[0];
    return {
      id: order.id,
      orderNumber: number,
      status: order.status,
      createdAt: iso(order.createdAt),
      updatedAt: iso(order.updatedAt),
      companyNames: [order.companyName1, order.companyName2, order.companyName3],
      llcState: order.llcState,
      organizerName: order.organizerName,
      email: order.email,
      phone: order.phone,
      address: {
        line1: order.addressLine1,
        line2: order.addressLine2,
        city: order.addressCity,
        state: order.addressState,
        zip: order.addressZip,
        country: order.addressCountry,
      },
      nationality: order.nationality,
      holdReason: order.holdReason,
      holdReleasedAt: iso(order.holdReleasedAt),
      amounts: {
        currency: 'USD',
        orderAmountCents: order.orderAmount,
        discountCents: order.orderDiscount,
        paidCents: order.orderAmountPaid,
        refundedCents: order.orderAmountRefunded,
      },
      paidAt: iso(order.paidAt),
      paymentReference: order.paymentId,
      // as the receipt says it, and as the provider reported the card
      paymentMethod: method ? paymentMethodText(method, language) : null,
      paymentCard: order.paymentCardBrand || order.paymentCardLast4 ? { brand: order.paymentCardBrand, last4: order.paymentCardLast4 } : null,
      formationDate: order.formationDate,
      ein: order.ein,
      company: {
        name: order.companyName1,
        state: order.llcState,
        formationDate: order.formationDate,
        ein: order.ein ? formatEin(order.ein) : null,
        // the agent the current filing documents name, once one is configured (not the placeholder)
        registeredAgent: filed
          ? { name: filed.name, address: `${filed.address.line1}, ${filed.address.city}, ${filed.address.region} ${filed.address.zip}` }
          : null,
      },
      consent: { termsVersion: order.termsVersion, acceptedAt: iso(order.termsAcceptedAt) },
      identityDocuments: identityFiles,
      identityDocumentsDeletedAt: iso(order.identityDeletedAt),
      identityDocumentViews: viewRows.filter((row) => row.orderId === order.id).map((row) => ({ document: row.document, viewedAt: iso(row.createdAt) })),
      partner: partner ? { fullName: partner.fullName, email: partner.email, phone: partner.phone, country: partner.country, address: partner.address } : null,
      milestones: milestoneRows
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          milestone: row.milestone,
          occurredOn: row.occurredOn,
          note: row.note,
          recordedAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        })),
      statusHistory: historyRows
        .filter((row) => row.orderId === order.id)
        .map((row) => ({ from: row.fromStatus, to: row.toStatus, source: row.source, at: iso(row.createdAt) })),
      documents: orderDocuments,
      paymentDocuments: madeOf(paymentFiles, 'payments'),
      packetDocuments: madeOf(packetFiles, 'packet'),
      refunds: refundRows
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          requestedAt: iso(row.createdAt),
          reason: row.reason,
          details: row.details,
          status: row.status,
          amountCents: row.amountCents,
          decisionNote: row.decisionNote,
          decidedAt: iso(row.decidedAt),
          dueOn: row.dueOn,
          refundedAt: iso(row.refundedAt),
          creditNote: row.creditNoteNumber === null ? null : creditNoteLabel(row.creditNoteNumber),
        })),
      // the evidence of each signature; where it was signed from, and by which account, only for her own:
      // the partner's IP address and email are not hers to take
      signatures: signatureRows
        .filter((row) => row.orderId === order.id)
        .map((row) => ({
          document: row.kind,
          version: row.version,
          current: row.supersededAt === null,
          role: row.role,
          // the signature, as the signed PDF shows it: the legal name the version's snapshot records
          adoptedName: adoptedNameOf(row.input as FilingInput, row.role as SignerRole),
          typedName: row.typedName,
          signedAt: iso(row.signedAt),
          sha256: row.sha256,
          consent: row.consent,
          ...(row.userId === userId ? { account: row.account, ipAddress: row.ipAddress, userAgent: row.userAgent } : {}),
        })),
      messages: messageRows
        .filter((row) => row.orderId === order.id)
        .map((row) => {
          const request = requestRows.find((asked) => asked.messageId === row.id);
          // the thread's files, beside the message they came with
          const attachments = attachmentRows
            .filter((file) => file.messageId === row.id)
            .map((file) => {
              const name = uniqueName(taken, `${folder}/messages/${entryName(file.fileName, `file${path.extname(file.storageKey)}`)}`);
              files.push({ name, key: file.storageKey });
              return { fileName: file.fileName, file: name };
            });
          return {
            from: row.fromTeam ? 'team' : 'you',
            author: row.fromTeam ? (row.authorName && firstName(row.authorName)) || null : row.authorName,
            body: row.body,
            sentAt: iso(row.createdAt),
            readAt: iso(row.readAt),
            attachments,
            request: request
              ? { kind: request.kind, document: request.document, dueOn: request.dueOn, status: request.status, closedAt: iso(request.closedAt) }
              : null,
          };
        }),
      complianceDone: doneRows.filter((row) => row.orderId === order.id).map((row) => ({ kind: row.kind, dueDate: row.dueDate, doneAt: iso(row.doneAt) })),
    };
  });

  const data = {
    exportedAt: now.toISOString(),
    account: { ...account, createdAt: iso(account.createdAt), updatedAt: iso(account.updatedAt) },
    consents: ordersJson
      .filter((order) => order.consent.acceptedAt)
      .map((order) => ({ orderNumber: order.orderNumber, termsVersion: order.consent.termsVersion, acceptedAt: order.consent.acceptedAt })),
    orders: ordersJson,
    supportTickets: ticketRows.map((ticket) => ({
      id: ticket.id,
      createdAt: iso(ticket.createdAt),
      name: ticket.name,
      email: ticket.email,
      kind: ticket.messageOrigin === 'Affiliate' ? 'affiliate application' : 'support',
      status: ticket.status,
      language: ticket.language,
      message: ticket.supportMessage,
      replies: replyRows.filter((row) => row.ticketId === ticket.id).map((row) => ({ body: row.body, sentAt: iso(row.createdAt) })),
    })),
    passkeys: passkeyRows.map((row) => ({ name: row.name, addedAt: iso(row.createdAt), syncedAcrossDevices: row.backedUp })),
    sessions: sessionRows.map((row) => ({
      signedInAt: iso(row.createdAt),
      lastRefreshedAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
  };
  return { account, data, files };
}

/** Where an export's ZIP is stored. */
export const exportStorageKey = (exportId: string) => `exports/${exportId}.zip`;

export interface PrepareDataExportOptions {
  db: Db;
  storage: Storage;
  mail: MailOutbox;
  appUrl: string;
  exportId: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  now?: () => Date;
  /** the receipts, credit notes and packet documents, from the features that make them (src/server/jobs.ts) */
  paymentDocuments?: OrderFiles;
  packetDocuments?: OrderFiles;
}

/**
 * The 'dataExports' job's work for one export: streams the ZIP (account.json, summary.html and
 * the files: the stored ones decrypted as they are read, the receipts, credit notes and packet
 * documents as their features render them for download) into storage, then marks the export ready, 24 hours to download,
 * and queues the email to its owner in the same transaction. Idempotent: an export no longer
 * pending (done by an earlier run, or its account deleted) is left alone, and a file written for
 * an export that stopped being pending meanwhile is deleted again. A failure marks it failed (the
 * customer sees it and starts another) and leaves no file.
 */
export async function prepareDataExport({
  db,
  storage,
  mail,
  appUrl,
  exportId,
  log,
  now = () => new Date(),
  paymentDocuments,
  packetDocuments,
}: PrepareDataExportOptions): Promise<'ready' | 'failed' | 'skipped'> {
  const [row] = await db.select({ userId: dataExports.userId, status: dataExports.status }).from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'pending') return 'skipped';
  const key = exportStorageKey(exportId);
  try {
    const collected = await collectAccountData(db, row.userId, { now: now(), made: { paymentDocuments, packetDocuments } });
    if (!collected) return 'skipped';
    const language = isLanguage(collected.account.language) ? collected.account.language : 'en';
    const entries: ZipEntry[] = [
      { name: 'account.json', bytes: new TextEncoder().encode(`${JSON.stringify(collected.data, null, 2)}\n`), compress: true },
      { name: 'summary.html', bytes: new TextEncoder().encode(renderDataSummary(collected.data, language)), compress: true },
      ...collected.files.map((file): ZipEntry =>
        'key' in file ? { name: file.name, open: () => storage.get(file.key) } : { name: file.name, bytes: file.bytes },
      ),
    ];
    const { size } = await storage.put(key, zipStream(entries), 'application/zip');
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + dataExportHours * hourMs);
    const { account } = collected;
    const marked = await db.transaction(async (tx) => {
      const updated = await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey: key, sizeBytes: size, readyAt, expiresAt })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (updated.length === 0) return false;
      await mail.enqueue(
        {
          to: account.email,
          template: 'dataExportReady',
          language,
          payload: {
            firstName: firstName(account.name) || account.name,
            securityUrl: appPageUrl(appUrl, paths.security(), language),
            hours: String(dataExportHours),
          },
        },
        tx,
      );
      return true;
    });
    if (!marked) {
      await storage.delete(key);
      return 'skipped';
    }
    log?.info({ exportId, size }, 'data export ready');
    return 'ready';
  } catch (error) {
    log?.error({ err: error, exportId }, 'data export failed');
    await storage.delete(key).catch(() => undefined);
    await db
      .update(dataExports)
      .set({ status: 'failed' })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
    return 'failed';
  }
}

/**
 * The periodic cleanup: deletes every expired export's file, then its row (a file that cannot be
 * deleted now keeps its row, and is tried again next time), and marks failed the pending exports
 * no job finished within `staleExportMs`. Returns how many exports were removed.
 */
export async function deleteExpiredDataExports({
  db,
  storage,
  now = new Date(),
  log,
}: {
  db: Db;
  storage: Storage;
  now?: Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<number> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - staleExportMs))));
  const expired = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(lte(dataExports.expiresAt, now))
    .orderBy(asc(dataExports.expiresAt))
    .limit(500);
  let removed = 0;
  for (const row of expired) {
    try {
      if (row.storageKey) await storage.delete(row.storageKey);
    } catch (error) {
      log?.warn({ err: error, exportId: row.id }, 'expired data export: could not delete its file');
      continue;
    }
    await db.delete(dataExports).where(eq(dataExports.id, row.id));
    removed += 1;
  }
  return removed;
}

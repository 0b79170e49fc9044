import { adminUploadExtensions, customerUploadExtensions } from './order-model';
import { orderMessageMaxLength } from './support-rules';

/*
 * The thread's rules without zod: the composer checks them at once, the schemas of
 * order-messages.ts and the server check them again.
 */

export const messageMaxLength = orderMessageMaxLength;

/** Attachments: at most this many per message, each within the upload limit (UPLOAD_MAX_BYTES). */
export const messageAttachmentsMax = 5;
/** What each side may attach: customers what they upload as identity documents (docs/product.md, "Constants and limits"), the team also Word files. */
export const attachmentExtensions = { customer: customerUploadExtensions, team: adminUploadExtensions } as const;

/** A request asks the customer for an answer, or for a file (which may replace an identity document). */
export const requestKinds = ['answer', 'document'] as const;
export type TRequestKind = (typeof requestKinds)[number];
export const requestStatuses = ['open', 'answered', 'withdrawn'] as const;
/** The latest due day an administrator may set, in days from today; the composer offers this many days ahead by default. */
export const requestDueMaxDays = 60;
export const requestDueDefaultDays = 3;

/** The UTC calendar day `days` from `now` (YYYY-MM-DD). */
export const isoDayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The identity documents an open request asks the customer to replace (the team found them wanting). */
export function documentsAskedAgain<Document extends string>(
  messages: readonly { request: { status: string; document: Document | null } | null }[],
): Document[] {
  return messages.flatMap(({ request }) => (request?.status === 'open' && request.document ? [request.document] : []));
}

import { z } from 'zod';
import { identityDocuments } from './order-model';
import { isoDayFrom, messageMaxLength, requestDueMaxDays, requestKinds, requestStatuses } from './order-message-rules';

/*
 * The thread of an order: messages between the customer and the team, plain text with
 * line breaks. Stored and shown as text (React and the emails escape it): HTML someone types is
 * shown as they typed it, never run. Internal notes (src/shared/admin.ts) are another table.
 */

export { isoDayFrom, messageAttachmentsMax, messageMaxLength } from './order-message-rules';

/** Control characters other than tab and line break (a NUL byte, an escape sequence) have no place in a message. */
const hasControlCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return (code < 32 && character !== '\n' && character !== '\t') || code === 127;
  });

/** A message's text: trimmed, line breaks as `\n`, no control characters; empty is checked by the caller (a file may stand alone). */
const ZMessageBody = z
  .string({ error: 'messages.required' })
  .max(messageMaxLength * 2, 'messages.tooLong')
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(messageMaxLength, 'messages.tooLong')
      .refine((text) => !hasControlCharacter(text), 'messages.invalidCharacters'),
  );

/*
 * A request: a team message that asks the customer for an answer or a file, by a day.
 * A file request may name the identity document it replaces.
 */

export const ZRequestInput = z
  .object({
    kind: z.enum(requestKinds, 'messages.requestKindInvalid'),
    document: z.enum(identityDocuments, 'messages.requestDocumentInvalid').nullable().default(null),
    // from yesterday (the administrator's today, west of UTC) up to requestDueMaxDays ahead
    dueOn: z.iso
      .date('messages.dueOnInvalid')
      .refine((day) => day >= isoDayFrom(new Date(), -1) && day <= isoDayFrom(new Date(), requestDueMaxDays), 'messages.dueOnInvalid'),
  })
  .refine((request) => request.document === null || request.kind === 'document', { path: ['document'], message: 'messages.requestDocumentInvalid' });
export type TRequestInput = z.input<typeof ZRequestInput>;

/** POST /api/orders/:id/messages (JSON): some text; from the team, it may ask something (`request`). */
export const ZMessageInput = z.object({
  body: ZMessageBody.refine((text) => text.length > 0, 'messages.required'),
  request: ZRequestInput.optional(),
});
export type TMessageInput = z.input<typeof ZMessageInput>;

/** The `message` field of a multipart message (files attached) or answer: the text may be empty beside a file. */
export const ZMessageFields = z.object({ body: ZMessageBody.default(''), request: ZRequestInput.optional() });

export const ZMessageAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(0),
});
export type TMessageAttachment = z.output<typeof ZMessageAttachment>;

export const ZOrderRequest = z.object({
  id: z.string(),
  kind: z.enum(requestKinds),
  document: z.enum(identityDocuments).nullable(),
  dueOn: z.iso.date(),
  status: z.enum(requestStatuses),
  closedAt: z.iso.datetime().nullable(),
});
export type TOrderRequest = z.output<typeof ZOrderRequest>;

export const ZOrderMessage = z.object({
  id: z.string(),
  body: z.string(),
  /** written by the team (an administrator), not by the customer */
  fromTeam: z.boolean(),
  /** the customer's name, or the agent's first name; null when their account is gone */
  author: z.string().nullable(),
  /** written by the one reading */
  mine: z.boolean(),
  createdAt: z.iso.datetime(),
  /** when the other side read it; null while unread */
  readAt: z.iso.datetime().nullable(),
  attachments: z.array(ZMessageAttachment),
  /** what this team message asks, if it is a request */
  request: ZOrderRequest.nullable(),
  /** this customer message answered a request: the identity document it replaced, if any */
  answered: z.object({ requestId: z.string(), document: z.enum(identityDocuments).nullable() }).nullable(),
});
export type TOrderMessage = z.output<typeof ZOrderMessage>;

/** GET /api/orders/:id/messages: oldest first. */
export const ZOrderThread = z.object({ messages: z.array(ZOrderMessage) });
export type TOrderThread = z.output<typeof ZOrderThread>;

/** GET /api/me/messages/unread: messages to the reader not read yet (the team's to a customer; customers' to the team). */
export const ZUnreadMessages = z.object({ unread: z.number().int().min(0) });
export type TUnreadMessages = z.output<typeof ZUnreadMessages>;

/** POST …/messages, …/messages/files and …/requests/:requestId/answer: the message written */
export const ZMessagePosted = z.object({ message: ZOrderMessage });

/** POST …/requests/:requestId/withdraw */
export const ZRequestWithdrawn = z.object({ request: ZOrderRequest });

import type { IdentityDocument } from './order-model';
import type { TRequestKind } from './order-message-rules';

/*
 * What the team often writes to a customer, as starting points for a message or a request: kept in
 * both languages in the admin catalogue (messageTemplates.<kind>), filled by the server with the
 * order's facts in the customer's language (features/orders/message-templates.ts), edited before
 * sending like any message. Zod-free: the thread's composer, in the customer's pages too, reads it.
 */

export const messageTemplateKinds = ['clearer_passport', 'proof_of_address', 'missing_details', 'ein_delay'] as const;
export type MessageTemplateKind = (typeof messageTemplateKinds)[number];

/** What each template asks for, if anything: a file that replaces an identity document, a file, an answer, or nothing (a message). */
export const messageTemplateRequests: Record<MessageTemplateKind, { kind: TRequestKind; document: IdentityDocument | null } | null> = {
  clearer_passport: { kind: 'document', document: 'passport' },
  proof_of_address: { kind: 'document', document: null },
  missing_details: { kind: 'answer', document: null },
  ein_delay: null,
};

/** A template for one order: the text in the customer's language, with the order's facts (its schema: admin.ts). */
export type TMessageTemplate = { kind: MessageTemplateKind; body: string };

import { customerDocumentKinds } from './customer-documents';
import { z } from 'zod';
import { ZRefund } from './refunds';
import { milestones } from './milestones';
import { customerSteps, orderStages } from './order-stage';
import { isCountryCode } from './countries';
import { usStateCodes } from './geo';
import { checkCompanyName, duplicateChoices } from './name-rules';
import { identityDocuments, type WizardField } from './order-model';
import { orderStatuses } from './order-status';
import { phoneProblem, toE164 } from './phones';

/*
 * The order contract: the wizard validates with these schemas and the server validates the very
 * same ones. Messages are translation keys (docs/product.md, "Validation").
 */

/** docs/product.md: a loose pattern of text, at sign, text, dot, text. */
const loosePattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (max: number) => z.string({ error: 'order.required' }).trim().min(1, 'order.required').max(max, 'order.tooLong');
const email = z.string({ error: 'order.required' }).trim().min(1, 'order.required').max(254, 'order.tooLong').regex(loosePattern, 'order.validEmail');

/** An ISO 3166-1 alpha-2 code (src/shared/countries.ts); nothing chosen reads as "required". */
const countryCode = z.string({ error: 'order.required' }).refine(isCountryCode, 'order.required');

/**
 * A phone checks against its country (a number without "+" is read in it) and is stored in E.164.
 * Until a country is chosen (the wizard asks for the phone on step 2, the address on step 3) a
 * number that could be a national one waits for it; the server always has the country (required).
 */
function phoneIssue(ctx: z.RefinementCtx, path: string, phone: string | undefined, country: string) {
  const problem = phone ? phoneProblem(phone, isCountryCode(country) ? country : undefined) : null;
  if (problem === 'invalid') ctx.addIssue({ code: 'custom', path: [path], message: 'order.invalidPhone' });
  // the form's message names the country: "not a valid phone number in Spain"
  else if (problem === 'invalidInCountry') ctx.addIssue({ code: 'custom', path: [path], message: 'order.invalidPhoneInCountry' });
}

export const ZPartner = z
  .object({
    fullName: required(120),
    email,
    phone: required(40),
    country: countryCode,
    address: required(300),
  })
  .superRefine((partner, ctx) => phoneIssue(ctx, 'phone', partner.phone, partner.country))
  .transform((partner) => ({ ...partner, phone: toE164(partner.phone, partner.country) ?? partner.phone }));
export type TPartner = z.input<typeof ZPartner>;

const companyNames = ['companyName1', 'companyName2', 'companyName3'] as const;

/** The order's fields, each with its own rule; ZOrderInput adds the rules across fields. */
export const ZOrderFields = z.object({
  llcState: z.enum(usStateCodes, { error: 'order.invalidState' }),
  companyName1: required(120),
  companyName2: required(120),
  companyName3: required(120),
  /**
   * The customer read the warning about words the state accepts only with a regulator's
   * approval, or that every state's banking and insurance laws govern ("Bank"), and keeps the
   * names (name-rules).
   */
  restrictedWordsAccepted: z.boolean().optional(),
  organizerName: required(120),
  email,
  phone: z
    .string()
    .trim()
    .max(40, 'order.tooLong')
    .optional()
    .transform((value) => value || undefined),
  addressLine1: required(200),
  /** docs/product.md: optional, for what one line cannot hold (a colonia, a floor, a suite); '' when none */
  addressLine2: z
    .string()
    .trim()
    .max(200, 'order.tooLong')
    .optional()
    .transform((value) => value ?? ''),
  addressCity: required(100),
  addressState: required(100),
  addressZip: required(20),
  addressCountry: countryCode,
  nationality: countryCode,
  /** docs/product.md: one optional partner per order */
  partner: ZPartner.optional()
    .nullable()
    .transform((value) => value ?? undefined),
});

export const ZOrderInput = ZOrderFields.superRefine((order, ctx) => {
  // the names the state would refuse, and the three must be three different names
  const repeated = duplicateChoices([order.companyName1, order.companyName2, order.companyName3], order.llcState);
  companyNames.forEach((field, i) => {
    const issues = checkCompanyName(order[field], order.llcState);
    const error = issues.find((issue) => issue.severity === 'error');
    if (error) ctx.addIssue({ code: 'custom', path: [field], message: `order.name.${error.code}` });
    else if (repeated.includes(i)) ctx.addIssue({ code: 'custom', path: [field], message: 'order.name.duplicate' });
    // a word the state allows with a regulator's approval: confirmed, not refused; the message gives
    // the first word's reason (the state's own list, or the banking and insurance laws of every state)
    else if (issues[0] && !order.restrictedWordsAccepted)
      ctx.addIssue({ code: 'custom', path: [field], message: issues[0].nationwide ? 'order.name.confirmRegulated' : 'order.name.confirmRestricted' });
  });
  phoneIssue(ctx, 'phone', order.phone, order.addressCountry);
}).transform(({ restrictedWordsAccepted: _accepted, ...order }) => ({
  ...order,
  phone: order.phone && (toE164(order.phone, order.addressCountry) ?? order.phone),
}));
export type TOrderInput = z.input<typeof ZOrderInput>;
// every field of the wizard's steps (order-model.ts, which stays zod-free) is a field of the input
type _Holds<T extends true> = T;
type _WizardFieldsAreOrderFields = _Holds<[WizardField] extends [keyof TOrderInput] ? true : false>;
export type TOrder = z.output<typeof ZOrderInput>;

/**
 * PUT /api/orders/:id, the multipart `keep` field (JSON): the identity documents already on file
 * that the edited order keeps. A document neither kept nor sent again is removed.
 */
export const ZKeptDocuments = z.array(z.enum(identityDocuments)).max(identityDocuments.length);

/* ---- what the API answers (the types are re-exported zod-free by order-model.ts) ---- */

/** POST /api/orders: the new order's id; the rest is read with GET /api/orders/:id. */
export const ZOrderCreated = z.object({
  order: z.object({ id: z.string(), held: z.boolean().describe('held for review before payment (a sanctioned nationality)') }),
});

/** Why an order waits for an administrator before it can be paid (ADR 0012). */
export const holdReasons = ['sanctioned_nationality'] as const;

const ZOrderSummary = z.object({
  id: z.string(),
  companyName1: z.string(),
  llcState: z.string(),
  status: z.enum(orderStatuses),
  /** set while an administrator reviews the order before it can be paid (ADR 0012) */
  holdReason: z.enum(holdReasons).nullable(),
  /** requests from the team in the order's thread still waiting for the customer ("Action needed") */
  openRequests: z.number().int().min(0),
  /** a refund closed the order (its card says "Refunded") */
  refunded: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TOrderSummary = z.output<typeof ZOrderSummary>;

/** An order as its owner (and an administrator) sees it: never where its files are stored. */
export const ZOrderDetail = ZOrderSummary.extend({
  companyName2: z.string(),
  companyName3: z.string(),
  organizerName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  addressLine1: z.string(),
  /** '' when none */
  addressLine2: z.string(),
  addressCity: z.string(),
  addressState: z.string(),
  addressZip: z.string(),
  addressCountry: z.string(),
  nationality: z.string(),
  /** cents */
  orderAmount: z.number().int(),
  orderDiscount: z.number().int(),
  orderAmountPaid: z.number().int().nullable(),
  documents: z.record(z.enum(identityDocuments), z.boolean()).describe('which identity documents were uploaded'),
  partner: z.object({ fullName: z.string(), email: z.string(), phone: z.string(), country: z.string(), address: z.string() }).nullable(),
  /** what has happened so far, in milestone order */
  milestones: z.array(z.object({ milestone: z.enum(milestones), occurredOn: z.string().describe('YYYY-MM-DD'), note: z.string().nullable() })),
  paidAt: z.iso.datetime().nullable(),
  /** YYYY-MM-DD, once the state approved the LLC */
  formationDate: z.string().nullable(),
  /** nine digits, once the IRS issued it (the client shows it as 12-3456789) */
  ein: z.string().nullable(),
  /** when our team last opened each identity document (never who, nor from where); null: never */
  identityViewedAt: z.record(z.enum(identityDocuments), z.iso.datetime().nullable()),
  /** YYYY-MM-DD the identity files are deleted (the EIN's date + IDENTITY_RETENTION_DAYS); null before the EIN, without files, or once deleted */
  identityDeletionOn: z.string().nullable(),
  /** the identity files were deleted: when, and which there were (the keys are gone; this is the record that they existed) */
  identityDeleted: z.object({ at: z.iso.datetime(), documents: z.array(z.enum(identityDocuments)) }).nullable(),
  /** cents given back so far, and when a refund closed the order (null: not refunded) */
  amountRefunded: z.number().int(),
  refundedAt: z.iso.datetime().nullable(),
  /** the latest refund request (null: none was made) */
  refund: ZRefund.nullable(),
  /** REFUND_FEE_PERCENT: the dashboard previews what a reason would return with the server's own rule (suggestedRefund) */
  refundFeePercent: z.number(),
  /** where the order is and what the customer should do now, from what happened (src/shared/order-stage.ts) */
  state: z.object({ stage: z.enum(orderStages), next: z.enum(customerSteps), refundOpen: z.boolean() }),
});
export type TOrderDetail = z.output<typeof ZOrderDetail>;

/** `kind` names the document in the customer's language (src/shared/customer-documents.ts); `fileName` is the file's */
export const ZOrderDocument = z.object({ id: z.string(), kind: z.enum(customerDocumentKinds), fileName: z.string(), createdAt: z.iso.datetime() });
/** POST /api/admin/orders/:id/documents?kind=: what the file is to the customer (default: other) */
export const ZDocumentKindQuery = z.object({ kind: z.enum(customerDocumentKinds, { error: 'errors.validation_failed' }).default('other') });
/** POST and PUT /api/admin/orders/:id/documents: the document added or replaced */
export const ZDocumentAdded = z.object({ document: ZOrderDocument });
export type TOrderDocument = z.output<typeof ZOrderDocument>;

export const ZOrderList = z.object({ orders: z.array(ZOrderSummary) });
export const ZOrderAnswer = z.object({ order: ZOrderDetail });
export const ZOrderDocumentList = z.object({ documents: z.array(ZOrderDocument) });

export * from './order-model';

import { z } from 'zod';
import { countries, nationalities, usStateCodes } from './geo';
import { identityDocuments } from './order-model';
import { orderStatuses } from './order-status';

/*
 * The order contract: the wizard validates with these schemas and the server validates the very
 * same ones. Messages are translation keys (SPEC section 5).
 */

/** SPEC: a loose pattern of text, at sign, text, dot, text. */
const loosePattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (max: number) => z.string({ error: 'order.required' }).trim().min(1, 'order.required').max(max, 'order.tooLong');
const email = z.string({ error: 'order.required' }).trim().min(1, 'order.required').max(254, 'order.tooLong').regex(loosePattern, 'order.validEmail');

export const ZPartner = z.object({
  fullName: required(120),
  email,
  phone: required(40),
  country: required(80),
  address: required(300),
});
export type TPartner = z.infer<typeof ZPartner>;

export const ZOrderInput = z.object({
  llcState: z.enum(usStateCodes, { error: 'order.invalidState' }),
  companyName1: required(120),
  companyName2: required(120),
  companyName3: required(120),
  organizerName: required(120),
  email,
  phone: z.string().trim().max(40, 'order.tooLong').optional().transform((value) => value || undefined),
  addressLine1: required(200),
  addressCity: required(100),
  addressState: required(100),
  addressZip: required(20),
  addressCountry: z.enum(countries, { error: 'order.required' }),
  nationality: z.enum(nationalities, { error: 'order.required' }),
  /** SPEC: one optional partner per order */
  partner: ZPartner.optional().nullable().transform((value) => value ?? undefined),
});
export type TOrderInput = z.input<typeof ZOrderInput>;
export type TOrder = z.output<typeof ZOrderInput>;

/* ---- what the API answers (the types are re-exported zod-free by order-model.ts) ---- */

/** POST /api/orders: the new order's id; the rest is read with GET /api/orders/:id. */
export const ZOrderCreated = z.object({ order: z.object({ id: z.string() }) });

const ZOrderSummary = z.object({
  id: z.string(),
  companyName1: z.string(),
  llcState: z.string(),
  status: z.enum(orderStatuses),
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
});
export type TOrderDetail = z.output<typeof ZOrderDetail>;

export const ZOrderDocument = z.object({ id: z.string(), fileName: z.string(), createdAt: z.iso.datetime() });
export type TOrderDocument = z.output<typeof ZOrderDocument>;

export const ZOrderList = z.object({ orders: z.array(ZOrderSummary) });
export const ZOrderAnswer = z.object({ order: ZOrderDetail });
export const ZOrderDocumentList = z.object({ documents: z.array(ZOrderDocument) });

export * from './order-model';

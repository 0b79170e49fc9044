import { z } from 'zod';
import { countries, nationalities, usStateCodes } from './geo';

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

export * from './order-model';

import { z } from 'zod';
import { countries, nationalities, usNationality, usStateCodes, type Nationality } from './geo';
import type { OrderStatus } from './order-status';

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

/** Identity documents: multipart field names, and what they are called in the order. */
export const identityDocuments = ['ssnDoc', 'passport', 'otherId'] as const;
export type IdentityDocument = (typeof identityDocuments)[number];

/** SPEC section 9: customers upload pdf, jpg, jpeg, png — one file each. */
export const customerUploadExtensions = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const customerUploadAccept = customerUploadExtensions.join(',');

/** United States nationality needs the SSN document; any other nationality the passport; none yet: nothing. */
export function requiredIdentityDocument(nationality: Nationality | '' | undefined): 'ssnDoc' | 'passport' | null {
  if (!nationality) return null;
  return nationality === usNationality ? 'ssnDoc' : 'passport';
}

export const missingDocumentMessage = { ssnDoc: 'order.ssnRequired', passport: 'order.passportRequired' } as const;

/** The wizard's four steps and the fields each must have before Next (SPEC section 5 gates). */
export const wizardSteps = ['company', 'contact', 'address', 'verification'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const stepFields = {
  company: ['llcState', 'companyName1', 'companyName2', 'companyName3'],
  contact: ['organizerName', 'email', 'phone'],
  address: ['addressLine1', 'addressCity', 'addressState', 'addressZip', 'addressCountry'],
  verification: ['nationality'],
} as const satisfies Record<WizardStep, readonly (keyof TOrderInput)[]>;

const gateFields = {
  company: ['llcState', 'companyName1', 'companyName2', 'companyName3'],
  contact: ['organizerName', 'email'],
  address: ['addressLine1', 'addressCity', 'addressState', 'addressZip', 'addressCountry'],
  verification: ['nationality'],
} as const satisfies Record<WizardStep, readonly (keyof TOrderInput)[]>;

/**
 * SPEC gates: a step is complete when its required fields are filled; the verification step also
 * needs the document the nationality calls for.
 */
export function isStepComplete(step: WizardStep, values: Partial<Record<keyof TOrderInput, unknown>>, documents: Partial<Record<IdentityDocument, unknown>> = {}): boolean {
  const filled = gateFields[step].every((field) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() !== '' : value != null;
  });
  if (!filled || step !== 'verification') return filled;
  const needed = requiredIdentityDocument(values.nationality as Nationality);
  return needed === null || Boolean(documents[needed]);
}

/* ---- what the API answers ---- */

export interface TOrderSummary {
  id: string;
  companyName1: string;
  llcState: string;
  status: OrderStatus;
  createdAt: string;
}

export interface TOrderDetail extends TOrderSummary {
  companyName2: string;
  companyName3: string;
  organizerName: string;
  email: string;
  phone: string | null;
  addressLine1: string;
  addressCity: string;
  addressState: string;
  addressZip: string;
  addressCountry: string;
  nationality: string;
  orderAmount: number;
  orderDiscount: number;
  orderAmountPaid: number | null;
  /** which identity documents were uploaded (never where they are stored) */
  documents: Record<IdentityDocument, boolean>;
  partner: TPartner | null;
}

export interface TOrderDocument {
  id: string;
  fileName: string;
  createdAt: string;
}

/** SPEC section 9: the order number is the first 8 characters of the id, uppercased. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

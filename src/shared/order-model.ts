import { usCountryCode } from './countries';

/*
 * The order model without zod: constants and pure rules. Kept apart from the schemas so pages
 * that only show orders do not download the validation library; they take the API answer types
 * from orders.ts with `import type`, which is erased at run time.
 */

/** Identity documents: multipart field names, and what they are called in the order. */
export const identityDocuments = ['ssnDoc', 'passport', 'otherId'] as const;
export type IdentityDocument = (typeof identityDocuments)[number];

/** docs/product.md, "Constants and limits": customers upload pdf, jpg, jpeg, png — one file each. */
export const customerUploadExtensions = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const customerUploadAccept = customerUploadExtensions.join(',');
/** docs/product.md, "Constants and limits": administrators upload pdf, doc, docx, jpg, jpeg, png (the order's documents, files in its thread). */
export const adminUploadExtensions = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;
export const adminUploadAccept = adminUploadExtensions.join(',');

/** Nationality (an ISO code) US needs the SSN document; any other the passport; none yet: nothing. */
export function requiredIdentityDocument(nationality: string | undefined): 'ssnDoc' | 'passport' | null {
  if (!nationality) return null;
  return nationality === usCountryCode ? 'ssnDoc' : 'passport';
}

/**
 * The identity documents that apply to a nationality, the required one first: a US national's SSN
 * proof, anyone else's passport, and for both another photo ID (a driver's license, a national ID).
 * Before a nationality is chosen, all three. The wizard asks only for these, sends only these,
 * and the summary lists the required one and any other on file.
 */
export function identityDocumentsFor(nationality: string | undefined): readonly IdentityDocument[] {
  const needed = requiredIdentityDocument(nationality);
  return needed === null ? identityDocuments : [needed, 'otherId'];
}

/** What an order's summary lists: the document its nationality requires, and any other it has. */
export function shownIdentityDocuments(nationality: string, uploaded: Partial<Record<IdentityDocument, boolean>>): IdentityDocument[] {
  const needed = requiredIdentityDocument(nationality);
  return identityDocuments.filter((name) => name === needed || uploaded[name]);
}

export const missingDocumentMessage = { ssnDoc: 'order.ssnRequired', passport: 'order.passportRequired' } as const;

/** The wizard's four steps and the fields each must have before Next (docs/product.md, "Validation"). */
export const wizardSteps = ['company', 'contact', 'address', 'verification'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const stepFields = {
  company: ['llcState', 'companyName1', 'companyName2', 'companyName3'],
  contact: ['organizerName', 'email', 'phone'],
  address: ['addressLine1', 'addressLine2', 'addressCity', 'addressState', 'addressZip', 'addressCountry'],
  verification: ['nationality'],
} as const;
/** A field the wizard asks for; orders.ts checks each is a field of the order input. */
export type WizardField = (typeof stepFields)[WizardStep][number];

const gateFields = {
  company: ['llcState', 'companyName1', 'companyName2', 'companyName3'],
  contact: ['organizerName', 'email'],
  address: ['addressLine1', 'addressCity', 'addressState', 'addressZip', 'addressCountry'],
  verification: ['nationality'],
} as const satisfies Record<WizardStep, readonly WizardField[]>;

/**
 * The gates (docs/product.md, "Validation"): a step is complete when its required fields are filled; the verification step also
 * needs the document the nationality calls for.
 */
export function isStepComplete(
  step: WizardStep,
  values: Partial<Record<WizardField, unknown>>,
  documents: Partial<Record<IdentityDocument, unknown>> = {},
): boolean {
  const filled = gateFields[step].every((field) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() !== '' : value != null;
  });
  if (!filled || step !== 'verification') return filled;
  const needed = requiredIdentityDocument(typeof values.nationality === 'string' ? values.nationality : undefined);
  return needed === null || Boolean(documents[needed]);
}

/** The parts of an order's mailing address, without its country. */
export interface OrderAddress {
  addressLine1: string;
  /** '' when none */
  addressLine2: string;
  addressCity: string;
  addressState: string;
  addressZip: string;
}

/**
 * The address as every page, email and file prints it: the first line, the second when there is
 * one, then "City, State ZIP". The country is the caller's, named in its reader's language.
 */
export function addressLines(address: OrderAddress): string[] {
  const cityLine = cityRegionZip(address.addressCity, address.addressState, address.addressZip);
  return [address.addressLine1, address.addressLine2, cityLine].map((line) => line.trim()).filter(Boolean);
}

/** "City, State ZIP", each part only when there is one: the one city line of pages and documents (filing/state-forms.ts too). */
export const cityRegionZip = (city: string, region: string, zip: string): string => [city, [region, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** docs/product.md, "Constants and limits": the order number is the first 8 characters of the id, uppercased. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

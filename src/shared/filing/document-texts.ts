import type { SignatureEvidence } from './facts-model';

/*
 * The bilingual and Spanish words of the filing PDFs, kept as data beside the clause
 * files (the server writes no text of its own). English is the language the state and the IRS
 * read; the Spanish is for the customer.
 */

/** Each signer's role, English / Spanish; the Spanish names the role without a gender (“persona organizadora”, “persona socia”). */
export const roleLabel: Record<SignatureEvidence['role'], string> = { organizer: 'Organizer / Persona organizadora', partner: 'Partner / Persona socia' };

export const signatureRecordTexts = {
  title: 'Electronic signature record / Registro de firma electrónica',
  intro:
    'Each signer adopted their legal name, as the order records it, as their signature by typing it, after reading the document whose SHA-256 is shown (the document without this page). / Cada firmante adoptó como firma su nombre legal, tal como consta en el pedido, al escribirlo después de leer el documento cuyo SHA-256 se indica (el documento sin esta página).',
  adoptedName: 'Signature adopted / Firma adoptada',
  typedName: 'Typed to adopt it / Texto escrito para adoptarla',
  role: 'Role / Rol',
  account: 'Account / Cuenta',
  signedAt: 'Date and time (UTC) / Fecha y hora (UTC)',
  ipAddress: 'IP address / Dirección IP',
  sha256: 'SHA-256 of the unsigned document / SHA-256 del documento sin firmar',
  consent: 'Consent / Consentimiento',
};

export const agreementTexts = {
  partEnglish: 'Part I — English (governing text)',
  partSpanish: 'Parte II — Traducción de cortesía al español',
  signatures: 'Signatures / Firmas',
  adopts: 'By signing, each member adopts this Agreement. / Con su firma, cada miembro adopta este Acuerdo.',
  member: 'Member / Miembro',
  date: 'Date / Fecha: ____________________',
  /** a signed member's line: the adopted signature and its day, the record on the last page */
  signedOn: (day: string) => `Signed electronically on ${day} (see the signature record) / Firmado electrónicamente el ${day} (vea el registro de firma)`,
};

/** The customer's documents' titles in both languages (the footer of each page says the page's own). */
export const documentTitles = {
  ss4Authorization: { en: 'EIN authorization (Form SS-4)', es: 'Autorización del EIN (Formulario SS-4)' },
  operatingAgreement: { en: 'Operating Agreement', es: 'Acuerdo Operativo' },
} as const;

/** Each page's footer, in the language of its text: company, title, order number, page of pages. */
interface FooterParts {
  company: string;
  title: string;
  order: string;
  page: number;
  pages: number;
}
export const footerTexts = {
  en: ({ company, title, order, page, pages }: FooterParts) => `${company} — ${title} — order ${order} — page ${page} of ${pages}`,
  es: ({ company, title, order, page, pages }: FooterParts) => `${company} — ${title} — pedido ${order} — página ${page} de ${pages}`,
  both: ({ company, title, order, page, pages }: FooterParts) => `${company} — ${title} — ${order} — ${page}/${pages}`,
};

/** An SS-4 line's label as the authorization prints it. */
export const ss4LineLabel = {
  en: (line: string, label: string) => `Line ${line} — ${label}`,
  es: (line: string, label: string) => `Línea ${line} — ${label}`,
};

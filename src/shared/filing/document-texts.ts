import type { FilingInput, SignatureEvidence } from './facts-model';

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
};

/** The SS-4 worksheet's last page in the customer's copy: what was sent on their behalf, in Spanish. */
export function ss4SpanishExplanation(input: FilingInput, entityType: string, foreign: boolean): { heading: string; paragraphs: string[] } {
  return {
    heading: 'Qué enviamos al IRS en su nombre',
    paragraphs: [
      `Para obtener el número de identificación del empleador (EIN) de ${input.companyName}, presentamos al IRS (el servicio de impuestos de los Estados Unidos) el Formulario SS-4 con los datos de este documento, por teléfono o por fax, como tercero autorizado. El EIN es el número fiscal de su LLC: lo necesitará para abrir la cuenta bancaria y para sus declaraciones.`,
      `La persona responsable (línea 7a) es ${input.organizer.name}, quien firmó la autorización.`,
      foreign
        ? 'En la línea 7b escribimos “Foreign — none” (“Extranjero — ninguno”). Esa línea pide un número de Seguro Social (SSN) o un ITIN; según las instrucciones del IRS, un responsable extranjero que no tiene ninguno de los dos lo declara así. No es un error y no impide obtener el EIN. Si usted tiene un ITIN, avísenos antes de la presentación.'
        : 'En la línea 7b va su número de Seguro Social (SSN), tomado del documento de identidad que nos dio. Por seguridad, no lo imprimimos en esta hoja ni lo guardamos.',
      `Tipo de entidad (línea 9a): ${entityType}. ${
        input.partner
          ? 'Con dos miembros, el IRS trata a la LLC como una sociedad (partnership).'
          : foreign
            ? 'Con un solo miembro extranjero, el IRS la trata como una entidad no considerada (disregarded entity) de propiedad extranjera, que cada año presenta el Formulario 5472.'
            : 'Con un solo miembro, el IRS la trata como una entidad no considerada (disregarded entity).'
      }`,
      'Cuando el IRS asigne el EIN, se lo enviaremos junto con la carta de confirmación. Si algún dato de esta hoja no es correcto, avísenos antes de la presentación.',
    ],
  };
}

/** The customer's documents' titles in both languages (the footer of each page says the page's own). */
export const documentTitles = {
  ss4Authorization: { en: 'EIN authorization (Form SS-4)', es: 'Autorización del EIN (Formulario SS-4)' },
  operatingAgreement: { en: 'Operating Agreement', es: 'Acuerdo Operativo' },
} as const;

/** Each page's footer, in the language of its text: company, title, order number, page of pages. */
export const footerTexts = {
  en: (company: string, title: string, order: string, page: number, pages: number) => `${company} — ${title} — order ${order} — page ${page} of ${pages}`,
  es: (company: string, title: string, order: string, page: number, pages: number) => `${company} — ${title} — pedido ${order} — página ${page} de ${pages}`,
  both: (company: string, title: string, order: string, page: number, pages: number) => `${company} — ${title} — ${order} — ${page}/${pages}`,
};

/** An SS-4 line's label as the authorization prints it. */
export const ss4LineLabel = {
  en: (line: string, label: string) => `Line ${line} — ${label}`,
  es: (line: string, label: string) => `Línea ${line} — ${label}`,
};

/*
 * What a document in the customer's list is to her (docs/glossary.md for the names): the
 * Articles as the state filed them, the signed Operating Agreement, the IRS's EIN letter, or
 * anything else the team added. The team's worksheets are never one of these: they stay in the
 * admin area (ADR 0041).
 */

export const customerDocumentKinds = ['articles_filed', 'operating_agreement', 'ein_letter', 'other'] as const;
export type CustomerDocumentKind = (typeof customerDocumentKinds)[number];

export const isCustomerDocumentKind = (value: unknown): value is CustomerDocumentKind =>
  typeof value === 'string' && (customerDocumentKinds as readonly string[]).includes(value);

/** The kinds a bank asks a non-US founder for when opening the LLC's account, in the order they are read. */
export const bankPackKinds = ['articles_filed', 'operating_agreement', 'ein_letter'] as const satisfies readonly CustomerDocumentKind[];

/** A document's name: its kind's, in the reader's language (`kindName`, the dashboard catalogue's), or the file's for any other. */
export const customerDocumentName = (
  document: { kind: CustomerDocumentKind; fileName: string },
  kindName: (kind: Exclude<CustomerDocumentKind, 'other'>) => string,
) => (document.kind === 'other' ? document.fileName : kindName(document.kind));

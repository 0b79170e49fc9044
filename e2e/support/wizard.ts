import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { chooseCountry } from './orders';

/* The order wizard's steps as a person fills them, in either language (orders.spec.ts, unpaid-order.spec.ts). */

/** Small files with the right magic bytes: the server checks content, not names. */
export const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e60000000049454e44ae426082',
    'hex',
  ),
});

/** A required field's label ends with an asterisk; match the label exactly, with or without it. */
export const labelled = (page: Pick<Page, 'getByLabel'>, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

export const position = (page: Page) => page.getByTestId('wizard-position');

export interface Texts {
  names: [string, string, string];
  next: string;
  address: Record<'line1' | 'city' | 'state' | 'zip', string>;
  country: string;
}

export async function fillCompanyAndContact(page: Page, texts: Texts, names: readonly string[], email: string) {
  for (const [i, label] of texts.names.entries()) await labelled(page, label).fill(names[i]!);
  await page.getByRole('button', { name: texts.next }).click();
  await expect(position(page)).toHaveText(/2/);
  // step 2 comes prefilled from the account
  await expect(page.getByRole('textbox', { name: /^(Email|Correo electrónico)$/ })).toHaveValue(email);
  await page.getByRole('button', { name: texts.next }).click();
  await expect(position(page)).toHaveText(/3/);
}

export async function fillAddress(page: Page, texts: Texts, address: Record<keyof Texts['address'], string>, country: string) {
  for (const key of ['line1', 'city', 'state', 'zip'] as const) await labelled(page, texts.address[key]).fill(address[key]);
  await chooseCountry(labelled(page, texts.country), country.slice(0, 4), country);
  await page.getByRole('button', { name: texts.next }).click();
  await expect(position(page)).toHaveText(/4/);
}

export const english: Texts = {
  names: ['First choice', 'Second choice', 'Third choice'],
  next: 'Next',
  address: { line1: 'Address line 1', city: 'City', state: 'State / province', zip: 'ZIP / Postal code' },
  country: 'Country',
};
export const spanish: Texts = {
  names: ['Primera opción', 'Segunda opción', 'Tercera opción'],
  next: 'Siguiente',
  address: { line1: 'Dirección (línea 1)', city: 'Ciudad', state: 'Estado / Provincia', zip: 'Código postal' },
  country: 'País',
};

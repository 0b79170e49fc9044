import { countryName } from '@shared/countries';
import { foldText } from '@shared/fold-text';
import { orderNumber } from '@shared/order-model';
import { demonymForms } from './demonyms';

/*
 * The administrators' search (ADR 0012): one folded text column per order, written by the
 * application, matched with LIKE '%query%' and a pg_trgm index. Folding (lower-case, no accents)
 * happens here in JavaScript, for the column and for the query alike, so "nunez" finds "Núñez" on
 * both databases whatever their locale; the nationality is written as its code, its names in
 * English and Spanish and every demonym of demonyms.ts (English; Spanish masculine and feminine),
 * so "guatemal", "guatemalteco", "Guatemalan" and "estadounidense" find orders.
 */

export interface SearchableOrder {
  id: string;
  organizerName: string;
  email: string;
  companyName1: string;
  companyName2: string;
  companyName3: string;
  nationality: string;
}

/** Every line an administrator may search by, folded; one field per line. */
export function orderSearchText(order: SearchableOrder): string {
  const code = order.nationality;
  const lines = [
    orderNumber(order.id),
    order.id,
    order.organizerName,
    order.email,
    order.companyName1,
    order.companyName2,
    order.companyName3,
    code,
    countryName(code, 'en'),
    countryName(code, 'es'),
    ...demonymForms(code),
  ];
  return searchLines(lines);
}

/**
 * A search column's text: each field folded on a line of its own (whitespace inside a field made
 * one space), empty fields and repeats left out. A one-line query never matches across two fields.
 */
export function searchLines(lines: readonly (string | null | undefined)[]): string {
  return [...new Set(lines.filter(Boolean).map((line) => foldText(line!.replace(/\s+/g, ' ').trim())))].join('\n');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern for a query: folded like the column, wildcards escaped. */
export function searchPattern(query: string): string {
  return `%${escapeLike(foldText(query.replace(/\s+/g, ' ').trim()))}%`;
}

import { countryName, specDemonyms } from '@shared/countries';
import { foldText } from '@shared/fold-text';
import { orderNumber } from '@shared/order-model';

/*
 * The administrators' search (ADR 0012): one folded text column per order, written by the
 * application, matched with LIKE '%query%' and a pg_trgm index. Folding (lower-case, no accents)
 * happens here in JavaScript, for the column and for the query alike, so "nunez" finds "Núñez" on
 * both databases whatever their locale; the nationality is written as its code, its names and
 * demonyms in English and Spanish, so "guatemal", "mexicana" and "estadounidense" find orders.
 */

/** Spanish demonyms in the masculine, for searching only (the product shows the feminine, agreeing with "nacionalidad"). */
const masculineDemonyms: Record<string, string> = {
  MX: 'mexicano', AR: 'argentino', BR: 'brasileño', CL: 'chileno', CO: 'colombiano', PE: 'peruano', VE: 'venezolano',
  CN: 'chino', IN: 'indio', JP: 'japonés', KR: 'surcoreano', PH: 'filipino', GB: 'británico', FR: 'francés', DE: 'alemán',
  IT: 'italiano', ES: 'español', AU: 'australiano', NZ: 'neozelandés', RU: 'ruso',
};

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
  const demonyms = specDemonyms[code as keyof typeof specDemonyms];
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
    demonyms?.en,
    demonyms?.es,
    masculineDemonyms[code],
  ];
  return [...new Set(lines.filter(Boolean).map((line) => foldText(line!.replace(/\s+/g, ' ').trim())))].join('\n');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern for a query: folded like the column, wildcards escaped. */
export function searchPattern(query: string): string {
  return `%${escapeLike(foldText(query.replace(/\s+/g, ' ').trim()))}%`;
}

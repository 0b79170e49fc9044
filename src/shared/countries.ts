import isoCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import type { Language } from './languages';

/*
 * Countries: the mailing-address country, the nationality (country of citizenship) and a
 * partner's country are ISO 3166-1 alpha-2 codes. The code list comes from the maintained
 * i18n-iso-countries package (ISO 3166-1 plus Kosovo, XK, which the US treats as a country);
 * names come from the platform (Intl.DisplayNames), in the reader's language.
 */

/** docs/product.md, "Entities"'s 22 countries, in the product's order: the top of every country list. */
export const specCountryCodes = [
  'US',
  'MX',
  'CA',
  'AR',
  'BR',
  'CL',
  'CO',
  'PE',
  'VE',
  'CN',
  'IN',
  'JP',
  'KR',
  'PH',
  'GB',
  'FR',
  'DE',
  'IT',
  'ES',
  'AU',
  'NZ',
  'RU',
] as const;

export const countryCodes: readonly string[] = (isoCodes as string[][]).map(([alpha2]) => alpha2 as string).sort();
const known = new Set(countryCodes);

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && known.has(value);
}

/** US citizens prove identity with an SSN document; everyone else with a passport (docs/product.md, "Validation"). */
export const usCountryCode = 'US';

/**
 * the product's demonyms for its 22 countries: English, and Spanish in the feminine (agreeing with
 * "nacionalidad"), as the product has always shown them. Other nationalities show as the
 * country of citizenship.
 */
export const specDemonyms: Record<(typeof specCountryCodes)[number], { en: string; es: string }> = {
  US: { en: 'American', es: 'Estadounidense' },
  MX: { en: 'Mexican', es: 'Mexicana' },
  CA: { en: 'Canadian', es: 'Canadiense' },
  AR: { en: 'Argentine', es: 'Argentina' },
  BR: { en: 'Brazilian', es: 'Brasileña' },
  CL: { en: 'Chilean', es: 'Chilena' },
  CO: { en: 'Colombian', es: 'Colombiana' },
  PE: { en: 'Peruvian', es: 'Peruana' },
  VE: { en: 'Venezuelan', es: 'Venezolana' },
  CN: { en: 'Chinese', es: 'China' },
  IN: { en: 'Indian', es: 'India' },
  JP: { en: 'Japanese', es: 'Japonesa' },
  KR: { en: 'South Korean', es: 'Surcoreana' },
  PH: { en: 'Filipino', es: 'Filipina' },
  GB: { en: 'British', es: 'Británica' },
  FR: { en: 'French', es: 'Francesa' },
  DE: { en: 'German', es: 'Alemana' },
  IT: { en: 'Italian', es: 'Italiana' },
  ES: { en: 'Spanish', es: 'Española' },
  AU: { en: 'Australian', es: 'Australiana' },
  NZ: { en: 'New Zealander', es: 'Neozelandesa' },
  RU: { en: 'Russian', es: 'Rusa' },
};

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the language; a value that is not a code (an old free-text partner country) shows as stored. */
export function countryName(code: string, language: Language): string {
  if (!isCountryCode(code)) return code;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/** the product's demonym where it has one ("Mexican", "Mexicana"), else the country of citizenship ("Guatemala"). */
export function nationalityName(code: string, language: Language): string {
  const demonym = specDemonyms[code as keyof typeof specDemonyms];
  return demonym ? demonym[language] : countryName(code, language);
}

export interface CountryOption {
  value: string;
  label: string;
}

/** the product's 22 first in the product's order, then every other country alphabetically in the language. */
export function countryOptions(language: Language): CountryOption[] {
  const top: readonly string[] = specCountryCodes;
  const rest = countryCodes
    .filter((code) => !top.includes(code))
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return [...top.map((code) => ({ value: code, label: countryName(code, language) })), ...rest];
}

import { describe, expect, it } from 'vitest';
import { countryCodes, countryName, countryOptions, isCountryCode, nationalityName, specCountryCodes, specDemonyms } from './countries';

describe('countries', () => {
  it("holds every ISO 3166-1 country as a two-letter code, the product's 22 among them", () => {
    expect(countryCodes.length).toBeGreaterThanOrEqual(249);
    expect(countryCodes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    for (const code of ['GT', 'EC', 'BO', 'UY', 'PY', 'HN', 'SV', 'CR', 'PA', 'CU', 'NI', 'DO', ...specCountryCodes]) expect(isCountryCode(code)).toBe(true);
    expect(isCountryCode('gt')).toBe(false);
    expect(isCountryCode('Guatemala')).toBe(false);
    expect(isCountryCode('ZZ')).toBe(false);
  });

  it("lists the product's 22 first in the product's order, then the rest alphabetically in the reader's language", () => {
    for (const language of ['en', 'es'] as const) {
      const options = countryOptions(language);
      expect(options.slice(0, 22).map((option) => option.value)).toEqual([...specCountryCodes]);
      expect(options).toHaveLength(countryCodes.length);
      const rest = options.slice(22).map((option) => option.label);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, language)));
    }
    // alphabetical in Spanish is not alphabetical in English: Alemania is in the top 22, Egipto sorts under E
    const es = countryOptions('es').map((option) => option.label);
    expect(es.indexOf('Egipto')).toBeLessThan(es.indexOf('Guatemala'));
    expect(countryOptions('en').find((option) => option.value === 'DE')?.label).toBe('Germany');
  });

  it('names countries in English and Spanish from the platform', () => {
    expect(countryName('GT', 'es')).toBe('Guatemala');
    expect(countryName('US', 'es')).toBe('Estados Unidos');
    expect(countryName('DO', 'en')).toBe('Dominican Republic');
    expect(countryName('DO', 'es')).toBe('República Dominicana');
    // an old free-text value is shown as stored
    expect(countryName('Tierra Media', 'es')).toBe('Tierra Media');
  });

  it("shows the product's demonym where it has one, else the country of citizenship", () => {
    expect(Object.keys(specDemonyms)).toEqual([...specCountryCodes]);
    expect(nationalityName('MX', 'en')).toBe('Mexican');
    expect(nationalityName('MX', 'es')).toBe('Mexicana');
    expect(nationalityName('GT', 'en')).toBe('Guatemala');
    expect(nationalityName('GT', 'es')).toBe('Guatemala');
  });
});

import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';

/*
 * Phone numbers (customer and partner): checked and formatted per country by libphonenumber-js,
 * stored in E.164 ("+50255551234"), shown in international format ("+502 5555 1234").
 */

/**
 * Mexico dropped the "1" of mobiles after +52 and the 044, 045 and 01 dialling prefixes in August
 * 2019; people still type them, and WhatsApp still shows "+52 1 55 1234 5678". libphonenumber's
 * metadata reads them as digits of the number (too long): the number is the 10 digits after them.
 */
const OLD_MEXICAN_PREFIX = /^(?:1|044|045|01)(\d{10})$/;

function validNumber(phone: PhoneNumber | undefined): string | null {
  return phone?.isValid() ? phone.number : null;
}

function withoutOldMexicanPrefix(phone: PhoneNumber | undefined): string | null {
  const rest = phone?.countryCallingCode === '52' ? OLD_MEXICAN_PREFIX.exec(phone.nationalNumber)?.[1] : undefined;
  return rest ? validNumber(parsePhoneNumberFromString(`+52${rest}`)) : null;
}

function supported(country: string | undefined): CountryCode | undefined {
  return country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
}

/**
 * The number in E.164, or null when it is not a valid number. A number typed without "+" is read
 * in `country` (the ISO code of the address or the partner's country), when there is one.
 */
export function toE164(input: string, country?: string): string | null {
  const phone = parsePhoneNumberFromString(input, supported(country));
  const valid = validNumber(phone) ?? withoutOldMexicanPrefix(phone);
  if (valid) return valid;
  // WhatsApp's "521 55 1234 5678" (wa.me links) copied without its "+", whatever the country
  const digits = input.replace(/\D/g, '');
  return !input.includes('+') && /^521\d{10}$/.test(digits) ? withoutOldMexicanPrefix(parsePhoneNumberFromString(`+${digits}`)) : null;
}

/** Digits and the separators people type, 4 to 15 digits (E.164's longest): a number some country could dial. */
const NATIONAL_SHAPE = /^[\d\s().\-/]+$/;

/**
 * Why `input` is not a phone number, or null when it is one:
 * - `invalid`: not a number, or a "+" number that is not valid (or a country libphonenumber does not know);
 * - `invalidInCountry`: without "+", and not a number of `country`;
 * - `needsCountry`: without "+" and no country yet: it may be a national number, to be read once the country is known.
 */
export function phoneProblem(input: string, country?: string): 'invalid' | 'invalidInCountry' | 'needsCountry' | null {
  if (toE164(input, country)) return null;
  if (input.trim().startsWith('+')) return 'invalid';
  if (country) return supported(country) ? 'invalidInCountry' : 'invalid';
  const digits = input.replace(/\D/g, '').length;
  return NATIONAL_SHAPE.test(input.trim()) && digits >= 4 && digits <= 15 ? 'needsCountry' : 'invalid';
}

/** International format for display; a value stored before numbers were checked shows as stored. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored);
  return phone?.isValid() ? phone.formatInternational() : stored;
}

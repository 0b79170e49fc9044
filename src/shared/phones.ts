import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/*
 * Phone numbers (customer and partner): checked and formatted per country by libphonenumber-js,
 * stored in E.164 ("+50255551234"), shown in international format ("+502 5555 1234").
 */

/**
 * The number in E.164, or null when it is not a valid number. A number typed without "+" is read
 * in `country` (the ISO code of the address or the partner's country), when there is one.
 */
export function toE164(input: string, country?: string): string | null {
  const defaultCountry = country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  const phone = parsePhoneNumberFromString(input, defaultCountry);
  return phone?.isValid() ? phone.number : null;
}

/** International format for display; a value stored before numbers were checked shows as stored. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored);
  return phone?.isValid() ? phone.formatInternational() : stored;
}

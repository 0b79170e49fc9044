import type { FieldSpec } from './components/field-grid';

/** The wizard's text fields, as data (labels: order:fields.<name>, hints: order:hints.<name>). */
export const contactFields: readonly FieldSpec[] = [
  { name: 'organizerName', autoComplete: 'name', hint: 'hints.organizerName', wide: true },
  { name: 'email', type: 'email', autoComplete: 'email' },
  // without "+", read in the address country (step 3): src/shared/orders.ts
  { name: 'phone', type: 'tel', autoComplete: 'tel', optional: true, hint: 'hints.phone', country: 'addressCountry' },
];

export const addressFields: readonly FieldSpec[] = [
  { name: 'addressLine1', autoComplete: 'address-line1', hint: 'hints.addressLine1', wide: true },
  { name: 'addressCity', autoComplete: 'address-level2' },
  { name: 'addressState', autoComplete: 'address-level1' },
  { name: 'addressZip', autoComplete: 'postal-code' },
  { name: 'addressCountry', options: 'countries', placeholder: 'placeholders.country', autoComplete: 'country-name', deps: ['phone'] },
];

export const nationalityFields: readonly FieldSpec[] = [
  { name: 'nationality', options: 'nationalities', placeholder: 'placeholders.nationality', hint: 'hints.nationality', wide: true },
];

/** A partner's details are not the customer's: the `section-` tokens keep autofill apart. */
export const partnerFields: readonly FieldSpec[] = [
  { name: 'fullName', autoComplete: 'section-partner name', wide: true },
  { name: 'email', type: 'email', autoComplete: 'section-partner email' },
  { name: 'phone', type: 'tel', autoComplete: 'section-partner tel', country: 'country' },
  { name: 'country', options: 'countries', placeholder: 'placeholders.country', autoComplete: 'section-partner country-name', deps: ['phone'] },
  { name: 'address', autoComplete: 'section-partner street-address', wide: true },
];

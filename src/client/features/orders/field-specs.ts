import type { FieldSpec } from './components/field-grid';

/** The wizard's text fields, as data (labels: order:fields.<name>, hints: order:hints.<name>). */
export const contactFields: readonly FieldSpec[] = [
  { name: 'organizerName', label: 'fields.organizerName', autoComplete: 'name', hint: 'hints.organizerName', wide: true },
  { name: 'email', label: 'fields.email', type: 'email', autoComplete: 'email' },
  // without "+", read in the address country (step 3): src/shared/orders.ts
  { name: 'phone', label: 'fields.phone', type: 'tel', autoComplete: 'tel', optional: true, hint: 'hints.phone', country: 'addressCountry' },
];

export const addressFields: readonly FieldSpec[] = [
  { name: 'addressLine1', label: 'fields.addressLine1', autoComplete: 'address-line1', hint: 'hints.addressLine1', wide: true },
  // what one line cannot hold: a Mexican colonia, a floor, an interior number
  { name: 'addressLine2', label: 'fields.addressLine2', autoComplete: 'address-line2', hint: 'hints.addressLine2', optional: true, wide: true },
  { name: 'addressCity', label: 'fields.addressCity', autoComplete: 'address-level2' },
  { name: 'addressState', label: 'fields.addressState', autoComplete: 'address-level1' },
  { name: 'addressZip', label: 'fields.addressZip', autoComplete: 'postal-code' },
  {
    name: 'addressCountry',
    label: 'fields.addressCountry',
    options: 'countries',
    placeholder: 'placeholders.country',
    autoComplete: 'country-name',
    deps: ['phone'],
  },
];

export const nationalityFields: readonly FieldSpec[] = [
  {
    name: 'nationality',
    label: 'fields.nationality',
    options: 'nationalities',
    placeholder: 'placeholders.nationality',
    hint: 'hints.nationality',
    wide: true,
  },
];

/** A partner's details are not the customer's: the `section-` tokens keep autofill apart. */
export const partnerFields: readonly FieldSpec[] = [
  { name: 'fullName', label: 'partner.fields.fullName', autoComplete: 'section-partner name', wide: true },
  { name: 'email', label: 'partner.fields.email', type: 'email', autoComplete: 'section-partner email' },
  { name: 'phone', label: 'partner.fields.phone', type: 'tel', autoComplete: 'section-partner tel', country: 'country' },
  {
    name: 'country',
    label: 'partner.fields.country',
    options: 'countries',
    placeholder: 'placeholders.country',
    autoComplete: 'section-partner country-name',
    deps: ['phone'],
  },
  { name: 'address', label: 'partner.fields.address', autoComplete: 'section-partner street-address', wide: true },
];

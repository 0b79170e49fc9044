import type { TOrderInput } from '../orders';

/**
 * One valid order, as the wizard sends it: the one set of test data behind the server's
 * `validOrder`, the client tests' `orderDetail`, the browser tests and the benches.
 */
export const sampleOrder = {
  llcState: 'WY',
  companyName1: 'Andes Trading LLC',
  companyName2: 'Andes Imports LLC',
  companyName3: 'Andes Global LLC',
  organizerName: 'Ana María Pérez',
  email: 'ana@example.com',
  phone: '+51 999 888 777',
  addressLine1: 'Av. Larco 123',
  addressCity: 'Lima',
  addressState: 'Lima',
  addressZip: '15074',
  addressCountry: 'PE',
  nationality: 'PE',
} as const satisfies TOrderInput;

/** A second company, founded from Madrid: for tests that must tell two orders apart. */
export const madridCompany = {
  companyName1: 'Sunrise Ventures LLC',
  companyName2: 'Sunrise Labs LLC',
  companyName3: 'Sunrise Holdings LLC',
  addressLine1: 'Calle Mayor 5',
  addressCity: 'Madrid',
  addressState: 'Madrid',
  addressZip: '28013',
  addressCountry: 'ES',
  nationality: 'ES',
} as const satisfies Partial<TOrderInput>;

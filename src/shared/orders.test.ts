import { describe, expect, it } from 'vitest';
import {
  customerUploadAccept,
  isStepComplete,
  missingDocumentMessage,
  orderNumber,
  requiredIdentityDocument,
  stepFields,
  wizardSteps,
  ZOrderInput,
  ZPartner,
  type TOrderInput,
  type TPartner,
} from './orders';
import { madridCompany, sampleOrder } from './testing/sample-order';

const partner: TPartner = { fullName: 'Luis Gómez', email: 'luis@example.com', phone: '+52 55 1234 5678', country: 'MX', address: 'Av. Reforma 1, CDMX' };

// Madrid founder, no phone (it is optional)
const valid: TOrderInput = { ...sampleOrder, ...madridCompany, phone: '' };

/** field path -> message key of the first issue zod reports there (what a form shows) */
function issues(input: unknown, schema: typeof ZOrderInput | typeof ZPartner = ZOrderInput): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('ZOrderInput', () => {
  it('accepts a complete order, trims, and drops an empty phone', () => {
    const order = ZOrderInput.parse({ ...valid, companyName1: '  Sunrise Ventures LLC ' });
    expect(order.companyName1).toBe('Sunrise Ventures LLC');
    expect(order.phone).toBeUndefined();
    expect(order.partner).toBeUndefined();
  });

  const requiredFields = [
    'companyName1',
    'companyName2',
    'companyName3',
    'organizerName',
    'email',
    'addressLine1',
    'addressCity',
    'addressState',
    'addressZip',
  ] as const;
  it.each(requiredFields)('%s is required: order.required (empty, blank or missing)', (field) => {
    expect(issues({ ...valid, [field]: '' })).toEqual({ [field]: 'order.required' });
    expect(issues({ ...valid, [field]: '   ' })).toEqual({ [field]: 'order.required' });
    expect(issues({ ...valid, [field]: undefined })).toEqual({ [field]: 'order.required' });
  });

  it('takes an optional second address line, trimmed, up to 200 characters; none is stored as empty', () => {
    expect(ZOrderInput.parse({ ...valid, addressLine2: '  Piso 14, Col. Lomas Altas ' }).addressLine2).toBe('Piso 14, Col. Lomas Altas');
    expect(ZOrderInput.parse(valid).addressLine2).toBe('');
    expect(ZOrderInput.parse({ ...valid, addressLine2: '   ' }).addressLine2).toBe('');
    expect(issues({ ...valid, addressLine2: 'x'.repeat(201) })).toEqual({ addressLine2: 'order.tooLong' });
    // not a gate: the address step is complete without it
    expect(isStepComplete('address', { ...valid, addressLine2: '' })).toBe(true);
    expect(stepFields.address).toContain('addressLine2');
  });

  it.each(['addressCountry', 'nationality'] as const)('%s is required and must be an ISO 3166-1 code: order.required', (field) => {
    expect(issues({ ...valid, [field]: '' })).toEqual({ [field]: 'order.required' });
    expect(issues({ ...valid, [field]: 'Atlantis' })).toEqual({ [field]: 'order.required' });
    // the English names the product's lists stored before codes are no longer accepted, nor lower-case codes
    expect(issues({ ...valid, [field]: 'Mexico' })).toEqual({ [field]: 'order.required' });
    expect(issues({ ...valid, [field]: 'gt' })).toEqual({ [field]: 'order.required' });
    expect(issues({ ...valid, [field]: 'GT' })).toEqual({});
  });

  it('phone is optional, checked against the address country and stored in E.164', () => {
    expect(issues({ ...valid, phone: undefined })).toEqual({});
    expect(ZOrderInput.parse({ ...valid, phone: ' +1 307 555 0100 ' }).phone).toBe('+13075550100');
    // a number without "+" is read in the address country (Guatemala: 8 digits)
    expect(ZOrderInput.parse({ ...valid, addressCountry: 'GT', phone: '5555 1234' }).phone).toBe('+50255551234');
    // without "+" and not a number of the address country (Spain): the message names the country
    expect(issues({ ...valid, phone: '12345' })).toEqual({ phone: 'order.invalidPhoneInCountry' });
    expect(issues({ ...valid, addressCountry: 'GT', phone: '+502 555' })).toEqual({ phone: 'order.invalidPhone' });
  });

  it('reads the phone as people type it: WhatsApp\'s Mexican "+52 1", and a national number once the address country is known', () => {
    for (const phone of ['+52 1 55 1234 5678', '521 55 1234 5678']) expect(ZOrderInput.parse({ ...valid, phone }).phone, phone).toBe('+525512345678');
    expect(ZOrderInput.parse({ ...valid, addressCountry: 'MX', phone: '55 1234 5678' }).phone).toBe('+525512345678');
    expect(ZOrderInput.parse({ ...valid, addressCountry: 'MX', phone: '044 55 1234 5678' }).phone).toBe('+525512345678');
    expect(issues({ ...valid, addressCountry: 'ES', phone: '55 1234 5678' })).toEqual({ phone: 'order.invalidPhoneInCountry' });
    // the wizard's step 2, before the address: the country is asked for, the number waits for it
    expect(issues({ ...valid, addressCountry: '', phone: '55 1234 5678' })).toEqual({ addressCountry: 'order.required' });
    // what no country could dial is refused at once
    expect(issues({ ...valid, addressCountry: '', phone: 'abc' })).toEqual({ addressCountry: 'order.required', phone: 'order.invalidPhone' });
    expect(issues({ ...valid, addressCountry: '', phone: '+52 1' })).toEqual({ addressCountry: 'order.required', phone: 'order.invalidPhone' });
  });

  it('asks to confirm a banking word in every state, with the reason it has there', () => {
    // Wyoming's LLC statute lists no such word: every state's banking laws are the reason
    expect(issues({ ...valid, llcState: 'WY', companyName1: 'Acme Bank LLC' })).toEqual({ companyName1: 'order.name.confirmRegulated' });
    expect(issues({ ...valid, llcState: 'DE', companyName2: 'Seguros Andes LLC' })).toEqual({ companyName2: 'order.name.confirmRegulated' });
    expect(issues({ ...valid, llcState: 'WY', companyName1: 'Acme Bank LLC', restrictedWordsAccepted: true })).toEqual({});
    // New York's own list names "bank"; California's refuses it, confirmed or not
    expect(issues({ ...valid, llcState: 'NY', companyName1: 'Acme Bank LLC' })).toEqual({ companyName1: 'order.name.confirmRestricted' });
    expect(issues({ ...valid, llcState: 'CA', companyName1: 'Acme Bank LLC', restrictedWordsAccepted: true })).toEqual({
      companyName1: 'order.name.forbiddenWord',
    });
  });

  it('a state outside the 50 + DC is order.invalidState', () => {
    expect(issues({ ...valid, llcState: 'ZZ' })).toEqual({ llcState: 'order.invalidState' });
    expect(issues({ ...valid, llcState: 'DC' })).toEqual({});
  });

  it('the email follows the loose pattern text@text.text: order.validEmail', () => {
    for (const email of ['a@b.co', 'first.last+tag@example.com.mx', 'ñandú@correo.es']) expect(issues({ ...valid, email })).toEqual({});
    for (const email of ['ana', 'ana@example', '@example.com', 'ana@.com', 'ana example@x.com', 'ana@example.'])
      expect(issues({ ...valid, email })).toEqual({ email: 'order.validEmail' });
  });

  it('overlong values are order.tooLong', () => {
    expect(issues({ ...valid, companyName1: 'x'.repeat(121) })).toEqual({ companyName1: 'order.tooLong' });
    expect(issues({ ...valid, phone: '1'.repeat(41) })).toMatchObject({ phone: expect.stringMatching(/^order\.(tooLong|invalidPhone)$/) });
  });

  it('takes one optional partner, validated with the partner rules', () => {
    expect(ZOrderInput.parse({ ...valid, partner }).partner).toEqual({ ...partner, phone: '+525512345678' });
    expect(ZOrderInput.parse({ ...valid, partner: null }).partner).toBeUndefined();
    expect(issues({ ...valid, partner: { ...partner, email: 'nope' } })).toEqual({ 'partner.email': 'order.validEmail' });
    expect(issues({ ...valid, partner: [partner, partner] })).toHaveProperty('partner');
  });
});

describe('ZPartner', () => {
  it.each(['fullName', 'email', 'phone', 'country', 'address'] as const)('%s is required: order.required', (field) => {
    expect(issues({ ...partner, [field]: '' }, ZPartner)).toEqual({ [field]: 'order.required' });
  });

  it('checks the email pattern: order.validEmail', () => {
    expect(issues({ ...partner, email: 'luis@example' }, ZPartner)).toEqual({ email: 'order.validEmail' });
  });

  it("checks the partner's phone against the partner's country", () => {
    expect(ZPartner.parse({ ...partner, country: 'GT', phone: '5555 1234' }).phone).toBe('+50255551234');
    expect(ZPartner.parse({ ...partner, phone: '55 1234 5678' }).phone).toBe('+525512345678');
    expect(ZPartner.parse({ ...partner, phone: '+52 1 55 1234 5678' }).phone).toBe('+525512345678');
    expect(issues({ ...partner, phone: '555' }, ZPartner)).toEqual({ phone: 'order.invalidPhoneInCountry' });
    expect(issues({ ...partner, phone: '+52 555' }, ZPartner)).toEqual({ phone: 'order.invalidPhone' });
    // no country yet: that is the message, the number waits for it
    expect(issues({ ...partner, country: 'Mexico' }, ZPartner)).toEqual({ country: 'order.required' });
  });

  it('an empty partner form reports every field', () => {
    expect(Object.keys(issues({}, ZPartner)).sort()).toEqual(['address', 'country', 'email', 'fullName', 'phone']);
  });
});

describe('identity documents', () => {
  it('United States nationality needs the SSN document, any other the passport, none yet nothing', () => {
    expect(requiredIdentityDocument('US')).toBe('ssnDoc');
    expect(requiredIdentityDocument('MX')).toBe('passport');
    expect(requiredIdentityDocument('GT')).toBe('passport');
    // the rule keys on the code: the old English demonym is not a US nationality
    expect(requiredIdentityDocument('American')).toBe('passport');
    expect(requiredIdentityDocument('')).toBeNull();
    expect(requiredIdentityDocument(undefined)).toBeNull();
  });

  it('names the spec message for each missing document', () => {
    expect(missingDocumentMessage).toEqual({ ssnDoc: 'order.ssnRequired', passport: 'order.passportRequired' });
  });

  it('customers upload pdf, jpg, jpeg and png', () => {
    expect(customerUploadAccept).toBe('.pdf,.jpg,.jpeg,.png');
  });
});

describe('isStepComplete (the wizard gates)', () => {
  it('has four steps whose fields cover the whole order', () => {
    expect(wizardSteps).toEqual(['company', 'contact', 'address', 'verification']);
    const covered = wizardSteps.flatMap((step) => stepFields[step]).sort();
    // the confirmation of restricted words rides with the names' errors, not as a field of its own
    expect(covered).toEqual(
      Object.keys(ZOrderInput.in.shape)
        .filter((field) => field !== 'partner' && field !== 'restrictedWordsAccepted')
        .sort(),
    );
  });

  it('company needs a state and all three names', () => {
    expect(isStepComplete('company', valid)).toBe(true);
    expect(isStepComplete('company', { ...valid, companyName3: ' ' })).toBe(false);
    expect(isStepComplete('company', { ...valid, llcState: undefined })).toBe(false);
  });

  it('contact needs organizer name and email; phone is optional', () => {
    expect(isStepComplete('contact', { ...valid, phone: '' })).toBe(true);
    expect(isStepComplete('contact', { ...valid, organizerName: '' })).toBe(false);
    expect(isStepComplete('contact', { ...valid, email: '' })).toBe(false);
  });

  it.each(['addressLine1', 'addressCity', 'addressState', 'addressZip', 'addressCountry'] as const)('address needs %s', (field) => {
    expect(isStepComplete('address', valid)).toBe(true);
    expect(isStepComplete('address', { ...valid, [field]: '' })).toBe(false);
  });

  it('verification needs the nationality and the document it calls for; other ID is optional', () => {
    const us = { ...valid, nationality: 'US' };
    expect(isStepComplete('verification', us, {})).toBe(false);
    expect(isStepComplete('verification', us, { passport: true })).toBe(false);
    expect(isStepComplete('verification', us, { ssnDoc: true })).toBe(true);
    expect(isStepComplete('verification', valid, { ssnDoc: true, otherId: true })).toBe(false);
    expect(isStepComplete('verification', valid, { passport: true })).toBe(true);
    expect(isStepComplete('verification', { ...valid, nationality: '' }, { passport: true })).toBe(false);
  });
});

describe('orderNumber', () => {
  it('is the first 8 characters of the id, uppercased', () => {
    expect(orderNumber('3f2a9c1b-77d0-4c55-9a53-0c8b2b1e9f10')).toBe('3F2A9C1B');
    expect(orderNumber('abc')).toBe('ABC');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone, phoneProblem, toE164 } from './phones';

describe('toE164', () => {
  it('reads an international number whatever the country, and a national one in its country', () => {
    expect(toE164('+52 55 1234 5678')).toBe('+525512345678');
    expect(toE164('+52 55 1234 5678', 'PE')).toBe('+525512345678');
    expect(toE164('55 1234 5678', 'MX')).toBe('+525512345678');
    expect(toE164('55-1234-5678', 'MX')).toBe('+525512345678');
    expect(toE164('5555 1234', 'GT')).toBe('+50255551234');
    expect(toE164('999 888 777', 'PE')).toBe('+51999888777');
  });

  it('needs the country for a national number', () => {
    expect(toE164('55 1234 5678')).toBeNull();
    expect(toE164('55 1234 5678', '')).toBeNull();
    // a Mexican number is not a Peruvian one
    expect(toE164('55 1234 5678', 'PE')).toBeNull();
  });

  // Mexico dropped these in 2019; WhatsApp still shows "+52 1"
  it('drops the old Mexican mobile "1" and dialling prefixes', () => {
    for (const typed of ['+52 1 55 1234 5678', '+521 55 1234 5678', '+52 (1) 55-1234-5678', '+5215512345678'])
      expect(toE164(typed), typed).toBe('+525512345678');
    // WhatsApp's "521…" without its "+", with or without a country, even another one
    for (const country of [undefined, 'MX', 'PE', 'US']) expect(toE164('521 55 1234 5678', country), country).toBe('+525512345678');
    expect(toE164('5215512345678')).toBe('+525512345678');
    // read in Mexico: 044/045 (mobile), 01 (long distance) and the mobile "1"
    for (const typed of ['044 55 1234 5678', '045 55 1234 5678', '01 55 1234 5678', '1 55 1234 5678', '52 1 55 1234 5678', '0052 1 55 1234 5678'])
      expect(toE164(typed, 'MX'), typed).toBe('+525512345678');
    expect(toE164('+52 1 33 1234 5678')).toBe('+523312345678');
  });

  it('keeps those prefixes to Mexico', () => {
    // a national number read elsewhere keeps its digits
    expect(toE164('044 55 1234 5678', 'PE')).toBeNull();
    expect(toE164('045 55 1234 5678', 'ES')).toBeNull();
    // not 10 digits after the "1"
    expect(toE164('+52 1 55 1234 567')).toBeNull();
    expect(toE164('521 55 1234 567')).toBeNull();
  });

  it('refuses garbage', () => {
    for (const typed of ['', 'abc', '12', '12345', '+52 1', '+52 55 1234', '++52 55 1234 5678', 'call me']) {
      expect(toE164(typed), typed).toBeNull();
      expect(toE164(typed, 'MX'), typed).toBeNull();
    }
  });
});

describe('phoneProblem', () => {
  it('none for a number', () => {
    expect(phoneProblem('+52 1 55 1234 5678')).toBeNull();
    expect(phoneProblem('55 1234 5678', 'MX')).toBeNull();
  });

  it('waits for the country when a number without "+" could be a national one', () => {
    expect(phoneProblem('55 1234 5678')).toBe('needsCountry');
    expect(phoneProblem('(55) 1234-5678')).toBe('needsCountry');
    expect(phoneProblem('55 1234 5678', 'MX')).toBeNull();
    expect(phoneProblem('55 1234 5678', 'ES')).toBe('invalidInCountry');
  });

  it('refuses at once what no country could dial, and an invalid "+" number', () => {
    for (const typed of ['abc', '12', '55 1234 abc', '1'.repeat(16), '+52 55 1234']) expect(phoneProblem(typed), typed).toBe('invalid');
    expect(phoneProblem('+52 55 1234', 'MX')).toBe('invalid');
  });

  it('asks for the country code where libphonenumber has no rules for the country', () => {
    // Antarctica: a real ISO code without a numbering plan
    expect(phoneProblem('55 1234 5678', 'AQ')).toBe('invalid');
  });
});

describe('formatPhone', () => {
  it('shows a stored number in international format, and anything else as stored', () => {
    expect(formatPhone('+525512345678')).toBe('+52 55 1234 5678');
    expect(formatPhone('555-OLD')).toBe('555-OLD');
  });
});

import { describe, expect, it } from 'vitest';
import { countWords, ZLaunchListEntry, ZSupportTicket, ZTicketListQuery } from './support';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
const valid = { name: 'Ana Pérez', email: 'ana@example.com', support_message: 'I need help please' };

/** The first message of each failing field, as the API's field errors show them. */
function fieldErrors(input: unknown): Record<string, string> {
  const result = ZSupportTicket.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['\t\n ', 0],
    ['one', 1],
    ['one two three', 3],
    ['  leading and trailing  ', 3],
    ['tabs\tbetween\twords', 3],
    ['new\nlines\r\nand\n\nblank lines', 5],
    ['many     spaces   between', 3],
    ['mixed \t\n whitespace\u00a0too', 3],
    ['¿Cómo está usted?', 3],
  ])('%j has %i words', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});

describe('ZSupportTicket', () => {
  it('accepts a valid ticket and trims it', () => {
    const parsed = ZSupportTicket.parse({ ...valid, name: '  Ana Pérez ', email: ' ana@example.com ', support_message: '  I need help please \n' });
    expect(parsed).toEqual(valid);
  });

  it.each([
    [3, true],
    [100, true],
    [2, false],
    [101, false],
  ])('a message of %i words passes: %s', (count, passes) => {
    expect(ZSupportTicket.safeParse({ ...valid, support_message: words(count) }).success).toBe(passes);
  });

  it('counts words across tabs, newlines and surrounding space at the limits', () => {
    expect(fieldErrors({ ...valid, support_message: '\n\tone\ttwo\nthree  ' })).toEqual({});
    expect(fieldErrors({ ...valid, support_message: ` ${words(100).replaceAll(' ', '\n')}\t` })).toEqual({});
    expect(fieldErrors({ ...valid, support_message: ` one\t\ntwo ` })).toEqual({ support_message: 'support.messageMinWords' });
  });

  it.each([
    [{ ...valid, name: '' }, { name: 'support.nameRequired' }],
    [{ ...valid, name: '   ' }, { name: 'support.nameRequired' }],
    [{ email: valid.email, support_message: valid.support_message }, { name: 'support.nameRequired' }],
    [{ ...valid, name: 'A' }, { name: 'support.nameLength' }],
    [{ ...valid, name: ' A ' }, { name: 'support.nameLength' }],
    [{ ...valid, name: 'A'.repeat(101) }, { name: 'support.nameTooLong' }],
    [{ ...valid, email: '' }, { email: 'support.emailRequired' }],
    [{ name: valid.name, support_message: valid.support_message }, { email: 'support.emailRequired' }],
    [{ ...valid, email: 'not-an-email' }, { email: 'support.validEmail' }],
    [{ ...valid, email: 'a@b' }, { email: 'support.validEmail' }],
    [{ ...valid, support_message: '' }, { support_message: 'support.messageRequired' }],
    [{ ...valid, support_message: ' \n\t ' }, { support_message: 'support.messageRequired' }],
    [{ name: valid.name, email: valid.email }, { support_message: 'support.messageRequired' }],
    [{ ...valid, support_message: 'two words' }, { support_message: 'support.messageMinWords' }],
    [{ ...valid, support_message: words(101) }, { support_message: 'support.messageMaxWords' }],
    [{ ...valid, support_message: `three long ${'x'.repeat(2000)}` }, { support_message: 'support.messageTooLong' }],
    [{ ...valid, message_origin: 'Partner' }, { message_origin: 'support.invalidOrigin' }],
    [{ ...valid, message_origin: 'affiliate' }, { message_origin: 'support.invalidOrigin' }],
    [{ ...valid, message_origin: null }, { message_origin: 'support.invalidOrigin' }],
  ])('refuses %j with %j', (input, expected) => {
    expect(fieldErrors(input)).toEqual(expected);
  });

  it('accepts message_origin Affiliate or none', () => {
    expect(ZSupportTicket.parse({ ...valid, message_origin: 'Affiliate' }).message_origin).toBe('Affiliate');
    expect(ZSupportTicket.parse(valid).message_origin).toBeUndefined();
  });

  it('reports every invalid field at once', () => {
    expect(fieldErrors({ name: 'A', email: 'x', support_message: 'hi' })).toEqual({
      name: 'support.nameLength',
      email: 'support.validEmail',
      support_message: 'support.messageMinWords',
    });
  });
});

describe('ZLaunchListEntry', () => {
  it('requires a valid email', () => {
    expect(ZLaunchListEntry.safeParse({ email: 'a@example.com' }).success).toBe(true);
    expect(ZLaunchListEntry.safeParse({ email: '' }).error?.issues[0]?.message).toBe('support.emailRequired');
    expect(ZLaunchListEntry.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe('support.validEmail');
  });
});

describe('ZTicketListQuery', () => {
  it('defaults to every origin and status, any reply time, newest first, 20 a page', () => {
    expect(ZTicketListQuery.parse({})).toEqual({ origin: 'all', status: 'all', due: 'all', sort: 'newest', limit: 20 });
  });
  it('refuses an unknown filter, a bad limit and a malformed cursor', () => {
    expect(ZTicketListQuery.safeParse({ origin: 'other' }).success).toBe(false);
    expect(ZTicketListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZTicketListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZTicketListQuery.safeParse({ due: 'late' }).success).toBe(false);
    expect(ZTicketListQuery.safeParse({ sort: 'oldest' }).success).toBe(false);
    expect(ZTicketListQuery.safeParse({ cursor: 'x' }).success).toBe(false);
  });
});

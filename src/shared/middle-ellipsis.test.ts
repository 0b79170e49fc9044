import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitForMiddleEllipsis } from './middle-ellipsis';

describe('splitForMiddleEllipsis', () => {
  it('keeps the extension and the characters before it in the tail', () => {
    expect(splitForMiddleEllipsis('WhatsApp Image 2024-05-12 at 12.34.56 PM.jpeg')).toEqual({
      head: 'WhatsApp Image 2024-05-12 at 12.',
      tail: '34.56 PM.jpeg',
    });
  });

  it('keeps accented names whole in their parts', () => {
    expect(splitForMiddleEllipsis('pasaporte-méxico.png')).toEqual({ head: 'pasaport', tail: 'e-méxico.png' });
  });

  it.each([
    ['a short name', 'ssn.pdf'],
    ['a name barely longer than its tail', 'abcdefghijk.pdf'],
    ['an empty name', ''],
  ])('leaves %s in one piece', (_, name) => {
    expect(splitForMiddleEllipsis(name)).toEqual({ head: name, tail: '' });
  });

  it('treats a dotfile, a trailing dot or a long "extension" as part of the name', () => {
    expect(splitForMiddleEllipsis('.env-production-backup').tail).toBe('n-backup');
    expect(splitForMiddleEllipsis('scan of my passport.').tail).toBe('assport.');
    expect(splitForMiddleEllipsis('notes.final-version-two').tail).toBe('sion-two');
  });

  it('never cuts an emoji in two', () => {
    const { head, tail } = splitForMiddleEllipsis('😀😀😀😀😀😀😀😀😀😀😀😀.png');
    expect(tail).toBe('😀😀😀😀😀😀😀😀.png');
    expect(head).toBe('😀😀😀😀');
  });

  it('always gives back the whole name in its two parts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.nat(20), (name, kept) => {
        const { head, tail } = splitForMiddleEllipsis(name, kept);
        expect(head + tail).toBe(name);
      }),
    );
  });
});

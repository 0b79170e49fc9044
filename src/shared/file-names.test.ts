import { describe, expect, it } from 'vitest';
import { cleanFileName, withTypeExtension } from './file-names';

describe('cleanFileName', () => {
  it('removes the right-to-left override that makes an .exe read as a .pdf', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it.each([
    ['every bidi embedding, override and isolate', 'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j.pdf', 'abcdefghij.pdf'],
    ['the bidi marks', 'a\u200Eb\u200Fc\u061Cd.pdf', 'abcd.pdf'],
    ['C0 controls, DEL and C1 controls', 'a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Bg.pdf', 'abcdefg.pdf'],
    ['line and paragraph separators, tabs and newlines', 'a\u2028b\u2029c\td\ne\r.pdf', 'abcde.pdf'],
    ['quotes (the name goes into a header)', 'my "final" deed.pdf', 'my final deed.pdf'],
    ['the directories of a path', 'C:\\Users\\ana\\deed.pdf', 'deed.pdf'],
    ['a unix path', '../../etc/passwd', 'passwd'],
    ['surrounding spaces', '  deed.pdf  ', 'deed.pdf'],
  ])('removes %s', (_, input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });

  it('keeps accents, other scripts and emoji', () => {
    expect(cleanFileName('Constitución 文件 ✅.pdf')).toBe('Constitución 文件 ✅.pdf');
  });

  it('keeps at most 150 characters without splitting a surrogate pair', () => {
    const cleaned = cleanFileName(`${'😀'.repeat(200)}.pdf`);
    expect(cleaned).toBe('😀'.repeat(150));
  });

  it('is empty when nothing printable is left', () => {
    expect(cleanFileName('\u202E\u0000 ')).toBe('');
  });
});

describe('withTypeExtension', () => {
  it('gives a file the extension of the type its content is, whatever name it came with', () => {
    expect(withTypeExtension('invoice.html', 'pdf')).toBe('invoice.pdf');
    expect(withTypeExtension('WhatsApp Image 2026-11-30 at 10.42.17 AM', 'jpg', ['jpeg'])).toBe('WhatsApp Image 2026-11-30 at 10.42.17 AM.jpg');
    expect(withTypeExtension('scan', 'pdf')).toBe('scan.pdf');
    expect(withTypeExtension('.pdf', 'png')).toBe('.pdf.png');
    expect(withTypeExtension('pasaporte.PDF', 'pdf')).toBe('pasaporte.PDF');
    expect(withTypeExtension('foto.JPEG', 'jpg', ['jpeg'])).toBe('foto.JPEG');
    expect(withTypeExtension('x'.repeat(150) + '.exe', 'pdf')).toHaveLength(150);
  });
});

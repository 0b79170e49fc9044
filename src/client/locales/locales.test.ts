import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);
const languages = ['en', 'es'];

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (Array.isArray(value)) return Object.assign({}, ...value.map((item, i) => flatten(item, `${prefix}[${i}]`)));
  if (typeof value === 'object' && value !== null)
    return Object.assign({}, ...Object.entries(value).map(([key, item]) => flatten(item, prefix ? `${prefix}.${key}` : key)));
  throw new Error(`${prefix}: translations must be strings, found ${typeof value}`);
}

const namespaces = [...new Set(languages.flatMap((language) => fs.readdirSync(path.join(root, language))))].filter((f) => f.endsWith('.json'));

describe('translations', () => {
  it('exist for both languages', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it.each(namespaces)('%s has the same keys in en and es, none empty', (file) => {
    const [en, es] = languages.map((language) => {
      const full = path.join(root, language, file);
      expect(fs.existsSync(full), `${language}/${file} is missing`).toBe(true);
      return flatten(JSON.parse(fs.readFileSync(full, 'utf8')));
    });
    const onlyEn = Object.keys(en!).filter((key) => !(key in es!));
    const onlyEs = Object.keys(es!).filter((key) => !(key in en!));
    expect({ onlyEn, onlyEs }).toEqual({ onlyEn: [], onlyEs: [] });
    const empty = Object.entries({ ...en, ...es }).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
    // interpolation placeholders must match, or one language silently drops a value
    for (const key of Object.keys(en!)) {
      const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      expect(vars(es![key]!), `${file}:${key}`).toEqual(vars(en![key]!));
    }
  });

  // money, decimals and grouped thousands are written by the formats of
  // src/shared/formats.ts, through placeholders ({{price}}, {{commission}}: src/shared/figures.ts)
  it.each(namespaces)('%s quotes no hand-written amount, decimal or grouped number, in either language', (file) => {
    const handWritten = [/\$\s?\d/u, /US\$|USD/u, /\d[.,]\d/u, /\d[ \u00a0\u2009\u202f]\d{3}(?!\d)/u];
    // the dataset's licence is a name, and a phone number an example to copy as it is
    const notFigures = (text: string) =>
      text
        .replace(/{{\s*\w+\s*}}/g, ' ')
        .replaceAll('CC BY 4.0', ' ')
        .replace(/\+\d[\d ]+\d/g, ' ');
    const found = languages.flatMap((language) =>
      Object.entries(flatten(JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8'))))
        // the export's amount column names its unit for a spreadsheet: its cells are plain numbers
        .filter(([key, text]) => !(file === 'admin.json' && key === 'csv.columns.amountPaid' && text.endsWith('(USD)')))
        .filter(([, text]) => handWritten.some((pattern) => pattern.test(notFigures(text))))
        .map(([key, text]) => `${language}/${file}:${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('no component writes an amount by hand: money goes through formatUsd', () => {
    const sources = path.resolve(root, '..');
    const found = fs
      .readdirSync(sources, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(sources, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (/[>'"`\s]\$\d/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  /*
   * English is written in sentence case (docs/glossary.md, Typography): a label in Title Case
   * ("Total Orders") beside one in sentence case reads as two products. The exceptions are the
   * product's named labels, in the case they were given (docs/product.md, "Messages"), and
   * proper names: the states, the card brands, the legal documents' titles, the brand, people and
   * the places they are from (testimonials), the titles of the guides we give away.
   */
  const namesByKey = /\.(name|role)$|\.bonuses\.items\[\d+\]\.title$/;
  const namedLabels = new Set(
    // prettier-ignore
    ['Account Status', 'Active Member', 'Back to Order Form', 'Best Match', 'Company Information', 'Complete Payment', 'Contact Information',
     'Get My Recommendations', 'Get Started Today', 'Get Support', 'How It Works', 'Identity & Partner Details', 'In Process', 'Login Failed',
     'Login Successful', 'Mailing Address', 'Match Score', 'New Order', 'Our Services', 'Payment Successful', 'Pending Payment', 'Privacy Policy',
     'Proceed to Payment', 'Refund Policy', 'Registration Failed', 'Registration Successful', 'Save Partner', 'Sign Up', 'Start New LLC Formation',
     'Start Now', 'State Quiz', 'Submit Another Request', 'Take State Quiz', 'Take the State Quiz', 'Terms & Conditions', 'Try Again'],
  );
  const english = (file: string) => flatten(JSON.parse(fs.readFileSync(path.join(root, 'en', file), 'utf8')));
  const properNames = new Set(
    [
      ...Object.values(english('geo.json')),
      ...Object.values(english('receipt.json')).filter((text) => !text.includes(' ') || /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(text)),
      'Operating Agreement Articles Organization Frontera English Spanish',
    ].flatMap((text) => text.split(/\s+/)),
  );
  const minorWords = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'by', 'with', 'at', 'from', 'your', 'is', 'as', 'per', 'vs']);
  const isTitleCase = (text: string) => {
    const words = text.match(/[A-Za-z][A-Za-z']*/g) ?? [];
    // acronyms (LLC, EIN) and names with inner capitals (PGlite) say nothing about the case style
    const telling = words.slice(1).filter((word) => !minorWords.has(word) && !/[A-Z]/.test(word.slice(1)));
    return words.length >= 2 && telling.length > 0 && telling.every((word) => /^[A-Z]/.test(word)) && !telling.every((word) => properNames.has(word));
  };

  it('English labels are in sentence case, but for the named labels and proper names', () => {
    const titleCase = namespaces.flatMap((file) =>
      Object.entries(english(file))
        .filter(([key, text]) => !namesByKey.test(key) && !text.includes('{{') && text.split(/\s+/).length <= 8 && !namedLabels.has(text) && isTitleCase(text))
        .map(([key, text]) => `en/${file}:${key}: ${text}`),
    );
    expect(titleCase).toEqual([]);
    expect(isTitleCase('Total Orders')).toBe(true);
    expect(isTitleCase('Total orders')).toBe(false);
    expect(isTitleCase('Sign the Operating Agreement')).toBe(false);
  });

  it("every named label exempted from sentence case is still one of the catalogues' texts", () => {
    const texts = new Set(namespaces.flatMap((file) => Object.values(english(file))));
    expect([...namedLabels].filter((label) => !texts.has(label))).toEqual([]);
  });
});

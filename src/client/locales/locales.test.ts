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
});

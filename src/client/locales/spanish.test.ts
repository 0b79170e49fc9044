import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossary, spanishStyleProblems } from '@shared/glossary';

/*
 * The Spanish house style (docs/glossary.md): usted, Latin American terms, figures in Spanish form,
 * for every Spanish string of the app (the server's: src/server/spanish-copy.test.ts).
 */
const root = path.join(path.dirname(new URL(import.meta.url).pathname), 'es');

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, `${prefix}[${i}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => flatten(item, prefix ? `${prefix}.${key}` : key));
}

const problemsOf = (strings: [string, string][]) =>
  strings.flatMap(([where, text]) => spanishStyleProblems(text).map((problem) => `${where}: ${problem} in "${text}"`));

describe('Spanish locale copy uses usted, the glossary and Spanish figures', () => {
  const files = fs.readdirSync(root).filter((file) => file.endsWith('.json'));

  it.each(files)('es/%s', (file) => {
    const strings = flatten(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(strings.length).toBeGreaterThan(0);
    expect(problemsOf(strings)).toEqual([]);
  });
});

describe('docs/glossary.md', () => {
  const doc = fs.readFileSync(path.resolve('docs/glossary.md'), 'utf8');
  it.each(glossary)('lists $en with its Spanish term and the terms to avoid', (entry) => {
    const row = doc.split('\n').find((line) => line.startsWith(`| ${entry.en} |`));
    expect(row, `no row for "${entry.en}"`).toBeDefined();
    expect(row).toContain(entry.es);
    for (const term of entry.avoid) expect(row).toContain(term);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyVariables } from '../src/shared/figures';

/*
 * Writes src/shared/i18n/texts.generated.ts: every key of every English namespace
 * (src/client/locales/en/*.json, whichever exist) with the values its text needs, as types only,
 * so that `t('bogus')` or a missing `{{placeholder}}` fails the type checker. The
 * translator's rules decide the shapes: `key_one`/`key_other` … are the key `key` with a `count`,
 * `key_<context>` beside `key` adds that `context`, an array or object is read with
 * `returnObjects`. A placeholder the translator fills itself (the figures, src/shared/figures.ts)
 * may be given but need not be.
 *
 * `npm run typecheck` runs this first; scripts/locale-types.test.ts fails when the checked-in file
 * is out of date.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const localesDir = path.join(root, 'src/client/locales/en');
export const outputFile = path.join(root, 'src/shared/i18n/texts.generated.ts');

const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'];
const placeholderPattern = /{{\s*(\w+)\s*}}/g;

interface Entry {
  /** placeholder names */
  values: Set<string>;
  plural: boolean;
  contexts: Set<string>;
}

function placeholdersIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(placeholderPattern)) into.add(match[1]!);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) placeholdersIn(item, into);
  return into;
}

/** The keys of one namespace's texts: string keys and the keys of arrays and objects (read with returnObjects). */
function keysOf(texts: Record<string, unknown>) {
  const strings = new Map<string, Entry>();
  const objects = new Map<string, Set<string>>();
  const entry = (key: string) => {
    let found = strings.get(key);
    if (!found) strings.set(key, (found = { values: new Set(), plural: false, contexts: new Set() }));
    return found;
  };

  function walk(node: Record<string, unknown>, prefix: string) {
    const names = Object.keys(node);
    const isString = (name: string) => typeof node[name] === 'string';
    // the base names this object's strings have (without a plural suffix)
    const bases = new Set(names.filter(isString).map((name) => pluralBase(name) ?? name));
    for (const name of names) {
      const value = node[name];
      const key = prefix + name;
      if (typeof value === 'string') {
        const base = pluralBase(name);
        const target = entry(prefix + (base ?? name));
        if (base !== undefined) target.plural = true;
        placeholdersIn(value, target.values);
        // key_<context>: `key` read with that context, when the object has `key` too
        const withoutPlural = base ?? name;
        const separator = withoutPlural.lastIndexOf('_');
        const contextBase = withoutPlural.slice(0, separator);
        if (separator > 0 && bases.has(contextBase)) {
          const contextEntry = entry(prefix + contextBase);
          contextEntry.contexts.add(withoutPlural.slice(separator + 1));
          placeholdersIn(value, contextEntry.values);
          if (base !== undefined) contextEntry.plural = true;
        }
      } else if (typeof value === 'object' && value !== null) {
        objects.set(key, placeholdersIn(value, new Set()));
        if (!Array.isArray(value)) walk(value as Record<string, unknown>, `${key}.`);
      }
    }
  }
  walk(texts, '');
  return { strings, objects };
}

function pluralBase(name: string): string | undefined {
  const separator = name.lastIndexOf('_');
  return separator > 0 && pluralCategories.includes(name.slice(separator + 1)) ? name.slice(0, separator) : undefined;
}

const optional = new Set(Object.keys(copyVariables('en')));

function paramsType(values: Set<string>, plural = false, contexts: ReadonlySet<string> = new Set()): string {
  const fields: string[] = [];
  if (plural) fields.push('count: number');
  for (const name of [...values].sort()) {
    if (plural && name === 'count') continue;
    fields.push(`${name}${optional.has(name) ? '?' : ''}: TextValue`);
  }
  if (contexts.size > 0)
    fields.push(
      `context?: ${[...contexts]
        .sort()
        .map((context) => `'${context}'`)
        .join(' | ')}`,
    );
  return fields.length === 0 ? 'None' : `{ ${fields.join('; ')} }`;
}

const quote = (key: string) => `'${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The file's text for the English catalogues in `dir`. */
export function generateLocaleTypes(dir = localesDir): string {
  const namespaces = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  const strings: string[] = [];
  const objects: string[] = [];
  for (const namespace of namespaces) {
    const texts = JSON.parse(fs.readFileSync(path.join(dir, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    const keys = keysOf(texts);
    strings.push(`  ${quote(namespace)}: {`);
    for (const [key, { values, plural, contexts }] of keys.strings) strings.push(`    ${quote(key)}: ${paramsType(values, plural, contexts)};`);
    strings.push('  };');
    if (keys.objects.size === 0) objects.push(`  ${quote(namespace)}: None;`);
    else {
      objects.push(`  ${quote(namespace)}: {`);
      for (const [key, values] of keys.objects) objects.push(`    ${quote(key)}: ${paramsType(values)};`);
      objects.push('  };');
    }
  }
  return [
    '// Generated by scripts/locale-types.ts from src/client/locales/en/*.json: do not edit; `npm run locales:types` writes it again.',
    '',
    '/** A value for a `{{placeholder}}`. */',
    'export type TextValue = string | number;',
    '/** A text that needs no values. */',
    'export type None = Record<never, never>;',
    '',
    '/** Namespace → key → the values its text needs (plurals under their base key, with `count`). */',
    'export interface EnglishTexts {',
    ...strings,
    '}',
    '',
    '/** Namespace → key of an array or object (read with `returnObjects: true`) → the values its strings need. */',
    'export interface EnglishObjects {',
    ...objects,
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = generateLocaleTypes();
  const current = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8') : '';
  if (current !== text) fs.writeFileSync(outputFile, text);
}

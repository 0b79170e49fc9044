import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Typed texts (keys.ts), proven on probe files: the type checker, with the project's own
 * tsconfig, reads each probe as if it stood in src/client/features, and the probe that breaks a
 * rule must fail where the rule says while the one that keeps it passes. The probes exist only in
 * memory (nothing is written to the working tree).
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const probeDir = path.join(root, 'src/client/features/zz-typed-texts-probe');

/** every probe, by name: its source and the diagnostics the checker gave it */
const probes: Record<string, string> = {};
let diagnostics: Record<string, ts.Diagnostic[]> = {};

const imports = "import { i18n, translateUncheckedKey, useTranslation } from '@client/lib/i18n';\n";
function probe(name: string, body: string, more = '') {
  probes[name] = `${imports}${more}export function Probe() {\n${body}\n  return null;\n}\n`;
  return name;
}

function check() {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const files = new Map(Object.entries(probes).map(([name, text]) => [path.join(probeDir, `${name}.tsx`), text]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (file) => files.has(path.resolve(file)) || ts.sys.fileExists(file);
  host.readFile = (file) => files.get(path.resolve(file)) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = files.get(path.resolve(file));
    return text === undefined ? getSourceFile(file, language, ...rest) : ts.createSourceFile(file, text, language, true);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  diagnostics = Object.fromEntries(
    [...files.keys()].map((file) => [
      path.basename(file, '.tsx'),
      [...program.getSyntacticDiagnostics(program.getSourceFile(file)), ...program.getSemanticDiagnostics(program.getSourceFile(file))],
    ]),
  );
}

/** the messages of a probe's errors, each with the text it points at */
function errorsOf(name: string): string[] {
  return (diagnostics[name] ?? []).map((diagnostic) => {
    const at =
      diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.text.slice(diagnostic.start, diagnostic.start + (diagnostic.length ?? 0)) : '';
    return `${at} → ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

// the cases, written before the checker runs once over all of them
const bogusKey = probe('bogus-key', "  const { t } = useTranslation('admin');\n  t('nav.noSuchKey');");
const bogusPrefixed = probe('bogus-prefixed-key', "  const { t } = useTranslation();\n  t('seo:noSuchKey');");
const bogusNamespace = probe('bogus-namespace', "  useTranslation('noSuchNamespace');");
const missingValue = probe('missing-placeholder', "  const { t } = useTranslation();\n  t('greeting');");
const emptyValues = probe('placeholder-not-given', "  const { t } = useTranslation();\n  t('greeting', { nmae: 'Ana' });");
const missingCount = probe('plural-without-count', "  const { t } = useTranslation('admin');\n  t('list.total', { formatted: '3' });");
const objectAsText = probe('array-read-as-text', "  const { t } = useTranslation('landing');\n  t('fiveSteps');");
const secondNamespace = probe('second-namespace-without-fallback', "  const { t } = useTranslation(['admin', 'geo']);\n  t('states.WY');");
const runtimeString = probe('key-built-from-a-string', "  const { t } = useTranslation();\n  const status: string = 'paid';\n  t(`status.${status}`);");
const fixedT = probe('fixed-t-missing-placeholder', "  const t = i18n.getFixedT('en', 'common');\n  t('greeting');");
// the server's emails and documents read the same catalogues with the same types (ADR 0025)
const serverImport = "import { serverTexts } from '@server/platform/i18n/texts';\n";
const serverBogusKey = probe('server-bogus-key', "  serverTexts('es', 'mail')('welcome.subjekt');", serverImport);
const serverMissingValue = probe('server-missing-placeholder', "  serverTexts('en', 'receipt')('company');", serverImport);
const serverCorrect = probe(
  'server-correct-calls',
  "  void [serverTexts('es', 'receipt')('company', { companyName: 'Sol LLC' }), serverTexts('en', ['admin'])('common:status.paid')];",
  serverImport,
);
const correct = probe(
  'correct-calls',
  [
    "  const { t } = useTranslation('admin');",
    "  const greeting: string = t('common:greeting', { name: 'Ana' });",
    "  const total: string = t('list.total', { count: 3, formatted: '3' });",
    "  const status = 'paid' as 'paid' | 'completed';",
    '  const label: string = t(`common:status.${status}`);',
    "  const { t: both } = useTranslation(['admin', 'geo'], { nsMode: 'fallback' });",
    "  const state: string = both('states.WY');",
    "  const steps: unknown = useTranslation('landing').t('fiveSteps', { returnObjects: true });",
    "  const brand: string = i18n.t('brand') + i18n.getFixedT('es', 'seo')('imageAlt');",
    "  const fromData: string = translateUncheckedKey(t, 'errors.' + String(Math.random()));",
    '  void [greeting, total, label, state, steps, brand, fromData];',
  ].join('\n'),
);

describe('typed texts', () => {
  beforeAll(() => check(), 120_000);

  it('refuses a key the namespaces of the call do not have, at the key', () => {
    expect(errorsOf(bogusKey)).toEqual([expect.stringMatching(/^'nav\.noSuchKey' → Argument of type '"nav\.noSuchKey"' is not assignable/)]);
    expect(errorsOf(bogusPrefixed)).toEqual([expect.stringMatching(/^'seo:noSuchKey' → .*not assignable/)]);
    expect(errorsOf(bogusNamespace)).toEqual([expect.stringMatching(/noSuchNamespace/)]);
    // without nsMode 'fallback' a t reads its first namespace (and common) only, as at run time
    expect(errorsOf(secondNamespace)).toEqual([expect.stringMatching(/^'states\.WY' → .*not assignable/)]);
  });

  it('refuses a text without the value of one of its {{placeholders}}', () => {
    expect(errorsOf(missingValue)).toEqual([expect.stringMatching(/^t → Expected 2 arguments, but got 1/)]);
    expect(errorsOf(emptyValues).join('\n')).toMatch(/nmae/);
    expect(errorsOf(fixedT)).toEqual([expect.stringMatching(/Expected 2 arguments, but got 1/)]);
  });

  it('asks a plural for its count, an array for returnObjects', () => {
    expect(errorsOf(missingCount).join('\n')).toMatch(/'count' is missing/);
    expect(errorsOf(objectAsText)).toEqual([expect.stringMatching(/Expected 2 arguments, but got 1/)]);
  });

  it('refuses a key built from a plain string: a union of literals or the escape hatch', () => {
    expect(errorsOf(runtimeString)).toEqual([expect.stringMatching(/Argument of type '`status\.\$\{string\}`' is not assignable/)]);
  });

  it('passes the calls that keep the rules', () => {
    expect(errorsOf(correct)).toEqual([]);
  });

  it("holds for the server's texts as well", () => {
    expect(errorsOf(serverBogusKey)).toEqual([expect.stringMatching(/^'welcome\.subjekt' → .*not assignable/)]);
    expect(errorsOf(serverMissingValue)).toEqual([expect.stringMatching(/Expected 2 arguments, but got 1/)]);
    expect(errorsOf(serverCorrect)).toEqual([]);
  });

  it('knows every English namespace, server texts included', () => {
    const generated = fs.readFileSync(path.join(root, 'src/shared/i18n/texts.generated.ts'), 'utf8');
    for (const file of fs.readdirSync(path.join(root, 'src/client/locales/en')).filter((name) => name.endsWith('.json'))) {
      expect(generated, file).toContain(`  '${file.slice(0, -'.json'.length)}': {`);
    }
  });
});

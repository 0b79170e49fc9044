import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * What the server writes for people (emails, the receipt, the CSV, the calendar feed, the
 * test checkout) is read from the catalogues in src/client/locales, like the pages' texts. A server
 * source file that holds its own translation — Spanish text, a record of texts per language, or a
 * text chosen by `language === 'es'` — is a second translation system kept in step by hand.
 */

const serverRoot = path.resolve('src/server');
/** search data, not copy: the demonyms the administrators' search matches, in both languages */
const searchData = new Set(['domain/search/demonyms.ts']);

/** Spanish letters, or two words of which one is a Spanish word English does not use */
const spanish = (text: string) =>
  /[áéíóúñ¿¡]/i.test(text) || (/\s/.test(text.trim()) && /\b(su|sus|del|para|pedido|pago|usted|por|con|una|los|las|el|la|está|hola)\b/i.test(text));
const isLanguageTest = (node: ts.Expression) => /===\s*['"]es['"]|['"]es['"]\s*===/.test(node.getText());
/** a literal with a word in it: not a language or locale code ('es', 'es-419') */
const isText = (node: ts.Node): boolean =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
  /[a-z]{3,}/i.test(ts.isTemplateExpression(node) ? node.getText().replace(/\$\{[^}]*\}/g, '') : node.text);
const holdsText = (node: ts.Node): boolean =>
  isText(node) ||
  (ts.isArrayLiteralExpression(node) && node.elements.some(holdsText)) ||
  (ts.isObjectLiteralExpression(node) && node.properties.some((property) => ts.isPropertyAssignment(property) && holdsText(property.initializer)));

/** Every place in `code` where a user-facing text is written by hand, as "line: why". */
export function handWrittenTexts(code: string, fileName = 'probe.ts'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, why: string) => found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${why}`);
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      spanish(node.text)
    ) {
      report(node, `Spanish text "${node.text.slice(0, 60)}"`);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const texts = new Set(
        node.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && holdsText(property.initializer)
            ? [property.name.text]
            : [],
        ),
      );
      if (texts.has('en') && texts.has('es')) report(node, 'a record of texts per language');
    }
    if (ts.isConditionalExpression(node) && isLanguageTest(node.condition) && (isText(node.whenTrue) || isText(node.whenFalse))) {
      report(node, 'a text chosen by language');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const serverSources = () =>
  fs
    .readdirSync(serverRoot, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`) && !searchData.has(file.split(path.sep).join('/')),
    );

describe('the server writes no text of its own', () => {
  it('finds each kind of hand-written text in a probe, and passes catalogue lookups', () => {
    expect(handWrittenTexts("export const subject = 'Pago recibido para su pedido';")).toEqual(['1: Spanish text "Pago recibido para su pedido"']);
    expect(handWrittenTexts('const title = `Pedido n.º ${orderNumber}`;')).toEqual(['1: Spanish text "Pedido n.º "']);
    expect(handWrittenTexts("const names = { en: 'Paid', es: 'Pagado' };")).toEqual(['1: a record of texts per language']);
    expect(handWrittenTexts("const copy = { en: { title: 'Receipt' }, es: { title: 'Recibo' } };")).toEqual(['1: a record of texts per language']);
    expect(handWrittenTexts("const word = (language: string) => (language === 'es' ? 'cumplimiento' : 'compliance');")).toEqual([
      '1: a text chosen by language',
    ]);
    expect(handWrittenTexts('const line = (language: string, amount: string) => (language === "es" ? `Monto: ${amount}` : `Amount: ${amount}`);')).toEqual([
      '1: a text chosen by language',
    ]);
    // lookups, log lines, language codes and records of catalogues are not texts
    const notTexts = [
      "const summary = t('feed.summary', { title, companyName });",
      "log.warn({ err }, 'mail failed, will retry');",
      "const language = row.language === 'es' ? 'es' : 'en';",
      "const locale = request.language === 'es' ? 'es-419' : 'en';",
      'const resources = { en: { mail: enMail }, es: { mail: esMail } };',
    ];
    expect(handWrittenTexts(notTexts.join('\n'))).toEqual([]);
  });

  it('holds for every source file of src/server', () => {
    const files = serverSources();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => handWrittenTexts(fs.readFileSync(path.join(serverRoot, file), 'utf8'), file).map((where) => `${file}:${where}`));
    expect(found).toEqual([]);
  });
});

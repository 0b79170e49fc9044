import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateApiContract, outputFile } from './api-contract';

const root = path.resolve(import.meta.dirname, '..');

describe('the client typed from the server’s routes', () => {
  it('the checked-in contract is the one the routes declare today (else run `npm run api:contract`)', async () => {
    const generated = await generateApiContract();
    expect(fs.readFileSync(outputFile, 'utf8') === generated, 'src/client/lib/api/contract.generated.ts is out of date: npm run api:contract').toBe(true);
    // a route the client calls is typed, not left out for a schema local to its routes file
    expect(generated).toContain("'GET /api/orders/:id/documents': {");
    expect(generated).toContain("'POST /api/orders/:id/messages': {");
  }, 60_000);

  /**
   * The type check of one client module, with `src/shared/orders.ts` read as `edit` leaves it: what
   * `npm run typecheck` would say of that module after the edit.
   */
  function clientErrors(edit: (source: string) => string): string[] {
    const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
    const shared = path.join(root, 'src/shared/orders.ts');
    const client = path.join(root, 'src/client/lib/api/orders.ts');
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => {
      const text = readFile(file);
      return path.resolve(file) === shared && text !== undefined ? edit(text) : text;
    };
    const program = ts.createProgram({ rootNames: [client], options: { ...options, noEmit: true }, host });
    return ts.getPreEmitDiagnostics(program, program.getSourceFile(client)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }

  it('a field renamed in a response schema fails the client’s type check, where a cast would not', () => {
    const field = 'export const ZOrderDocumentList = z.object({ documents: z.array(ZOrderDocument) });';
    expect(clientErrors((source) => source)).toEqual([]);
    const errors = clientErrors((source) => {
      expect(source).toContain(field);
      return source.replace(field, 'export const ZOrderDocumentList = z.object({ items: z.array(ZOrderDocument) });');
    });
    expect(errors.join('\n')).toMatch(/Property 'documents' does not exist/);
  }, 120_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteOptions } from 'fastify';
import { factoryOf } from '../src/shared/schema-factories';

/*
 * Writes src/client/lib/api/contract.generated.ts: every /api route the server declares, with the
 * types of its path parameters, query, body and success answer, taken from the very zod schemas the
 * route validates with. The server is built as it runs (embedded database, test settings) and each
 * route is seen as it is declared (AppDeps.onRoute); a schema is named by the `src/shared` export it
 * is, so a route whose schema lives only in its routes file cannot be typed and stops the script
 * (move the schema to `src/shared`). The file holds types only: the client's pages download no zod.
 *
 * scripts/api-contract.test.ts fails when the checked-in file is out of date (`npm run api:contract`).
 * The typed client over it is src/client/lib/api/request.ts (docs/architecture.md).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outputFile = path.join(root, 'src/client/lib/api/contract.generated.ts');
const sharedDir = path.join(root, 'src/shared');

interface SchemaName {
  module: string;
  name: string;
}

/** Every zod schema `src/shared` exports, by identity. */
async function sharedSchemas(): Promise<Map<unknown, SchemaName>> {
  const names = new Map<unknown, SchemaName>();
  const files = fs
    .readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$|\.generated\.ts$|^testing\//.test(file))
    .sort();
  for (const file of files) {
    const exports = (await import(pathToFileURL(path.join(sharedDir, file)).href)) as Record<string, unknown>;
    const module = `@shared/${file.replace(/\.ts$/, '').replace(/\/index$/, '')}`;
    for (const [name, value] of Object.entries(exports)) {
      // the first home wins: an index that re-exports keeps the name of the module it re-exports
      // a factory of schemas is named too: what it builds is typed by its return type (src/shared/schema-factories.ts)
      if ((isZod(value) || typeof value === 'function') && !names.has(value)) names.set(value, { module, name });
    }
  }
  return names;
}

function isZod(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The routes under /api as the server declares them, one per method and URL. */
export async function declaredRoutes(): Promise<RouteOptions[]> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openPglite } = await import('../src/server/db/client');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-contract-'));
  const routes: RouteOptions[] = [];
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' });
  // in memory and migrated: the routes are what is wanted, not the data
  const database = await openPglite(undefined);
  await database.migrate();
  const app = await buildApp(config, { database, onRoute: (route) => routes.push(route) });
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const seen = new Set<string>();
  return routes
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ ...route, method })))
    .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !/\*/.test(route.url))
    .filter((route) => {
      const key = `${String(route.method)} ${route.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.url.localeCompare(b.url) || String(a.method).localeCompare(String(b.method)));
}

interface Schemas {
  body?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
}

/**
 * The shared export a route's schema is: itself, the factory that built it, or, for a body the route
 * defaults first (`z.preprocess(… ?? {}, Z)`), the schema it defaults into, as sent by a client.
 */
function nameOf(schema: unknown, names: Map<unknown, SchemaName>): (SchemaName & { built: boolean }) | undefined {
  const found = names.get(schema);
  if (found) return { ...found, built: false };
  if (!isZod(schema)) return undefined;
  const factory = names.get(factoryOf(schema as object));
  if (factory) return { ...factory, built: true };
  const def = (schema as { _zod: { def: { type: string; in?: { _zod: { def: { type: string } } }; out?: unknown } } })._zod.def;
  if (def.type === 'pipe' && def.in?._zod.def.type === 'transform') return nameOf(def.out, names);
  return undefined;
}

/** `@shared/filing/facts` → `FilingFacts`: a name that stays when routes are added */
const aliasOf = (module: string): string =>
  module
    .replace('@shared/', '')
    .split(/[/-]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** A success answer with no JSON: an empty body, or a file the browser opens by its address. */
function answerWithoutJson(answer: unknown): string | undefined {
  if (isZod(answer) && (answer as { _zod: { def: { type: string } } })._zod.def.type === 'undefined') return 'void';
  if (typeof answer === 'object' && answer !== null && 'content' in answer) {
    const content = (answer as { content: Record<string, { schema: unknown }> }).content;
    if (!content['application/json']) return 'Blob';
  }
  return undefined;
}

function jsonSchemaOf(answer: unknown): unknown {
  if (typeof answer === 'object' && answer !== null && 'content' in answer) {
    return (answer as { content: Record<string, { schema: unknown }> }).content['application/json']?.schema;
  }
  return answer;
}

export async function generateApiContract(): Promise<string> {
  const [routes, names] = await Promise.all([declaredRoutes(), sharedSchemas()]);
  const modules = new Map<string, string>();
  const untyped: string[] = [];
  const entries: string[] = [];
  for (const route of routes) {
    const key = `${String(route.method)} ${route.url}`;
    const schema = (route.schema ?? {}) as Schemas;
    const missing: string[] = [];
    const typeOf = (value: unknown, part: string, mode: 'input' | 'output'): string => {
      const named = nameOf(value, names);
      if (!named) {
        missing.push(part);
        return 'never';
      }
      if (!modules.has(named.module)) modules.set(named.module, aliasOf(named.module));
      const alias = `${modules.get(named.module)}.${named.name}`;
      return `z.${mode}<${named.built ? `ReturnType<typeof ${alias}>` : `typeof ${alias}`}>`;
    };
    const success = Object.entries(schema.response ?? {}).find(([status]) => /^2\d\d$/.test(status));
    const response = !success ? 'unknown' : (answerWithoutJson(success[1]) ?? typeOf(jsonSchemaOf(success[1]), `response ${success[0]}`, 'output'));
    const lines = [`  '${key}': {`];
    if (schema.querystring) lines.push(`    query: ${typeOf(schema.querystring, 'querystring', 'input')};`);
    if (schema.body) lines.push(`    body: ${typeOf(schema.body, 'body', 'input')};`);
    lines.push(`    response: ${response};`, '  };');
    if (missing.length > 0) untyped.push(`${key} (${missing.join(', ')})`);
    else entries.push(lines.join('\n'));
  }
  const imports = [...modules].sort(([a], [b]) => a.localeCompare(b)).map(([module, alias]) => `import type * as ${alias} from '${module}';`);
  return [
    '// Generated by scripts/api-contract.ts from the routes the server declares: do not edit (npm run api:contract).',
    "import type { z } from 'zod';",
    ...imports,
    '',
    '/** Each /api route by "METHOD /path": its query and JSON body as sent, its success answer as received (Blob: a file). */',
    'export interface ApiContract {',
    ...entries,
    '}',
    '',
    '// Not callable through the typed client: a schema of theirs is local to its routes file (move it to src/shared to call it).',
    ...untyped.map((route) => `//   ${route}`),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await generateApiContract();
  fs.writeFileSync(outputFile, text);
  console.log(`wrote ${path.relative(root, outputFile)}`);
  process.exit(0);
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientPaths } from '@shared/routes';

/*
 * docs/product.md maps the product to its files. This keeps it honest: a file it names must exist,
 * and a page, endpoint, table or email added to the code must be added to its tables.
 */
const read = (file: string) => fs.readFileSync(file, 'utf8');
const doc = read('docs/product.md');

const pathPrefixes = ['src/', 'drizzle/', 'scripts/', 'e2e/', 'docs/'];

/** Repo-relative paths written in backticks. */
function mentionedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...new Set(spans.filter((span) => pathPrefixes.some((prefix) => span.startsWith(prefix))))];
}

/** The rows of the first table under a heading, keyed by the backticked text of their first cell. */
function tableRows(markdown: string, heading: string): Map<string, string> {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/product.md has no heading "${heading}"`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,3} /);
  const rows = new Map<string, string>();
  for (const line of (end < 0 ? rest : rest.slice(0, end)).split('\n')) {
    const key = /^\|\s*`([^`]+)`/.exec(line)?.[1];
    if (key) rows.set(key, line);
  }
  return rows;
}

/** Page name -> route file, from the lazy imports of router.tsx, and its literal `path="..."` routes. */
function routerDeclarations() {
  const router = read('src/client/app/router.tsx');
  const pages = [...router.matchAll(/(\w+):\s*lazy\(\(\)\s*=>\s*import\('\.\.\/routes\/([\w-]+)'\)\)/g)].map(([, name, file]) => {
    const routePath = (clientPaths as Record<string, string>)[name!];
    return { name: name!, path: routePath, file: `src/client/routes/${file}.tsx` };
  });
  const literalPaths = [...router.matchAll(/\bpath="([^"]+)"/g)].map((match) => match[1]!);
  return { pages, literalPaths };
}

function serverSources(dir = 'src/server'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** "GET /api/..." for every route registered with a literal path (or a constant holding one). */
function declaredEndpoints(): string[] {
  return serverSources().flatMap((file) => {
    const source = read(file);
    const constants = new Map([...source.matchAll(/const (\w+) = '(\/api\/[^']*)'/g)].map(([, name, value]) => [name!, value!]));
    return [...source.matchAll(/\.(get|post|put|patch|delete)\(\s*(?:'(\/api\/[^']*)'|(\w+)\s*,)/g)].flatMap(([, method, literal, constant]) => {
      const url = literal ?? (constant ? constants.get(constant) : undefined);
      return url ? [`${method!.toUpperCase()} ${url}`] : [];
    });
  });
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const paths = mentionedPaths(read('docs/architecture.md'));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((file) => !fs.existsSync(file.replace(/<x>.*$/, '')))).toEqual([]);
  });
});

describe('docs/product.md', () => {
  it('names only files and folders that exist', () => {
    const paths = mentionedPaths(doc);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((file) => !fs.existsSync(file))).toEqual([]);
  });

  it('lists every client route of router.tsx with its page file, and no route the router lacks', () => {
    const { pages, literalPaths } = routerDeclarations();
    expect(pages.length).toBeGreaterThan(20);
    const rows = tableRows(doc, '### Client routes');
    for (const page of pages) {
      expect(page.path, `router page ${page.name} has no path in src/shared/routes.ts`).toBeDefined();
      const row = rows.get(page.path!);
      expect(row, `route ${page.path} is missing from the routes table`).toBeDefined();
      expect(row, `the row of ${page.path} should name ${page.file}`).toContain(`\`${page.file}\``);
    }
    for (const literal of literalPaths) expect(rows.has(literal), `route ${literal} is missing from the routes table`).toBe(true);
    const declared = new Set([...pages.map((page) => page.path), ...literalPaths]);
    expect([...rows.keys()].filter((routePath) => !declared.has(routePath))).toEqual([]);
  });

  it('lists every API endpoint the server registers', () => {
    const endpoints = declaredEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    const rows = tableRows(doc, '### API endpoints');
    expect(endpoints.filter((endpoint) => !rows.has(endpoint))).toEqual([]);
  });

  it('lists every table of the schema, and no other', () => {
    const tables = [...read('src/server/db/schema.ts').matchAll(/pgTable\(\s*'(\w+)'/g)].map((match) => match[1]!);
    expect(tables.length).toBeGreaterThan(10);
    expect([...tableRows(doc, '### Database tables').keys()].sort()).toEqual([...tables].sort());
  });

  it('lists every email template, and no other', () => {
    const block = /export interface MailTemplates \{([\s\S]*?)\n\}/.exec(read('src/server/platform/mail/templates.ts'))?.[1] ?? '';
    const templates = [...block.matchAll(/^\s+(\w+): \{/gm)].map((match) => match[1]!);
    expect(templates.length).toBeGreaterThan(4);
    expect([...tableRows(doc, '### Emails').keys()].sort()).toEqual([...templates].sort());
  });
});

describe('docs/decisions/README.md', () => {
  const dir = 'docs/decisions';
  const index = read(path.join(dir, 'README.md'));
  const records = fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .map((file) => {
      const [heading = '', ...lines] = read(path.join(dir, file)).split('\n');
      return { file, number: file.slice(0, 4), title: heading.replace(/^# \d{4} — /, ''), status: lines.find((line) => line.startsWith('Status: ')) ?? '' };
    });
  const rowOf = (number: string) => index.split('\n').find((line) => line.startsWith(`| [${number}](`));

  it('lists every record with its title and a link that resolves', () => {
    expect(records.length).toBeGreaterThan(20);
    for (const { file, number, title } of records) {
      const row = rowOf(number);
      expect(row, `${file} is missing from the index`).toBeDefined();
      expect(row).toContain(`[${number}](${file})`);
      expect(row).toContain(`| ${title} |`);
    }
    // the index's rows (the prose quotes a made-up example in backticks)
    const rows = index.split('\n').filter((line) => line.startsWith('| ['));
    const links = rows.flatMap((line) => [...line.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!));
    expect(links.filter((file) => !fs.existsSync(path.join(dir, file)))).toEqual([]);
  });

  it("shows each record's amends, extends and supersedes on the row of the record it names; a superseded record names its successor", () => {
    const words = { amends: 'amended by', extends: 'extended by', supersedes: 'superseded by' } as const;
    for (const { number, status } of records) {
      for (const [, verb, rest] of status.matchAll(/\b(amends|extends|supersedes)\b([^;)]*)/g)) {
        for (const [earlier] of rest!.matchAll(/\d{4}/g)) {
          expect(rowOf(earlier), `${number} ${verb} ${earlier}`).toContain(`${words[verb as keyof typeof words]} [${number}]`);
          if (verb === 'supersedes')
            expect(records.find((record) => record.number === earlier)?.status).toMatch(new RegExp(`^Status: Superseded by \\[${number}\\]`));
        }
      }
    }
  });
});

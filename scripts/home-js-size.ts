/**
 * Prints the JavaScript the home page loads on first visit (entry + static imports + the English
 * `common` texts + the home route chunk and its static imports), raw and gzip, from Vite's manifest. Fails over the budget.
 * Usage: npm run size [-- --budget 100]   (npm test runs it: the home page's first load is held to 100 KB gzip)
 *
 * Also fails when a prerendered page's route loads zod before it is interactive: zod builds every
 * schema of a module as the module is evaluated, blocking time a phone pays before it answers a
 * tap (forms load theirs on first focus, client/lib/lazy-resolver.ts). Found by zod's own class
 * name, which minifying keeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { prerenderedPaths, routeModuleOf } from '../src/shared/routes';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(process.env.DIST_DIR ?? 'dist', 'client');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('dist/client/.vite/manifest.json not found: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 100;

function collect(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files);
  return files;
}
const files = new Set<string>();
collect('index.html', files);
// the shared texts of the visitor's language load before the first render (preloaded with the page)
collect('locales/en/common.json', files);
const routeKey = Object.keys(manifest).find((key) => key.endsWith('routes/home.tsx'));
if (routeKey) collect(routeKey, files);

let raw = 0;
let gzip = 0;
for (const file of files) {
  const data = fs.readFileSync(path.join(dist, file));
  const gz = zlib.gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gzip += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
}
console.log(`home page JavaScript: ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (budget ${budgetKb} KB gzip)`);
let failed = gzip / 1024 > budgetKb;

const routeModules = [...new Set(prerenderedPaths.map((page) => routeModuleOf(page)))];
for (const route of routeModules) {
  const key = Object.keys(manifest).find((name) => name.endsWith(`routes/${route}.tsx`));
  if (!key) {
    console.error(`no chunk for the prerendered route ${route}`);
    failed = true;
    continue;
  }
  const withZod = [...collect(key)].filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('$ZodObject'));
  if (withZod.length > 0) {
    console.error(`the prerendered route ${route} loads zod before it is interactive: ${withZod.join(', ')}`);
    failed = true;
  }
}
console.log(`${routeModules.length} prerendered routes checked: ${failed ? 'FAILED' : 'none loads zod up front'}`);
if (failed) process.exit(1);

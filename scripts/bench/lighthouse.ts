/**
 * Lighthouse with its default mobile settings (emulated phone, simulated slow 4G, 4x CPU slowdown)
 * on the built app, driving the system Chromium. Each page runs RUNS times (default 5) and the run
 * with the median performance score is reported, as Lighthouse advises, because the simulated
 * CPU slowdown magnifies the noise of a busy machine. Prints the four category scores per page,
 * the core metrics and every audit that did not pass; fails when a score is under the budget.
 * Usage: npm run bench -- lighthouse [--min 95] [--max-tbt 100] [--public] [/path ...]   (after npm
 * run build; honours DIST_DIR, CHROME_PATH and RUNS; default pages / and /v2; `--public` takes every
 * prerendered page in both languages, with three of the state guides, which share one template;
 * LIGHTHOUSE_JSON=dir keeps each page's median report there)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { builtServer, startBuiltApp } from '../../e2e/support/app-process';
import { localizedPath } from '../../src/shared/locale-paths';
import { prerenderedPaths } from '../../src/shared/routes';
import { stateGuidePath, stateGuidePaths } from '../../src/shared/state-guides';

const args = process.argv.slice(2);
const minIndex = args.indexOf('--min');
const min = minIndex >= 0 ? Number(args[minIndex + 1]) : 95;
const tbtIndex = args.indexOf('--max-tbt');
const maxTbt = tbtIndex >= 0 ? Number(args[tbtIndex + 1]) : Infinity;
const pages = args.filter((arg) => arg.startsWith('/'));
if (args.includes('--public')) {
  // the guides differ only in their state's facts: the three with the most of them stand for the rest
  const guides = new Set(stateGuidePaths);
  const sample = (['DE', 'WY', 'CA'] as const).map((code) => stateGuidePath(code));
  for (const path of [...prerenderedPaths.filter((p) => !guides.has(p)), ...sample]) {
    for (const language of ['en', 'es'] as const) pages.push(localizedPath(path, language));
  }
}
if (pages.length === 0) pages.push('/', '/v2');

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const runs = Number(process.env.RUNS ?? 5);
const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

if (!fs.existsSync(builtServer())) throw new Error(`${builtServer()} not found: run \`npm run build\` first`);
// the built server with a throw-away DATA_DIR, as in production (NODE_ENV unset)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-lighthouse-'));
const app = await startBuiltApp({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, dataDir);
// each page once, so no run measures the server's first render of it
for (const page of pages) await fetch(`${app.url}${page}`);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  for (const page of pages) {
    const results: RunnerResult['lhr'][] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse's own trace recording fails now and then (NO_NAVSTART): such a run is taken again, twice at most
      let result: RunnerResult | undefined;
      for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt++) {
        if (result) console.log(`       (${page}: ${result.lhr.runtimeError!.code}; run again)`);
        result = await lighthouse(`${app.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
      }
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
    }
    const performance = (lhr: RunnerResult['lhr']) => lhr.categories.performance?.score ?? 0;
    results.sort((a, b) => performance(a) - performance(b));
    const lhr = results[Math.floor(results.length / 2)]!;
    if (process.env.LIGHTHOUSE_JSON)
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${page.slice(1).replaceAll('/', '_') || 'home'}.json`), JSON.stringify(lhr));
    const scores = categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0;
    failed ||= scores.some((score) => score < min) || tbt >= maxTbt;
    console.log(
      `${page.padEnd(6)} ${categories.map((id, i) => `${id} ${scores[i]}`).join('  ')}   (performance of the ${runs} runs: ${results.map((r) => Math.round(performance(r) * 100)).join(', ')})`,
    );
    console.log(`       ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`).join(' | ')}`);
    // every scored audit that did not fully pass, so a low score says why
    for (const id of categories) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && !metrics.includes(ref.id)) {
          console.log(`       - ${id}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}
const budget = `scores >= ${min}${Number.isFinite(maxTbt) ? ` and total blocking time < ${maxTbt} ms` : ''}`;
console.log(failed ? `FAIL: not every page has ${budget}` : `every page: ${budget}`);
process.exit(failed ? 1 : 0);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'llc-preloads-'));
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
fs.mkdirSync(path.join(clientDir, '.vite'));
fs.writeFileSync(
  path.join(clientDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_react.js'], css: ['assets/index-1.css'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_button.js': { file: 'assets/button-1.js', imports: ['_react.js'] },
    // a page's chunk imports the entry, as Vite's do: the entry's stylesheet is in index.html already
    'routes/order-confirm.tsx': { file: 'assets/order-confirm-1.js', imports: ['_button.js', 'index.html'], css: ['assets/order-confirm-1.css'] },
    'routes/state-guide.tsx': { file: 'assets/state-guide-1.js' },
    'locales/en/common.json': { file: 'assets/common-en.js' },
    'locales/es/common.json': { file: 'assets/common-es.js' },
  }),
);
const preloads = routePreloads(clientDir);
const hrefs = (tags: string) => [...tags.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('routePreloads', () => {
  it("preloads the visitor's shared texts, the page's chunk and its imports, not what the entry already loads (its script, its stylesheet)", () => {
    expect(hrefs(preloads('/order/confirm', 'es'))).toEqual([
      '/assets/common-es.js',
      '/assets/order-confirm-1.js',
      '/assets/button-1.js',
      '/assets/order-confirm-1.css',
    ]);
    expect(hrefs(preloads('/order/confirm/', 'en'))).toEqual([
      '/assets/common-en.js',
      '/assets/order-confirm-1.js',
      '/assets/button-1.js',
      '/assets/order-confirm-1.css',
    ]);
  });

  it('finds the page of a path with a parameter by its name (stateGuide: routes/state-guide.tsx)', () => {
    expect(hrefs(preloads('/states/wyoming', 'en'))).toEqual(['/assets/common-en.js', '/assets/state-guide-1.js']);
  });

  it('preloads only the texts for a path with no page of its own', () => {
    expect(hrefs(preloads('/no-such-page', 'es'))).toEqual(['/assets/common-es.js']);
    expect(hrefs(preloads('/states/atlantis', 'es'))).toEqual(['/assets/common-es.js']);
  });

  it('preloads nothing without a build manifest (API-only tests, the Vite dev server)', () => {
    expect(routePreloads(os.tmpdir())('/order/confirm', 'es')).toBe('');
  });
});

import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { deferredAppId, deferredAppScript } from './inline-scripts';

/** A prerendered page as the server sends it: the app's tags parked in the template, the loader after it. */
function page(links: number) {
  const tags = [
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    ...Array.from({ length: links }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`),
  ];
  const dom = new JSDOM(
    `<!doctype html><html><head></head><body><main>page</main><template id="${deferredAppId}">${tags.join('')}</template><script>${deferredAppScript}</script></body></html>`,
    {
      runScripts: 'dangerously',
      pretendToBeVisual: true, // animation frames, as a browser tab has
    },
  );
  const added = () => [...dom.window.document.head.children].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));
  return { dom, added };
}

describe('the deferred app loader', () => {
  it('adds the script and every preload, in order, at most two per task, once', async () => {
    const { dom, added } = page(13);
    expect(added()).toEqual([]); // nothing before the first frame or `load`
    dom.window.dispatchEvent(new dom.window.Event('load'));
    expect(added()).toEqual(['/assets/index.js', ...[0].map((i) => `/assets/chunk-${i}.js`)]);
    await expect.poll(() => added().length).toBe(14);
    expect(added()).toEqual(['/assets/index.js', ...Array.from({ length: 13 }, (_, i) => `/assets/chunk-${i}.js`)]);
    const script = dom.window.document.head.querySelector('script')!;
    expect([script.type, script.getAttribute('crossorigin')]).toEqual(['module', '']);
    // a second `load` (or the frame after it) adds nothing again
    dom.window.dispatchEvent(new dom.window.Event('load'));
    await new Promise((resolve) => dom.window.setTimeout(resolve, 20));
    expect(added()).toHaveLength(14);
  });

  it('does nothing on a page without the template', () => {
    const dom = new JSDOM(`<!doctype html><html><head></head><body><script>${deferredAppScript}</script></body></html>`, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
    });
    expect(() => dom.window.dispatchEvent(new dom.window.Event('load'))).not.toThrow();
    expect(dom.window.document.head.children).toHaveLength(0);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { buildTestApp, tempDataDir } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { inlineScriptHashes } from './inline-scripts';
import { thirdPartyOrigins } from './third-party';

const widgets = {
  REVIEW_WIDGET_URL: 'https://reviews.example.com/widget.js',
  TESTIMONIAL_WIDGET_URLS: ' https://t.example.net/a.js , https://t.example.net/b.js ',
  ANALYTICS_SCRIPT_URLS: 'https://stats.example.org/tag.js',
  EXPLAINER_VIDEO_URL: 'https://media.example.com/explainer.mp4',
};

describe('third-party widget config', () => {
  it('is empty by default', () => {
    const config = loadConfig({});
    expect(config.REVIEW_WIDGET_URL).toBeUndefined();
    expect(config.TESTIMONIAL_WIDGET_URLS).toEqual([]);
    expect(config.ANALYTICS_SCRIPT_URLS).toEqual([]);
    expect(thirdPartyOrigins(config)).toEqual({ scripts: [], media: [] });
  });

  it('splits the comma-separated lists and collects each origin once', () => {
    const config = loadConfig(widgets);
    expect(config.TESTIMONIAL_WIDGET_URLS).toEqual(['https://t.example.net/a.js', 'https://t.example.net/b.js']);
    expect(thirdPartyOrigins(config)).toEqual({
      scripts: ['https://reviews.example.com', 'https://t.example.net', 'https://stats.example.org'],
      media: ['https://media.example.com'],
    });
  });

  it.each([
    [{ REVIEW_WIDGET_URL: 'javascript:alert(1)' }, 'REVIEW_WIDGET_URL'],
    [{ TESTIMONIAL_WIDGET_URLS: 'https://ok.example.com/a.js,not a url' }, 'TESTIMONIAL_WIDGET_URLS'],
    [{ EXPLAINER_VIDEO_URL: 'ftp://files.example.com/v.mp4' }, 'EXPLAINER_VIDEO_URL'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${variable}`));
  });
});

describe('third-party widgets in the app', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('allows exactly the configured origins in the CSP and hands the URLs to the page', async () => {
    const clientDir = tempDataDir();
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<html><head><!--app-config--></head><body></body></html>');
    const { app } = await buildTestApp(await testDatabases[0]!.open(), widgets, clientDir);
    apps.push(app);

    const page = await app.inject('/');
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    const scripts = "'self' https://reviews.example.com https://t.example.net https://stats.example.org";
    // scripts: also the app's two fixed inline scripts, by hash (see prerender.test.ts)
    expect(directive('script-src')).toBe(`script-src 'self' ${inlineScriptHashes.join(' ')} ${scripts.slice("'self' ".length)}`);
    expect(directive('connect-src')).toBe(`connect-src ${scripts}`);
    expect(directive('frame-src')).toBe(`frame-src ${scripts}`);
    expect(directive('media-src')).toBe("media-src 'self' https://media.example.com");
    // the widgets' stylesheets, and the <style> most of them write, only once one is configured
    expect(directive('style-src-elem')).toBe(`style-src-elem ${scripts} 'unsafe-inline'`);
    expect(page.body).toContain('&quot;reviewWidgetUrl&quot;:&quot;https://reviews.example.com/widget.js&quot;');
    expect(page.body).toContain('&quot;testimonialWidgetUrls&quot;:[&quot;https://t.example.net/a.js&quot;,&quot;https://t.example.net/b.js&quot;]');
  });

  it('allows no other origin when nothing is configured', async () => {
    const { app } = await buildTestApp(await testDatabases[0]!.open());
    apps.push(app);
    const csp = String((await app.inject('/api/health')).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${inlineScriptHashes.join(' ')};`);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("media-src 'self';");
    expect(csp).toContain("style-src-elem 'self';");
  });
});

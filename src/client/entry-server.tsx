import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '@client/lib/router';
import { languagePrefix, localizedPath } from '@shared/locale-paths';
import type { RenderedPage, RenderPage } from '@shared/prerender';
import { App } from './app/app';
import { i18n } from './lib/i18n';
import { renderedHead } from './lib/page-title';
import { setPublicConfig } from './lib/public-config';

async function prerender(element: ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    // React moves a large finished boundary out of line (to reveal the page progressively), which
    // needs its inline scripts: a prerendered page is sent whole, so every boundary stays in place
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      failure ??= error;
    },
  });
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as AsyncIterable<Uint8Array>) html += decoder.decode(chunk, { stream: true });
  html += decoder.decode();
  // a part that failed would be left for the browser to render: better no prerender at all
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

// one render at a time: the language lives on the shared i18n instance and the head in a module
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders a content page to HTML on the server, waiting for its lazy chunk and translations, with
 * the same public configuration the browser receives, so the client can hydrate it as it is.
 * Built by scripts/build-ssr.ts; used by the server's SPA handler (platform/http/prerender.ts).
 */
export const renderPage: RenderPage = (pathname, language, config) => {
  const run = async (): Promise<RenderedPage> => {
    setPublicConfig(config);
    await i18n.changeLanguage(language);
    for (const key of Object.keys(renderedHead) as (keyof typeof renderedHead)[]) delete renderedHead[key];
    // the page's URL in its language, the prefix as basename: links render as the browser's will
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter basename={languagePrefix[language] || '/'} location={localizedPath(pathname, language)}>
        {children}
      </StaticRouter>
    );
    // The first pass loads the page's lazy chunks and translations; React then sends the parts
    // that waited as hidden segments moved into place by inline scripts, which the CSP (rightly)
    // blocks. Once everything is loaded a pass suspends nowhere and its HTML is plain.
    let html = '';
    for (let pass = 0; pass < 3; pass++) {
      html = await prerender(<App Router={Router} />);
      if (!html.includes('<script')) break;
    }
    if (html.includes('<script')) throw new Error(`${pathname} still suspends after three passes`);
    const { title, description, faq, breadcrumb } = renderedHead;
    // texts for search engines and social cards only: their own namespace, which no browser loads
    await i18n.loadNamespaces('seo');
    const texts = {
      siteName: i18n.t('brand'),
      productName: i18n.t('seo:productName'),
      productDescription: i18n.t('seo:productDescription'),
      imageAlt: i18n.t('seo:imageAlt'),
      faq,
      breadcrumb,
    };
    return { html, title: title ?? i18n.t('brand'), description, texts };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
};

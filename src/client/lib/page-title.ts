import { useEffect } from 'react';
import { useTranslation } from '@client/lib/i18n';
import type { PageTexts } from '@shared/prerender';

/**
 * Effects do not run on the server: the page renderer (entry-server.tsx) reads the head from here,
 * and the texts of the page's structured data (shared/seo/head.ts) its components record.
 */
export const renderedHead: { title?: string; description?: string } & Pick<PageTexts, 'faq' | 'breadcrumb'> = {};

/** Sets the document title (and meta description) for the current page and language. */
export function usePageTitle(title: string, description?: string): void {
  const { t } = useTranslation();
  const brand = t('brand');
  useDocumentHead(title ? `${title} | ${brand}` : brand, description);
}

/** The document's whole title (and meta description), as given. */
export function useDocumentHead(fullTitle: string, description?: string): void {
  if (import.meta.env.SSR) Object.assign(renderedHead, { title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [fullTitle, description]);
}

/** Records what a prerendered page shows for its JSON-LD (FAQPage, BreadcrumbList); nothing in the browser. */
export function useStructuredTexts(texts: Pick<PageTexts, 'faq' | 'breadcrumb'>): void {
  if (import.meta.env.SSR) Object.assign(renderedHead, texts);
}

import type { Language } from './languages';
import type { TPublicConfig } from './public-config';

/** A link of a page's breadcrumb trail (a path without language prefix). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The translated texts of a page's search-engine tags (shared/seo/head.ts). They come from the
 * renderer, which already has i18n, the price and the texts the page shows: the FAQ and the
 * breadcrumb are recorded by the components that render them, so the structured data never
 * differs from the page and no locale file is read twice.
 */
export interface PageTexts {
  siteName: string;
  productName: string;
  productDescription: string;
  /** the social image's alternative text */
  imageAlt: string;
  faq?: { question: string; answer: string }[];
  /** the whole trail, the current page last */
  breadcrumb?: Crumb[];
}

/** A content page rendered on the server (client/entry-server.tsx) for server/platform/http/prerender.ts. */
export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string | undefined;
  texts: PageTexts;
}

export type RenderPage = (pathname: string, language: Language, config: TPublicConfig) => Promise<RenderedPage>;

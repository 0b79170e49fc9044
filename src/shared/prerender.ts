import type { Language } from './languages';
import type { TPublicConfig } from './public-config';

/** A content page rendered on the server (client/entry-server.tsx) for server/platform/http/prerender.ts. */
export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string | undefined;
}

export type RenderPage = (pathname: string, language: Language, config: TPublicConfig) => Promise<RenderedPage>;

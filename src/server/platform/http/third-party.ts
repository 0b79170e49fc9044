import type { Config } from '../../config';

const origins = (urls: (string | undefined)[]) => [...new Set(urls.filter((url) => url !== undefined).map((url) => new URL(url).origin))];

/**
 * Origins the Content-Security-Policy must allow for the configured third-party widgets, tags and
 * explainer video — exactly those, so an unconfigured app allows none.
 */
export function thirdPartyOrigins(config: Pick<Config, 'REVIEW_WIDGET_URL' | 'TESTIMONIAL_WIDGET_URLS' | 'ANALYTICS_SCRIPT_URLS' | 'EXPLAINER_VIDEO_URL'>) {
  return {
    /** script-src, and connect-src / frame-src for what the widgets fetch and embed from home */
    scripts: origins([config.REVIEW_WIDGET_URL, ...config.TESTIMONIAL_WIDGET_URLS, ...config.ANALYTICS_SCRIPT_URLS]),
    media: origins([config.EXPLAINER_VIDEO_URL]),
  };
}

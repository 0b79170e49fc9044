import { standardFormationPriceCents } from '@shared/money';
import { publicConfigMetaName, type TPublicConfig } from '@shared/public-config';
import { paths } from '@shared/client-paths';

/** The configuration's defaults: what the Vite dev server's pages (no meta tag) run with. */
export const defaultPublicConfig: TPublicConfig = {
  supportEmail: 'support@example.com',
  marketingUrl: paths.v2(),
  passwordMinLength: 8,
  uploadMaxBytes: 10 * 1024 * 1024,
  reviewWidgetUrl: null,
  testimonialWidgetUrls: [],
  analyticsScriptUrls: [],
  explainerVideoUrl: null,
  jvCheckoutUrl: '#',
  affiliateMarketplaceUrl: '#',
  presaleLaunchAt: '2025-06-01T17:00:00.000Z',
  sanctionedNationalities: ['CU', 'IR', 'KP'],
  priceCents: standardFormationPriceCents,
};

/**
 * Read once from the meta tag the server puts in index.html (absent under the Vite dev server).
 * Parsed by hand, not with zod, to keep zod out of the first load.
 */
export function readPublicConfig(): TPublicConfig {
  if (typeof document === 'undefined') return defaultPublicConfig;
  const content = document.querySelector(`meta[name="${publicConfigMetaName}"]`)?.getAttribute('content');
  if (!content) return defaultPublicConfig;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return defaultPublicConfig;
    const raw = parsed as Record<string, unknown>;
    const text = (key: 'supportEmail' | 'marketingUrl' | 'jvCheckoutUrl' | 'affiliateMarketplaceUrl') =>
      typeof raw[key] === 'string' ? raw[key] : defaultPublicConfig[key];
    const optionalText = (key: 'reviewWidgetUrl' | 'explainerVideoUrl') => (typeof raw[key] === 'string' ? raw[key] : null);
    const list = (key: 'testimonialWidgetUrls' | 'analyticsScriptUrls' | 'sanctionedNationalities') => {
      const value = raw[key];
      return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    };
    return {
      supportEmail: text('supportEmail'),
      marketingUrl: text('marketingUrl'),
      passwordMinLength: typeof raw.passwordMinLength === 'number' ? raw.passwordMinLength : defaultPublicConfig.passwordMinLength,
      uploadMaxBytes: typeof raw.uploadMaxBytes === 'number' ? raw.uploadMaxBytes : defaultPublicConfig.uploadMaxBytes,
      reviewWidgetUrl: optionalText('reviewWidgetUrl'),
      testimonialWidgetUrls: list('testimonialWidgetUrls'),
      analyticsScriptUrls: list('analyticsScriptUrls'),
      sanctionedNationalities: list('sanctionedNationalities'),
      explainerVideoUrl: optionalText('explainerVideoUrl'),
      jvCheckoutUrl: text('jvCheckoutUrl'),
      affiliateMarketplaceUrl: text('affiliateMarketplaceUrl'),
      presaleLaunchAt:
        typeof raw.presaleLaunchAt === 'string' && !Number.isNaN(Date.parse(raw.presaleLaunchAt)) ? raw.presaleLaunchAt : defaultPublicConfig.presaleLaunchAt,
      priceCents: Number.isSafeInteger(raw.priceCents) && (raw.priceCents as number) > 0 ? (raw.priceCents as number) : defaultPublicConfig.priceCents,
    };
  } catch {
    return defaultPublicConfig;
  }
}

/** JV_CHECKOUT_URL and AFFILIATE_MARKETPLACE_URL are '#' until configured: their buttons are then hidden. */
export const isConfiguredLink = (url: string): boolean => url !== '' && url !== '#';

// set once by the server renderer, before any render
export let publicConfig = readPublicConfig();

/** The server renders pages with the configuration it also sends to browsers (see entry-server.tsx). */
export function setPublicConfig(config: TPublicConfig): void {
  publicConfig = config;
}

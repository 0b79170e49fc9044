/** Settings the browser needs; the server embeds them in index.html as a meta tag. */
export interface TPublicConfig {
  supportEmail: string;
  marketingUrl: string;
  /** minimum password length (PASSWORD_MIN_LENGTH) */
  passwordMinLength: number;
  /** largest accepted upload in bytes (UPLOAD_MAX_BYTES) */
  uploadMaxBytes: number;
  /** Third-party scripts (docs/decisions/0003). Empty or null = not configured: nothing is requested. */
  reviewWidgetUrl: string | null;
  testimonialWidgetUrls: string[];
  analyticsScriptUrls: string[];
  explainerVideoUrl: string | null;
  /** the retailer checkout of /jv-sales and the affiliate marketplace of /jv-partner ('#' when unset) */
  jvCheckoutUrl: string;
  affiliateMarketplaceUrl: string;
  /** the partner launch of /jv-presale, an ISO instant (PRESALE_LAUNCH_AT) */
  presaleLaunchAt: string;
  /** nationalities (ISO codes) whose orders are held for review before payment (SANCTIONED_NATIONALITIES) */
  sanctionedNationalities: string[];
  /** the standard package's price in cents, read from the services row for every page sent */
  priceCents: number;
}

export const publicConfigMetaName = 'app-config';

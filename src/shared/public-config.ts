/** Settings the browser needs; the server embeds them in index.html as a meta tag. */
export interface TPublicConfig {
  supportEmail: string;
  marketingUrl: string;
  /** minimum password length (PASSWORD_MIN_LENGTH) */
  passwordMinLength: number;
  /** Third-party scripts (SPEC 7). Empty or null = not configured: nothing is requested. */
  reviewWidgetUrl: string | null;
  testimonialWidgetUrls: string[];
  analyticsScriptUrls: string[];
  explainerVideoUrl: string | null;
}

export const publicConfigMetaName = 'app-config';

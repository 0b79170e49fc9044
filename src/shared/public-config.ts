/** Settings the browser needs; the server embeds them in index.html as a meta tag. */
export interface TPublicConfig {
  supportEmail: string;
  marketingUrl: string;
}

export const publicConfigMetaName = 'app-config';

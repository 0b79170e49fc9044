import { publicConfigMetaName, type TPublicConfig } from '@shared/public-config';

const fallback: TPublicConfig = { supportEmail: 'support@example.com', marketingUrl: '/v2' };

/**
 * Read once from the meta tag the server puts in index.html (absent under the Vite dev server).
 * Parsed by hand, not with zod, to keep zod out of the first load.
 */
function readPublicConfig(): TPublicConfig {
  const content = document.querySelector(`meta[name="${publicConfigMetaName}"]`)?.getAttribute('content');
  if (!content) return fallback;
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    const pick = (key: keyof TPublicConfig) => {
      const value = (parsed as Record<string, unknown>)[key];
      return typeof value === 'string' ? value : fallback[key];
    };
    return { supportEmail: pick('supportEmail'), marketingUrl: pick('marketingUrl') };
  } catch {
    return fallback;
  }
}

export const publicConfig = readPublicConfig();

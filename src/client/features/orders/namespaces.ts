import { useTranslation } from '@client/lib/i18n';

/**
 * The namespaces every orders component reads: its own texts (`order`, which is also where the
 * server's message keys such as 'order.required' resolve), country and state names (`geo`), and
 * `common` so API error keys such as 'errors.network' translate too.
 */
export const orderNamespaces = ['order', 'geo', 'common'] as const;

/**
 * t over all three: 'fallback' mode looks a key up in `order`, then `geo`, then `common` (the
 * default mode would only look in `order`, and translateMessage's 'errors.*' keys would show raw).
 */
export function useOrderTranslation() {
  return useTranslation(orderNamespaces, { nsMode: 'fallback' });
}

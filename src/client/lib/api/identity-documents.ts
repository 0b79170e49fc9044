import { useQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TIdentityViewList } from '@shared/identity-documents';
import { request } from './request';
import { adminOrderKeys } from './admin-orders';

/*
 * The access log of an order's identity documents (administrators only). The files
 * themselves are links (identityFileUrl in orders.ts): the server logs each look by the team.
 */

/** Under adminOrderKeys.all: whatever refreshes the open order refreshes its log too. */
export const identityViewKeys = { order: (orderId: string) => [...adminOrderKeys.all, 'identity-views', orderId] as const };

/** GET /api/admin/orders/:id/identity-views: who opened which identity document, when and from where; newest first. */
export function getIdentityViews(orderId: string, signal?: AbortSignal): Promise<TIdentityViewList> {
  return request('GET /api/admin/orders/:id/identity-views', { params: { id: orderId }, signal });
}

/** Refreshed when the administrator comes back to the page: a file opens in a new tab, and that look is the log's newest row. */
export const useIdentityViews = (orderId: string) =>
  useQuery({ queryKey: identityViewKeys.order(orderId), queryFn: ({ signal }) => getIdentityViews(orderId, signal), refetchOnWindowFocus: 'always' });

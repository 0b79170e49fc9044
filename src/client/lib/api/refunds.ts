import { useMutation, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TAdminOrderDetail } from '@shared/admin';
import type { Language } from '@shared/languages';
import type { TOrderDetail } from '@shared/orders';
import type { TRefundDecision, TRefundRequestInput } from '@shared/refunds';
import { apiPath, request, type Answer } from './request';
import { adminOrderKeys } from './admin-orders';
import { orderKeys } from './orders';

/*
 * The money-back guarantee (ADR 0033): the customer asks for a refund and may withdraw
 * it, an administrator decides (and retries one the payment provider refused), both download the
 * credit note once refunded. Each answer is the request as it now stands: it replaces the order's
 * `refund` in the cache at once, then the order (customer's and admin's views) and the lists that
 * show it are read again.
 */

type RefundAnswer = Answer<'POST /api/orders/:id/refund-requests'>;

/** POST /api/orders/:id/refund-requests: 201 with the request; 409 refunds.alreadyOpen / notPaid / alreadyRefunded. */
export function requestRefund(orderId: string, input: TRefundRequestInput): Promise<RefundAnswer> {
  return request('POST /api/orders/:id/refund-requests', { params: { id: orderId }, body: input });
}

/** POST …/refund-requests/:requestId/withdraw: only while it is still 'requested' (409 refunds.notOpen). */
export function withdrawRefund(orderId: string, requestId: string): Promise<RefundAnswer> {
  return request('POST /api/orders/:id/refund-requests/:requestId/withdraw', { params: { id: orderId, requestId } });
}

/** POST /api/admin/orders/:id/refund-requests/:requestId/decision: 400 with field errors (amountCents, note), 409 once decided. */
export function decideRefund(orderId: string, requestId: string, decision: TRefundDecision): Promise<RefundAnswer> {
  return request('POST /api/admin/orders/:id/refund-requests/:requestId/decision', { params: { id: orderId, requestId }, body: decision });
}

/** POST /api/admin/orders/:id/refund-requests/:requestId/retry: only a 'failed' one (409 refunds.notFailed). */
export function retryRefund(orderId: string, requestId: string): Promise<RefundAnswer> {
  return request('POST /api/admin/orders/:id/refund-requests/:requestId/retry', { params: { id: orderId, requestId } });
}

/**
 * GET …/refund-requests/:requestId/credit-note: the PDF of a completed refund (owner or
 * administrator; a plain link, as the receipt's), in `language` when given.
 */
export function creditNoteUrl(orderId: string, requestId: string, language?: Language): string {
  return apiPath('GET /api/orders/:id/refund-requests/:requestId/credit-note', { params: { id: orderId, requestId }, query: { lang: language } });
}

/** The answer's request in both views of the order, then everything that shows the order asks again. */
function useRefundWrite<T>(orderId: string, write: (input: T) => Promise<RefundAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ refund }) => {
      queryClient.setQueryData<TOrderDetail>(orderKeys.detail(orderId), (order) => order && { ...order, refund });
      queryClient.setQueryData<TAdminOrderDetail>(adminOrderKeys.detail(orderId), (detail) => detail && { ...detail, order: { ...detail.order, refund } });
      // the order (its amounts, its timeline) and every list that shows it (the admin list's refund badge)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}

export const useRequestRefund = (orderId: string) => useRefundWrite(orderId, (input: TRefundRequestInput) => requestRefund(orderId, input));

export const useWithdrawRefund = (orderId: string) => useRefundWrite(orderId, (requestId: string) => withdrawRefund(orderId, requestId));

export const useDecideRefund = (orderId: string) =>
  useRefundWrite(orderId, ({ requestId, decision }: { requestId: string; decision: TRefundDecision }) => decideRefund(orderId, requestId, decision));

export const useRetryRefund = (orderId: string) => useRefundWrite(orderId, (requestId: string) => retryRefund(orderId, requestId));

/** POST /api/admin/orders/:id/reopen: an order a refund closed goes back to work (409 refunds.notClosed). */
export function useReopenOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => request('POST /api/admin/orders/:id/reopen', { params: { id: orderId }, body: { reason } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }), queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) })]),
  });
}

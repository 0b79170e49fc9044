import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TOrderDetail } from '@shared/order-model';
import { api } from '@client/lib/api-client';

/** GET /api/payments/result: the order paid with this checkout session, for its owner only (SPEC call 15). */
export async function getPaymentResult(sessionId: string, signal?: AbortSignal): Promise<TOrderDetail> {
  const { order } = await api<{ order: TOrderDetail }>(`/api/payments/result?session_id=${encodeURIComponent(sessionId)}`, { signal });
  return order;
}

export const paymentResultQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: ['payments', 'result', sessionId], queryFn: ({ signal }) => getPaymentResult(sessionId, signal) });

/*
 * The provider sends the customer back as soon as the card is accepted; its webhook may land a
 * moment later. While the order still awaits payment, ask again every 1.5 s, for about 30 s.
 */
export const confirmIntervalMs = 1_500;
export const confirmWindowMs = 30_000;

/** True while the payment event has not arrived and there is still time to wait for it. */
export function isAwaitingConfirmation(order: TOrderDetail | undefined, msSinceStart: number): boolean {
  return order?.status === 'pending_payment' && msSinceStart < confirmWindowMs;
}

export function usePaymentResult(sessionId: string) {
  // the window opens with the page; measured against the last answer, so render stays pure
  const [startedAt] = useState(Date.now);
  const query = useQuery({
    ...paymentResultQueryOptions(sessionId),
    enabled: sessionId !== '',
    refetchInterval: ({ state }) => (isAwaitingConfirmation(state.data, state.dataUpdatedAt - startedAt) ? confirmIntervalMs : false),
  });
  return { ...query, confirming: isAwaitingConfirmation(query.data, query.dataUpdatedAt - startedAt) };
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { standardFormationSlug } from '@shared/money';
import type { TOrderDetail } from '@shared/orders';
import type { TCheckoutConsent, TService } from '@shared/payments';
import { ApiError } from '../api-client';
import { request } from './request';
import { usePrice } from '../price';
import { orderKeys } from './orders';

/*
 * The server's payments feature: the priced service (/api/services/:slug), a checkout for an
 * order (POST /api/orders/:id/checkout) and the result of a checkout (/api/payments/result).
 */

export const serviceKeys = {
  all: ['services'] as const,
  detail: (slug: string) => [...serviceKeys.all, slug] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  result: (sessionId: string) => [...paymentKeys.all, 'result', sessionId] as const,
};

/** GET /api/services/standard-formation: the package and its price (docs/product.md, "API endpoints"). */
export async function getStandardFormation(signal?: AbortSignal): Promise<TService> {
  const { service } = await request('GET /api/services/standard-formation', { signal });
  return service;
}

/** docs/product.md, "Constants and limits": the price stays fresh 5 minutes and is kept 10 minutes. */
export const standardFormationQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.detail(standardFormationSlug),
    queryFn: ({ signal }) => getStandardFormation(signal),
    staleTime: 300_000,
    gcTime: 600_000,
  });

/**
 * The price to show, in cents: the server's once it answers; while it loads or when it fails, the
 * one the page came with ($399 without it, docs/product.md, "Constants and limits"). Only a display: the server decides
 * what the checkout charges.
 */
export function useStandardFormationPrice(): number {
  const { cents } = usePrice();
  const { data, error } = useQuery(standardFormationQueryOptions());
  useEffect(() => {
    if (error) console.warn('price lookup failed; showing the standard price', error);
  }, [error]);
  return data?.priceCents ?? cents;
}

/**
 * POST /api/orders/:id/checkout: a hosted checkout for the order. No price is sent: the server
 * takes it from the services row. `consent`: the two boxes of the checkout page; the server
 * refuses a checkout without them (docs/product.md, "Constants and limits").
 */
export async function createCheckoutSession(orderId: string, consent: TCheckoutConsent): Promise<{ url: string }> {
  const { url } = await request('POST /api/orders/:id/checkout', { params: { id: orderId }, body: consent });
  // docs/product.md, "Messages": an answer without a url is a failure like any other
  if (typeof url !== 'string' || url === '') throw new ApiError(502, 'internal', 'payment.tryAgain');
  return { url };
}

export function useCreateCheckoutSession(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: TCheckoutConsent) => createCheckoutSession(orderId, consent),
    onError: (error) => {
      // 409: the order was paid meanwhile; read it (and the list showing it) again so the page says so
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** GET /api/payments/result: the order paid with this checkout session, for its owner only (docs/product.md, "API endpoints"). */
export async function getPaymentResult(sessionId: string, signal?: AbortSignal): Promise<TOrderDetail> {
  const { order } = await request('GET /api/payments/result', { query: { session_id: sessionId }, signal });
  return order;
}

export const paymentResultQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: paymentKeys.result(sessionId), queryFn: ({ signal }) => getPaymentResult(sessionId, signal) });

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
  const queryClient = useQueryClient();
  // the window opens with the page; measured against the last answer, so render stays pure
  const [startedAt] = useState(Date.now);
  const query = useQuery({
    ...paymentResultQueryOptions(sessionId),
    enabled: sessionId !== '',
    refetchInterval: ({ state }) => (isAwaitingConfirmation(state.data, state.dataUpdatedAt - startedAt) ? confirmIntervalMs : false),
  });
  // the order's status moved (paid): whatever this tab has cached of the customer's orders is stale
  const status = query.data?.status;
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [status, queryClient]);
  return { ...query, confirming: isAwaitingConfirmation(query.data, query.dataUpdatedAt - startedAt) };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { standardFormationSlug } from '@shared/money';
import { api } from '@client/lib/api-client';
import { usePrice } from '@client/lib/price';

export interface TService {
  slug: string;
  name: string;
  priceCents: number;
}

/** GET /api/services/standard-formation: the package and its price (SPEC call 7). */
export async function getStandardFormation(signal?: AbortSignal): Promise<TService> {
  const { service } = await api<{ service: TService }>(`/api/services/${standardFormationSlug}`, { signal });
  return service;
}

/** SPEC section 9: the price stays fresh 5 minutes and is kept 10 minutes. */
export const standardFormationQueryOptions = () =>
  queryOptions({
    queryKey: ['services', standardFormationSlug],
    queryFn: ({ signal }) => getStandardFormation(signal),
    staleTime: 300_000,
    gcTime: 600_000,
  });

/**
 * The price to show, in cents: the server's once it answers; while it loads or when it fails, the
 * one the page came with ($399 without it, SPEC section 1). Only a display: the server decides
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

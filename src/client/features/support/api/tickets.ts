import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TTicketOriginFilter, TTicketPage } from '@shared/support';
import { api } from '@client/lib/api-client';

const pageSize = 20;

/** The administrators' ticket list, newest first, one page of 20 at a time. */
export const ticketsQueryOptions = (origin: TTicketOriginFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'support-tickets', origin],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ origin, limit: String(pageSize) });
      if (pageParam) query.set('cursor', pageParam);
      return api<TTicketPage>(`/api/admin/support-tickets?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useTickets = (origin: TTicketOriginFilter) => useInfiniteQuery(ticketsQueryOptions(origin));

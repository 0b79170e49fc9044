import { useInfiniteQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TTicketOriginFilter, TTicketPage } from '@shared/support';
import { api } from '../api-client';
import { cursorPagesQueryOptions } from './cursor-pages';
import { supportTicketKeys } from './support';

/* /api/admin/support-tickets: the administrators' list of what support.ts sends. */

const pageSize = 20;

/** GET /api/admin/support-tickets: one page of 20, newest first. */
export function getTickets(origin: TTicketOriginFilter, cursor: string | null, signal?: AbortSignal): Promise<TTicketPage> {
  const query = new URLSearchParams({ origin, limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return api<TTicketPage>(`/api/admin/support-tickets?${query}`, { signal });
}

export const ticketsQueryOptions = (origin: TTicketOriginFilter) => cursorPagesQueryOptions(supportTicketKeys.list(origin), (cursor, signal) => getTickets(origin, cursor, signal));

export const useTickets = (origin: TTicketOriginFilter) => useInfiniteQuery(ticketsQueryOptions(origin));

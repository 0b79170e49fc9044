import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TicketStatus, TSupportTicketView, TTicketMessage, TTicketOriginFilter, TTicketPage, TTicketStatusFilter, TTicketThread } from '@shared/support';
import { api } from '../api-client';
import { cursorPagesQueryOptions } from './cursor-pages';
import { supportTicketKeys } from './support';

/* /api/admin/support-tickets: the administrators' list of what support.ts sends. */

const pageSize = 20;

/** What the list is filtered by; `q` searches the name, email and request on the server ('' for none). */
export interface TicketListFilters {
  q: string;
  origin: TTicketOriginFilter;
  status: TTicketStatusFilter;
}

/** GET /api/admin/support-tickets: one page of 20, newest first. */
export function getTickets({ q, origin, status }: TicketListFilters, cursor: string | null, signal?: AbortSignal): Promise<TTicketPage> {
  const query = new URLSearchParams({ origin, status, limit: String(pageSize) });
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  return api<TTicketPage>(`/api/admin/support-tickets?${query}`, { signal });
}

export const ticketsQueryOptions = (filters: TicketListFilters) =>
  cursorPagesQueryOptions([...supportTicketKeys.list(filters.origin), filters.status, filters.q], (cursor, signal) => getTickets(filters, cursor, signal));

// while the next search is on its way the previous results stay on screen, as in the orders list
export const useTickets = (filters: TicketListFilters) => useInfiniteQuery({ ...ticketsQueryOptions(filters), placeholderData: keepPreviousData });

/* One ticket's page (issue 21): the thread, replies emailed to the requester, internal notes, open/closed. */

const ticketPath = (id: string) => `/api/admin/support-tickets/${encodeURIComponent(id)}`;
const threadKey = (id: string) => [...supportTicketKeys.all, 'thread', id] as const;

/** GET /api/admin/support-tickets/:id (404 support.admin.thread.notFound) */
export function getTicketThread(id: string, signal?: AbortSignal): Promise<TTicketThread> {
  return api<TTicketThread>(ticketPath(id), { signal });
}

export const useTicketThread = (id: string) => useQuery({ queryKey: threadKey(id), queryFn: ({ signal }) => getTicketThread(id, signal) });

/** After any change: the thread and every list (a ticket's status moved), all under supportTicketKeys.all. */
function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportTicketKeys.all });
}

/** POST …/replies (emailed to the requester) or …/notes (internal). */
export function useAddTicketMessage(id: string, kind: 'reply' | 'note') {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (body: string) => api<TTicketMessage>(`${ticketPath(id)}/${kind === 'reply' ? 'replies' : 'notes'}`, { method: 'POST', body: { body } }),
    onSuccess: refresh,
  });
}

/** PATCH …/status: close, or reopen. */
export function useSetTicketStatus(id: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (status: TicketStatus) => api<TSupportTicketView>(`${ticketPath(id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: refresh,
  });
}

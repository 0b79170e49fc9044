import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { Language } from '@shared/languages';
import type { TicketStatus, TTicketDueFilter, TTicketOriginFilter, TTicketPage, TTicketSort, TTicketStatusFilter, TTicketThread } from '@shared/support';
import { apiPath, request } from './request';
import { cursorPagesQueryOptions } from './cursor-pages';
import { supportTicketKeys } from './support';

/* /api/admin/support-tickets: the administrators' list of what support.ts sends. */

const pageSize = 20;

/** What the list is filtered by; `q` searches the name, email and request on the server ('' for none). */
export interface TicketListFilters {
  q: string;
  origin: TTicketOriginFilter;
  status: TTicketStatusFilter;
  /** whose tickets */
  owner: TicketOwnerFilter;
  /** only those past SUPPORT_REPLY_HOURS with no reply */
  due: TTicketDueFilter;
  /** newest first, or waiting longest first */
  sort: TTicketSort;
}

/** The ticket list's owner filter: anyone, mine, or nobody's yet. */
export const ticketOwnerFilters = ['all', 'mine', 'unassigned'] as const;
export type TicketOwnerFilter = (typeof ticketOwnerFilters)[number];

/** The filters as the list and the CSV export both read them; defaults left out. */
function ticketParams({ q, origin, status, owner, due, sort }: TicketListFilters) {
  return {
    origin,
    status,
    owner: owner === 'all' ? undefined : owner,
    due: due === 'all' ? undefined : due,
    sort: sort === 'newest' ? undefined : sort,
    q,
  };
}

/** GET /api/admin/support-tickets: one page of 20, newest first. */
export function getTickets(filters: TicketListFilters, cursor: string | null, signal?: AbortSignal): Promise<TTicketPage> {
  const { origin, status, ...rest } = ticketParams(filters);
  return request('GET /api/admin/support-tickets', { query: { origin, status, limit: pageSize, ...rest, cursor }, signal });
}

/** GET /api/admin/support-tickets/export.csv: a plain link (the browser saves the streamed file); the header row in `language`. */
export function ticketsExportUrl(filters: TicketListFilters, language: Language): string {
  return apiPath('GET /api/admin/support-tickets/export.csv', { query: { ...ticketParams(filters), lang: language } });
}

export const ticketsQueryOptions = (filters: TicketListFilters) =>
  cursorPagesQueryOptions([...supportTicketKeys.list(filters.origin), filters.status, filters.owner, filters.due, filters.sort, filters.q], (cursor, signal) =>
    getTickets(filters, cursor, signal),
  );

// while the next search is on its way the previous results stay on screen, as in the orders list
export const useTickets = (filters: TicketListFilters) => useInfiniteQuery({ ...ticketsQueryOptions(filters), placeholderData: keepPreviousData });

/* One ticket's page: the thread, replies emailed to the requester, internal notes, open/closed. */

const threadKey = (id: string) => [...supportTicketKeys.all, 'thread', id] as const;

/** GET /api/admin/support-tickets/:id (404 support.admin.thread.notFound) */
export function getTicketThread(id: string, signal?: AbortSignal): Promise<TTicketThread> {
  return request('GET /api/admin/support-tickets/:id', { params: { id }, signal });
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
    mutationFn: (body: string) => {
      const options = { params: { id }, body: { body } };
      return kind === 'reply' ? request('POST /api/admin/support-tickets/:id/replies', options) : request('POST /api/admin/support-tickets/:id/notes', options);
    },
    onSuccess: refresh,
  });
}

/** PATCH …/status: close, or reopen. */
export function useSetTicketStatus(id: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (status: TicketStatus) => request('PATCH /api/admin/support-tickets/:id/status', { params: { id }, body: { status } }),
    onSuccess: refresh,
  });
}

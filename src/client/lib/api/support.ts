import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TSupportTicket, TTicketOriginFilter, TTicketPage } from '@shared/support';
import { api } from '../api-client';
import { currentLanguage } from '../i18n';
import { cursorPagesQueryOptions } from './cursor-pages';

/* /api/support-tickets (anyone) and /api/admin/support-tickets (administrators). */

export const supportTicketKeys = {
  all: ['admin', 'support-tickets'] as const,
  list: (origin: TTicketOriginFilter) => [...supportTicketKeys.all, origin] as const,
};

const pageSize = 20;

/** GET /api/admin/support-tickets: one page of 20, newest first. */
export function getTickets(origin: TTicketOriginFilter, cursor: string | null, signal?: AbortSignal): Promise<TTicketPage> {
  const query = new URLSearchParams({ origin, limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return api<TTicketPage>(`/api/admin/support-tickets?${query}`, { signal });
}

export const ticketsQueryOptions = (origin: TTicketOriginFilter) => cursorPagesQueryOptions(supportTicketKeys.list(origin), (cursor, signal) => getTickets(origin, cursor, signal));

export const useTickets = (origin: TTicketOriginFilter) => useInfiniteQuery(ticketsQueryOptions(origin));

/** POST /api/support-tickets, SPEC calls 19 and 20: a support ticket, or an affiliate application (message_origin 'Affiliate'). */
export function createTicket(input: TSupportTicket): Promise<{ ticket: { id: string } }> {
  return api<{ ticket: { id: string } }>('/api/support-tickets', { body: { ...input, language: currentLanguage() } });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // an administrator who writes one sees it in the list at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketKeys.all }),
  });
}

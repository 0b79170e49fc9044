import { useMutation, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TSupportTicket, TTicketOriginFilter } from '@shared/support';
import { request } from './request';
import { currentLanguage } from '../i18n';

/* /api/support-tickets: anyone sends a ticket. The administrators' list is admin-tickets.ts. */

/** Every administrators' ticket list is under `all`, one per origin filter. */
export const supportTicketKeys = {
  all: ['admin', 'support-tickets'] as const,
  list: (origin: TTicketOriginFilter) => [...supportTicketKeys.all, origin] as const,
};

/** POST /api/support-tickets: a support ticket, or an affiliate application (message_origin 'Affiliate'). */
export function createTicket(input: TSupportTicket): Promise<{ ticket: { id: string } }> {
  return request('POST /api/support-tickets', { body: { ...input, language: currentLanguage() } });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // an administrator who writes one sees it in the list at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketKeys.all }),
  });
}

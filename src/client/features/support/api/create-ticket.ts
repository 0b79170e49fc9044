import { useMutation } from '@tanstack/react-query';
import type { TSupportTicket } from '@shared/support';
import { api } from '@client/lib/api-client';
import { currentLanguage } from '@client/lib/i18n';

/** SPEC calls 19 and 20: a support ticket, or an affiliate application (message_origin 'Affiliate'). */
export const useCreateTicket = () =>
  useMutation({
    mutationFn: (input: TSupportTicket) => api<{ ticket: { id: string } }>('/api/support-tickets', { body: { ...input, language: currentLanguage() } }),
  });

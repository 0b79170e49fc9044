import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TOrderMessage, TOrderThread, TUnreadMessages } from '@shared/order-messages';
import { api } from '../api-client';

/* An order's thread (issue 34): /api/orders/:id/messages and /api/me/messages/unread. */

export const threadKeys = {
  thread: (orderId: string) => ['orders', orderId, 'messages'] as const,
  unread: ['me', 'messages', 'unread'] as const,
};

/** Until the live stream arrives (issue 34's events), an open thread asks again every 15 seconds while the tab is visible. */
const refreshMs = 15_000;

export function useOrderThread(orderId: string) {
  return useQuery({
    queryKey: threadKeys.thread(orderId),
    queryFn: ({ signal }) => api<TOrderThread>(`/api/orders/${encodeURIComponent(orderId)}/messages`, { signal }),
    refetchInterval: refreshMs,
  });
}

export function usePostMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<{ message: TOrderMessage }>(`/api/orders/${encodeURIComponent(orderId)}/messages`, { body: { body } }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<TOrderThread>(threadKeys.thread(orderId), (thread) => (thread ? { messages: [...thread.messages, message] } : thread));
      void queryClient.invalidateQueries({ queryKey: threadKeys.thread(orderId) });
    },
  });
}

/** The other side's messages are read: the unread count follows. */
export function useMarkThreadRead(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/orders/${encodeURIComponent(orderId)}/messages/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKeys.unread }),
  });
}

export function useUnreadMessages() {
  return useQuery({ queryKey: threadKeys.unread, queryFn: ({ signal }) => api<TUnreadMessages>('/api/me/messages/unread', { signal }), refetchInterval: refreshMs });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TOrderMessage, TOrderThread, TRequestInput } from '@shared/order-messages';
import { apiPath, request } from './request';
import { useLiveConnected } from '../live-status';

/* An order's thread: /api/orders/:id/messages and /api/me/messages/unread. */

export const threadKeys = {
  thread: (orderId: string) => ['orders', orderId, 'messages'] as const,
  unread: ['me', 'messages', 'unread'] as const,
};

/**
 * While the live stream is connected (lib/live-events.ts) its events refetch the thread and the
 * count; without it (reconnecting, or a page outside the signed-in layout, like the header's
 * count on a public page) an open thread asks again every 15 seconds while the tab is visible.
 */
const refreshMs = 15_000;
const useRefreshInterval = () => (useLiveConnected() ? false : refreshMs);

export function useOrderThread(orderId: string) {
  return useQuery({
    queryKey: threadKeys.thread(orderId),
    queryFn: ({ signal }) => request('GET /api/orders/:id/messages', { params: { id: orderId }, signal }),
    refetchInterval: useRefreshInterval(),
  });
}

/** A message's fields and files as the multipart endpoints read them: `message` (JSON) first, then each file. */
function messageForm(message: { body: string; request?: TRequestInput }, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('message', JSON.stringify(message));
  for (const file of files) form.append('files', file);
  return form;
}

export interface NewMessage {
  body: string;
  /** the team only: what the customer should send, by when */
  request?: TRequestInput;
  files?: readonly File[];
}

/** A message added to the thread as the server answered it; then the thread, and the order lists (a request changes them), are read again. */
function useThreadWrite<T>(orderId: string, write: (input: T) => Promise<{ message: TOrderMessage }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ message }) => {
      queryClient.setQueryData<TOrderThread>(threadKeys.thread(orderId), (thread) => (thread ? { messages: [...thread.messages, message] } : thread));
      // the thread, the order (a replaced identity document) and the lists (open requests), wherever they are shown
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** POST /api/orders/:id/messages, or …/messages/files with attachments. */
export function usePostMessage(orderId: string) {
  const params = { id: orderId };
  return useThreadWrite(orderId, ({ body, request: asks, files = [] }: NewMessage) =>
    files.length > 0
      ? request('POST /api/orders/:id/messages/files', { params, body: messageForm({ body, request: asks }, files) })
      : request('POST /api/orders/:id/messages', { params, body: { body, ...(asks ? { request: asks } : {}) } }),
  );
}

/** POST /api/orders/:id/requests/:requestId/answer: the customer's words, and the file a file request asks for. */
export function useAnswerRequest(orderId: string) {
  return useThreadWrite(orderId, ({ requestId, body, file }: { requestId: string; body: string; file?: File }) =>
    request('POST /api/orders/:id/requests/:requestId/answer', { params: { id: orderId, requestId }, body: messageForm({ body }, file ? [file] : []) }),
  );
}

/** POST /api/orders/:id/requests/:requestId/withdraw: the team takes a request back. */
export function useWithdrawRequest(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => request('POST /api/orders/:id/requests/:requestId/withdraw', { params: { id: orderId, requestId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** Where an attachment opens (the owner or the team; a new tab shows a PDF or an image). */
export const attachmentUrl = (orderId: string, attachmentId: string) =>
  apiPath('GET /api/orders/:id/messages/attachments/:attachmentId', { params: { id: orderId, attachmentId } });

/** The other side's messages are read: the unread count follows. */
export function useMarkThreadRead(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/orders/:id/messages/read', { params: { id: orderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKeys.unread }),
  });
}

export function useUnreadMessages() {
  return useQuery({
    queryKey: threadKeys.unread,
    queryFn: ({ signal }) => request('GET /api/me/messages/unread', { signal }),
    refetchInterval: useRefreshInterval(),
  });
}

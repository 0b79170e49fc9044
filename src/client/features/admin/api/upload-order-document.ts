import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrderDocument } from '@shared/order-model';
import { api } from '@client/lib/api-client';
import { orderDocumentsKey } from './admin-query-keys';

/**
 * POST /api/admin/orders/:id/documents: one multipart field named `file`. The server checks the
 * type by content (415), the size (413) and that a file came at all (400 admin.noFileSelected).
 */
export async function uploadOrderDocument(orderId: string, file: File): Promise<TOrderDocument> {
  const form = new FormData();
  form.append('file', file);
  const { document } = await api<{ document: TOrderDocument }>(`/api/admin/orders/${encodeURIComponent(orderId)}/documents`, { method: 'POST', body: form });
  return document;
}

export function useUploadOrderDocument(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadOrderDocument(orderId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderDocumentsKey(orderId) }),
  });
}

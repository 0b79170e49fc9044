import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import type { TOrderInput } from '@shared/orders';
import { api } from '@client/lib/api-client';

export type IdentityFiles = Record<IdentityDocument, File | null>;

/**
 * One multipart request: the order as JSON first, so the server can refuse a bad order before it
 * stores any file, then the chosen documents under their field names.
 */
export function orderFormData(order: TOrderInput, files: IdentityFiles): FormData {
  const body = new FormData();
  body.append('order', JSON.stringify(order));
  for (const name of identityDocuments) {
    const file = files[name];
    if (file) body.append(name, file, file.name);
  }
  return body;
}

export function createOrder(order: TOrderInput, files: IdentityFiles): Promise<{ order: { id: string } }> {
  return api('/api/orders', { method: 'POST', body: orderFormData(order, files) });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, files }: { order: TOrderInput; files: IdentityFiles }) => createOrder(order, files),
    // any cached order list (the dashboard's) now misses the new order
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

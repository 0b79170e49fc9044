import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import type { TOrderDetail, TOrderDocument, TOrderSummary } from '@shared/orders';
import type { TOrderInput } from '@shared/orders';
import { apiPath, request } from './request';

/*
 * /api/orders*: the signed-in customer's orders, their documents and their private files. The
 * customer pages and the admin order page (documents) read them through this one module.
 * Values only from @shared/order-model, types only from the zod schemas (@shared/orders): pages that
 * only show orders do not download the validation library.
 */

/**
 * Query keys, broadest first: invalidating `orderKeys.all` refreshes the list, every order and
 * every order's documents; `orderKeys.detail(id)` an order and its documents.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  documents: (id: string) => [...orderKeys.detail(id), 'documents'] as const,
};

/** GET /api/orders: the signed-in user's orders, newest first. */
export async function getOrders(signal?: AbortSignal): Promise<TOrderSummary[]> {
  const { orders } = await request('GET /api/orders', { signal });
  return orders;
}

/** GET /api/orders/:id: one order in full (404 when it is not the user's, 400 for a malformed id). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  const { order } = await request('GET /api/orders/:id', { params: { id }, signal });
  return order;
}

/** GET /api/orders/:id/documents: what administrators added to the order, newest first (owner or administrator). */
export async function getOrderDocuments(orderId: string, signal?: AbortSignal): Promise<TOrderDocument[]> {
  const { documents } = await request('GET /api/orders/:id/documents', { params: { id: orderId }, signal });
  return documents;
}

// statuses change elsewhere (payment confirmation, administrators): every visit shows the cached
// list at once and asks the server again in the background
export const ordersQueryOptions = () => queryOptions({ queryKey: orderKeys.list(), queryFn: ({ signal }) => getOrders(signal), staleTime: 0 });

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

// administrators add documents at any time: a later visit asks again (the cached list shows meanwhile)
export const orderDocumentsQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.documents(orderId), queryFn: ({ signal }) => getOrderDocuments(orderId, signal), staleTime: 0 });

/** `enabled`: false for a page that reads them only for a signed-in user (the support form) */
export const useOrders = (enabled = true) => useQuery({ ...ordersQueryOptions(), enabled });

/** No id (e.g. a checkout link without ?orderId), no request: the page shows or redirects instead. */
export const useOrder = (id: string) => useQuery({ ...orderQueryOptions(id), enabled: id !== '' });

export const useOrderDocuments = (orderId: string) => useQuery(orderDocumentsQueryOptions(orderId));

export type IdentityFiles = Record<IdentityDocument, File | null>;

/**
 * One multipart request: the order as JSON first, so the server can refuse a bad order before it
 * stores any file, then the chosen documents under their field names.
 */
export function orderFormData(order: TOrderInput, files: IdentityFiles, keep?: readonly IdentityDocument[]): FormData {
  const body = new FormData();
  body.append('order', JSON.stringify(order));
  // an edit: the documents on file that stay (ZKeptDocuments); one not kept and not sent goes
  if (keep) body.append('keep', JSON.stringify(keep));
  for (const name of identityDocuments) {
    const file = files[name];
    if (file) body.append(name, file, file.name);
  }
  return body;
}

/** POST /api/orders: a new order, pending payment. */
export function createOrder(order: TOrderInput, files: IdentityFiles): Promise<{ order: { id: string } }> {
  return request('POST /api/orders', { body: orderFormData(order, files) });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, files }: { order: TOrderInput; files: IdentityFiles }) => createOrder(order, files),
    // any cached order list (the dashboard's) now misses the new order
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.list() }),
  });
}

/** PUT /api/orders/:id: the owner rewrites an unpaid order (409 once it is paid). */
export function updateOrder(id: string, order: TOrderInput, files: IdentityFiles, keep: readonly IdentityDocument[]): Promise<{ order: { id: string } }> {
  return request('PUT /api/orders/:id', { params: { id }, body: orderFormData(order, files, keep) });
}

/** DELETE /api/orders/:id: the owner discards an unpaid order with its files. */
export function discardOrder(id: string): Promise<void> {
  return request('DELETE /api/orders/:id', { params: { id } });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, order, files, keep }: { id: string; order: TOrderInput; files: IdentityFiles; keep: readonly IdentityDocument[] }) =>
      updateOrder(id, order, files, keep),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useDiscardOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => discardOrder(id),
    onSuccess: (_done, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: orderKeys.list() });
    },
  });
}

/*
 * Files are never at a public URL: these endpoints check the session cookie (owner or
 * administrator) and stream the file, so a plain link opened in a new tab is the download.
 */

/** GET /api/documents/:id/file: a document an administrator added to an order. */
export function documentFileUrl(documentId: string): string {
  return apiPath('GET /api/documents/:id/file', { params: { id: documentId } });
}

/** The bank pack's ZIP, after the EIN: a plain link, saved by the browser. */
export function bankPackUrl(orderId: string): string {
  return apiPath('GET /api/orders/:id/bank-pack', { params: { id: orderId } });
}

/** GET /api/orders/:id/identity/:document: an identity file the customer uploaded with the order. */
export function identityFileUrl(orderId: string, document: IdentityDocument): string {
  return apiPath('GET /api/orders/:id/identity/:document', { params: { id: orderId, document } });
}

/** GET /api/orders/:id/receipt: the PDF receipt of a paid order, in the customer's language. */
export function receiptUrl(orderId: string): string {
  return apiPath('GET /api/orders/:id/receipt', { params: { id: orderId } });
}

import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type {
  AdminOrderSort,
  AdminRequestFilter,
  TAdminOrderDetail,
  TAdminOrderIds,
  TAdminOrderPage,
  TOrderNote,
  TOrderNoteList,
  TPaymentReviewList,
  TPaymentReviewResolved,
  TStatusChangeResult,
} from '@shared/admin';
import type { Language } from '@shared/languages';
import type { TMilestoneRecorded, TMilestoneRecordInput } from '@shared/milestone-schemas';
import type { TOrderDocument } from '@shared/orders';
import type { OrderStatus } from '@shared/order-status';
import type { TBulkRequest } from '@shared/bulk-orders';
import type { TOrderCorrected, TOrderCorrection } from '@shared/order-correction';

import { apiPath, request } from './request';
import { cursorPagesQueryOptions } from './cursor-pages';
import { orderKeys } from './orders';

/*
 * /api/admin/orders*: the administrators' view of orders. An order's documents are read through
 * the customers' endpoint (orders.ts), under the same key, so an upload here refreshes them there.
 */

/** Everything under `adminOrderKeys.all`: invalidating it refreshes every list (each search) and the open order. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  lists: () => [...adminOrderKeys.all, 'list'] as const,
  list: (filters: AdminOrderListFilters) => [...adminOrderKeys.lists(), filters] as const,
  notes: (id: string) => [...adminOrderKeys.all, 'notes', id] as const,
  detail: (id: string) => [...adminOrderKeys.all, 'detail', id] as const,
  paymentReviews: () => [...adminOrderKeys.all, 'payment-reviews'] as const,
};

/** The list's filters as the URL of /admin/orders and the API both spell them (ZAdminOrderFilters); unset ones are absent. */
export interface AdminOrderListFilters {
  q?: string;
  status?: OrderStatus;
  state?: string;
  nationality?: string;
  from?: string;
  to?: string;
  /** 'open': only orders with a request waiting for the customer */
  requests?: AdminRequestFilter;
  /** 'requested': only orders whose refund request waits for a decision */
  refund?: 'requested';
  /** 'mine', 'unassigned' or an administrator's id */
  owner?: string;
  sort?: AdminOrderSort;
}

/** The filters as query parameters, unset ones left out (the same in the page URL, the API and the export). */
export function filterParams(filters: AdminOrderListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params;
}

/** GET /api/admin/orders: one page (50) of the matching orders; the server filters, sorts and searches. */
export function getAdminOrders(filters: AdminOrderListFilters, cursor: string | null, signal?: AbortSignal): Promise<TAdminOrderPage> {
  return request('GET /api/admin/orders', { query: { ...filters, cursor }, signal });
}

/** GET /api/admin/orders/ids: every order the filters match (at most 500), for "select all". */
export function getAdminOrderIds(filters: AdminOrderListFilters): Promise<TAdminOrderIds> {
  return request('GET /api/admin/orders/ids', { query: filters });
}

/** GET /api/admin/orders/export.csv: a plain link (the browser saves the streamed file); the header row in `language`. */
export function adminOrdersExportUrl(filters: AdminOrderListFilters, language: Language, ids?: readonly string[]): string {
  // a selection is exported by its ids alone: the filters that found it may have changed since
  return apiPath('GET /api/admin/orders/export.csv', { query: ids ? { ids: ids.join(','), lang: language } : { ...filters, lang: language } });
}

/** GET /api/admin/orders/:id: the whole order, its customer and its status history (404 admin.orderNotFound). */
export function getAdminOrder(id: string, signal?: AbortSignal): Promise<TAdminOrderDetail> {
  return request('GET /api/admin/orders/:id', { params: { id }, signal });
}

export const adminOrdersQueryOptions = (filters: AdminOrderListFilters) =>
  cursorPagesQueryOptions(adminOrderKeys.list(filters), (cursor, signal) => getAdminOrders(filters, cursor, signal));

export const adminOrderQueryOptions = (id: string) => queryOptions({ queryKey: adminOrderKeys.detail(id), queryFn: ({ signal }) => getAdminOrder(id, signal) });

export function useAdminOrders(filters: AdminOrderListFilters) {
  // while the next search is on its way the previous results stay on screen, instead of a spinner per keystroke
  return useInfiniteQuery({ ...adminOrdersQueryOptions(filters), placeholderData: keepPreviousData });
}

export const useAdminOrder = (id: string) => useQuery(adminOrderQueryOptions(id));

/** PATCH /api/admin/orders/:id/status: any of the four statuses, in any order (400 admin.invalidStatus). */
export function changeOrderStatus(orderId: string, status: OrderStatus): Promise<TStatusChangeResult> {
  return request('PATCH /api/admin/orders/:id/status', { params: { id: orderId }, body: { status } });
}

export function useChangeOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => changeOrderStatus(orderId, status),
    onSuccess: async ({ status }) => {
      // the badge follows at once; the refetch then brings the new history row
      queryClient.setQueryData<TAdminOrderDetail>(adminOrderKeys.detail(orderId), (detail) => detail && { ...detail, order: { ...detail.order, status } });
      // the order and every list that shows it
      await queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}

/**
 * PATCH /api/admin/orders/:id: the corrected order and the reason; answers the fields
 * that changed (400 with field errors as the wizard's, or admin.correction.unchanged).
 */
export function correctOrder(orderId: string, correction: TOrderCorrection): Promise<TOrderCorrected> {
  return request('PATCH /api/admin/orders/:id', { params: { id: orderId }, body: correction });
}

export function useCorrectOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: TOrderCorrection) => correctOrder(orderId, correction),
    // the order with its timeline (under its key), every list that shows its names, and the customer's view in this browser
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }), queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) })]),
  });
}

/** POST /api/admin/orders/:id/release-hold: the customer may pay a held order (ADR 0012); `released` false when it was not held. */
export function releaseOrderHold(orderId: string): Promise<{ released: boolean }> {
  return request('POST /api/admin/orders/:id/release-hold', { params: { id: orderId } });
}

export function useReleaseOrderHold(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseOrderHold(orderId),
    // the order and every list that shows its badge
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}

/**
 * POST /api/admin/orders/:id/milestones: records a milestone or corrects it (400 with field errors
 * such as admin.milestones.invalidEin); `changed` false when it was already recorded so.
 */
export function recordOrderMilestone(orderId: string, record: TMilestoneRecordInput): Promise<TMilestoneRecorded> {
  return request('POST /api/admin/orders/:id/milestones', { params: { id: orderId }, body: record });
}

export function useRecordOrderMilestone(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: TMilestoneRecordInput) => recordOrderMilestone(orderId, record),
    // the admin page's timeline, and the customer's view of the order if this browser has it
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      ]),
  });
}

/**
 * POST /api/admin/orders/:id/documents: one multipart field named `file`. The server checks the
 * type by content (415), the size (413) and that a file came at all (400 admin.noFileSelected).
 */
export async function uploadOrderDocument(orderId: string, file: File, kind: TOrderDocument['kind'] = 'other'): Promise<TOrderDocument> {
  const form = new FormData();
  form.append('file', file);
  const { document } = await request('POST /api/admin/orders/:id/documents', { params: { id: orderId }, query: { kind }, body: form });
  return document;
}

export function useUploadOrderDocument(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: TOrderDocument['kind'] }) => uploadOrderDocument(orderId, file, kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.documents(orderId) }),
  });
}

/** PUT /api/admin/orders/:id/documents/:documentId: the new file takes the document's place; same checks as an upload, 404 admin.documentNotFound. */
export async function replaceOrderDocument(orderId: string, documentId: string, file: File): Promise<TOrderDocument> {
  const form = new FormData();
  form.append('file', file);
  const { document } = await request('PUT /api/admin/orders/:id/documents/:documentId', { params: { id: orderId, documentId }, body: form });
  return document;
}

/** DELETE /api/admin/orders/:id/documents/:documentId: 204; 404 admin.documentNotFound. */
export function deleteOrderDocument(orderId: string, documentId: string): Promise<void> {
  return request('DELETE /api/admin/orders/:id/documents/:documentId', { params: { id: orderId, documentId } });
}

export function useReplaceOrderDocument(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, file }: { documentId: string; file: File }) => replaceOrderDocument(orderId, documentId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.documents(orderId) }),
  });
}

export function useDeleteOrderDocument(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteOrderDocument(orderId, documentId),
    // a document already gone (404) is gone from the list too
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.documents(orderId) }),
  });
}

/** GET /api/admin/payment-reviews: payment events that did not match their order, still open, newest first. */
export function getPaymentReviews(signal?: AbortSignal): Promise<TPaymentReviewList> {
  return request('GET /api/admin/payment-reviews', { signal });
}

export const paymentReviewsQueryOptions = () => queryOptions({ queryKey: adminOrderKeys.paymentReviews(), queryFn: ({ signal }) => getPaymentReviews(signal) });

export const usePaymentReviews = () => useQuery(paymentReviewsQueryOptions());

/** POST /api/admin/payment-reviews/:id/resolve (404 admin.reviewNotFound); a second call changes nothing. */
export function resolvePaymentReview(id: string): Promise<TPaymentReviewResolved> {
  return request('POST /api/admin/payment-reviews/:id/resolve', { params: { id } });
}

export function useResolvePaymentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentReview,
    onSuccess: ({ id }) => {
      // gone from the list at once; the refetch confirms
      queryClient.setQueryData<TPaymentReviewList>(
        adminOrderKeys.paymentReviews(),
        (list) => list && { reviews: list.reviews.filter((review) => review.id !== id) },
      );
      return queryClient.invalidateQueries({ queryKey: adminOrderKeys.paymentReviews() });
    },
  });
}

/** GET /api/admin/orders/:id/notes: the internal notes, oldest first (administrators only). */
export function getOrderNotes(orderId: string, signal?: AbortSignal): Promise<TOrderNoteList> {
  return request('GET /api/admin/orders/:id/notes', { params: { id: orderId }, signal });
}

export const useOrderNotes = (orderId: string) =>
  useQuery({ queryKey: adminOrderKeys.notes(orderId), queryFn: ({ signal }) => getOrderNotes(orderId, signal) });

/** POST /api/admin/orders/:id/notes (400 admin.notes.required / admin.notes.tooLong). */
export function addOrderNote(orderId: string, body: string): Promise<TOrderNote> {
  return request('POST /api/admin/orders/:id/notes', { params: { id: orderId }, body: { body } });
}

export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addOrderNote(orderId, body),
    onSuccess: (note) => {
      queryClient.setQueryData<TOrderNoteList>(adminOrderKeys.notes(orderId), (list) => list && { notes: [...list.notes, note] });
      return queryClient.invalidateQueries({ queryKey: adminOrderKeys.notes(orderId) });
    },
  });
}

/** POST /api/admin/orders/bulk: the result per order; then every list and order is read again. */
export function useBulkOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bulk: TBulkRequest) => request('POST /api/admin/orders/bulk', { body: bulk }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
}

/** GET /api/admin/orders/:id/timeline: under the order's key, so whatever changes the order reads it again. */
export const useOrderTimeline = (id: string) =>
  useQuery({
    queryKey: [...adminOrderKeys.detail(id), 'timeline'],
    queryFn: ({ signal }) => request('GET /api/admin/orders/:id/timeline', { params: { id }, signal }),
  });

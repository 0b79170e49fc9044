import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMarkDone } from '@shared/compliance/api';
import { request } from './request';
import { cursorPagesQueryOptions } from './cursor-pages';

/* /api/orders/:id/compliance: a formed company's deadlines, owner or administrator. */

export const complianceKey = (orderId: string) => ['orders', 'detail', orderId, 'compliance'] as const;

// "due soon" and "overdue" depend on the day: a later visit asks again
export const useCompliance = (orderId: string) =>
  useQuery({
    queryKey: complianceKey(orderId),
    queryFn: ({ signal }) => request('GET /api/orders/:id/compliance', { params: { id: orderId }, signal }),
    staleTime: 0,
  });

/** POST …/compliance/done: the answer is the calendar with the occurrence done and the next one. */
export function useMarkDone(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMarkDone) => request('POST /api/orders/:id/compliance/done', { params: { id: orderId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(complianceKey(orderId), answer),
  });
}

/* /api/orders/:id/calendar-link: the owner's secret calendar feed. Its URL is in the answer that made it only (stored hashed). */
const linkKey = (orderId: string) => ['orders', 'detail', orderId, 'calendar-link'] as const;

export const useCalendarLink = (orderId: string) =>
  useQuery({ queryKey: linkKey(orderId), queryFn: ({ signal }) => request('GET /api/orders/:id/calendar-link', { params: { id: orderId }, signal }) });

/** Makes a new link (the old one stops working) or, with 'DELETE', revokes it. */
export function useChangeCalendarLink(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: 'POST' | 'DELETE') => {
      const options = { params: { id: orderId } };
      return method === 'POST' ? request('POST /api/orders/:id/calendar-link', options) : request('DELETE /api/orders/:id/calendar-link', options);
    },
    onSuccess: (answer) => queryClient.setQueryData(linkKey(orderId), answer),
  });
}

/** GET /api/admin/compliance: every formed company's overdue and soon-due deadlines, a page of companies at a time (ADR 0037). */
export const useAdminCompliance = () =>
  useInfiniteQuery({
    ...cursorPagesQueryOptions(['admin', 'compliance'], (cursor, signal) => request('GET /api/admin/compliance', { query: { cursor }, signal })),
    staleTime: 0,
  });

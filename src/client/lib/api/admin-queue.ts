import { keepPreviousData, useQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TQueueQuery } from '@shared/queue';
import { request } from './request';
import { adminOrderKeys } from './admin-orders';

/**
 * GET /api/admin/queue. Under the admin order lists' key, so every live event about an
 * order reads it again; and every minute besides, since work becomes late with no event at all.
 */
export const adminQueueKey = (query: TQueueQuery) => [...adminOrderKeys.lists(), 'queue', query] as const;
const everyMinute = 60_000;

export function useAdminQueue(query: TQueueQuery) {
  return useQuery({
    queryKey: adminQueueKey(query),
    queryFn: ({ signal }) => request('GET /api/admin/queue', { query, signal }),
    refetchInterval: everyMinute,
    // "Show more" and another owner keep the sections on screen while the next answer comes
    placeholderData: keepPreviousData,
  });
}

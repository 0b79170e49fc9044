import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TAssignee } from '@shared/assignment';
import { request } from './request';

/* Owners: who can own work, and giving an order or a ticket to one of them. */

export const assigneeKeys = { all: ['admin', 'assignees'] as const };

/** GET /api/admin/assignees: every administrator, by name (rarely changes: fresh for 5 minutes). */
export const useAssignees = () =>
  useQuery({
    queryKey: assigneeKeys.all,
    queryFn: ({ signal }) => request('GET /api/admin/assignees', { signal }).then((answer) => answer.assignees),
    staleTime: 5 * 60_000,
  });

/** What an owner is given to: an order or a support ticket. */
export interface Assignable {
  kind: 'order' | 'ticket';
  id: string;
}

/** POST …/assignee (an order's or a ticket's): then what shows it (`refresh`) is read again. */
export function useAssign(item: Assignable, refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assigneeId: string | null) => {
      const options = { params: { id: item.id }, body: { assigneeId } };
      // what shows the item reads it again: neither answer is kept
      await (item.kind === 'order'
        ? request('POST /api/admin/orders/:id/assignee', options)
        : request('POST /api/admin/support-tickets/:id/assignee', options));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

export type { TAssignee };

import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TAssignee, TAssigneeList } from '@shared/assignment';
import { api } from '../api-client';

/* Owners: who can own work, and giving an order or a ticket to one of them. */

export const assigneeKeys = { all: ['admin', 'assignees'] as const };

/** GET /api/admin/assignees: every administrator, by name (rarely changes: fresh for 5 minutes). */
export const useAssignees = () =>
  useQuery({
    queryKey: assigneeKeys.all,
    queryFn: ({ signal }) => api<TAssigneeList>('/api/admin/assignees', { signal }).then((answer) => answer.assignees),
    staleTime: 5 * 60_000,
  });

/** POST `${path}/assignee` (an order's or a ticket's): then what shows it (`refresh`) is read again. */
export function useAssign(path: string, refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assigneeId: string | null) => api<unknown>(`${path}/assignee`, { body: { assigneeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

export type { TAssignee };

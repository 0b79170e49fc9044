import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TLaunchListSignup, TLaunchListSummary } from '@shared/launch-list';
import { api } from '../api-client';

/* /api/launch-list: the presale page's list (anyone joins); /api/admin/launch-list*: its count and CSV. */

export const launchListKeys = { summary: () => ['admin', 'launch-list'] as const };

/** The CSV download: a plain link, the browser sends the session cookie. */
export const launchListCsvPath = '/api/admin/launch-list.csv';

/** POST /api/launch-list: 202 whether or not the address was already there. */
export function joinLaunchList(signup: TLaunchListSignup): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/launch-list', { body: signup });
}

export const useJoinLaunchList = () => useMutation({ mutationFn: joinLaunchList });

export function getLaunchListSummary(signal?: AbortSignal): Promise<TLaunchListSummary> {
  return api<TLaunchListSummary>('/api/admin/launch-list', { signal });
}

export const useLaunchListSummary = () => useQuery(queryOptions({ queryKey: launchListKeys.summary(), queryFn: ({ signal }) => getLaunchListSummary(signal) }));

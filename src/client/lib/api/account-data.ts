import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TDataExport, TDeleteAccount } from '@shared/account-data';
import { apiPath, request } from './request';
import { setSession } from './session';

/*
 * /api/me/data-exports and /api/me/delete ("Your data, yours"): the signed-in customer's
 * data downloads, and the deletion of their account. Types only from the zod schemas.
 */

export const accountDataKeys = {
  all: ['account-data'] as const,
  exports: () => [...accountDataKeys.all, 'exports'] as const,
};

/** Where a ready export is downloaded: a plain link (the browser sends the cookie; the server checks the owner). */
export const dataExportFileUrl = (id: string) => apiPath('GET /api/me/data-exports/:id/file', { params: { id } });

/** GET /api/me/data-exports: the caller's exports not yet expired, newest first. */
export async function getDataExports(signal?: AbortSignal): Promise<TDataExport[]> {
  const { exports } = await request('GET /api/me/data-exports', { signal });
  return exports;
}

/** How often the list is asked again while an export is being prepared. */
export const pendingPollMs = 3000;

export const dataExportsQueryOptions = () =>
  queryOptions({ queryKey: accountDataKeys.exports(), queryFn: ({ signal }) => getDataExports(signal), staleTime: 0 });

/** The list, asked again every few seconds while one is pending (then not at all). */
export const useDataExports = () =>
  useQuery({
    ...dataExportsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((entry) => entry.status === 'pending') ? pendingPollMs : false),
  });

/** POST /api/me/data-exports: starts one (409 accountData.export.alreadyPending while one is pending). */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST /api/me/data-exports'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDataKeys.exports() }),
  });
}

/** POST /api/me/delete: the account is gone and its cookie cleared (then call `forgetDeletedAccount`). */
export const useDeleteAccount = () => useMutation({ mutationFn: (input: TDeleteAccount) => request('POST /api/me/delete', { body: input }) });

/**
 * After the deletion, once the page has left the account's pages (a guarded page seeing nobody
 * signed in would send the visitor to the login page): the session store says nobody, and nothing
 * of the account stays in memory or in this tab's drafts.
 */
export function forgetDeletedAccount(queryClient: QueryClient): void {
  setSession(null);
  queryClient.clear();
  try {
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing was kept
  }
}

import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// types only: this module adds no zod to the pages that read it
import type { TAdminUserPage, TIntegrationsStatus, TRoleChangeResult, TSecondFactorReset, TSessionsEnded, TUserRoleFilter } from '@shared/admin-users';
import type { TLaunchListSummary } from '@shared/launch-list';
import { apiPath, request } from './request';
import { cursorPagesQueryOptions } from './cursor-pages';

/* /api/admin/users*, /api/admin/integrations and /api/admin/launch-list*: the administrators' Users and Integrations pages. */

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: TUserRoleFilter) => [...adminUserKeys.all, 'list', { q, role }] as const,
  integrations: () => ['admin', 'integrations'] as const,
  launchList: () => ['admin', 'launch-list'] as const,
};

/** GET /api/admin/users: one page (50) of accounts, newest first; the server searches and filters. */
export function getAdminUsers(q: string, role: TUserRoleFilter, cursor: string | null, signal?: AbortSignal): Promise<TAdminUserPage> {
  return request('GET /api/admin/users', { query: { q, role: role === 'all' ? undefined : role, cursor }, signal });
}

export function useAdminUsers(q: string, role: TUserRoleFilter) {
  // the previous results stay on screen while the next search loads
  return useInfiniteQuery({
    ...cursorPagesQueryOptions(adminUserKeys.list(q, role), (cursor, signal) => getAdminUsers(q, role, cursor, signal)),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/admin/users/:id/role: 409 own_account (oneself) or last_admin; audited on the server. */
export function changeUserRole(id: string, isAdmin: boolean): Promise<TRoleChangeResult> {
  return request('PATCH /api/admin/users/:id/role', { params: { id }, body: { isAdmin } });
}

/** POST /api/admin/users/:id/end-sessions: the account is signed out everywhere. */
export function endUserSessions(id: string): Promise<TSessionsEnded> {
  return request('POST /api/admin/users/:id/end-sessions', { params: { id } });
}

/** POST /api/admin/users/:id/reset-two-factor: a lost factor removed, the account signed out; audited. */
export function resetSecondFactor(id: string): Promise<TSecondFactorReset> {
  return request('POST /api/admin/users/:id/reset-two-factor', { params: { id } });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: {
      kind: 'promote' | 'demote' | 'endSessions' | 'resetTwoFactor';
      id: string;
    }): Promise<TRoleChangeResult | TSessionsEnded | TSecondFactorReset> =>
      action.kind === 'endSessions'
        ? endUserSessions(action.id)
        : action.kind === 'resetTwoFactor'
          ? resetSecondFactor(action.id)
          : changeUserRole(action.id, action.kind === 'promote'),
    // every list shows the role and the session count
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** GET /api/admin/integrations: which adapter each concern uses and whether it answers. */
export function getIntegrations(signal?: AbortSignal): Promise<TIntegrationsStatus> {
  return request('GET /api/admin/integrations', { signal });
}

export const integrationsQueryOptions = () => queryOptions({ queryKey: adminUserKeys.integrations(), queryFn: ({ signal }) => getIntegrations(signal) });

export const useIntegrations = () => useQuery(integrationsQueryOptions());

/** The launch list's CSV: a plain link, the browser sends the session cookie. */
export const launchListCsvPath = apiPath('GET /api/admin/launch-list.csv');

export function getLaunchListSummary(signal?: AbortSignal): Promise<TLaunchListSummary> {
  return request('GET /api/admin/launch-list', { signal });
}

export const useLaunchListSummary = () =>
  useQuery(queryOptions({ queryKey: adminUserKeys.launchList(), queryFn: ({ signal }) => getLaunchListSummary(signal) }));

import { History, SearchX, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { type TRoleChangeResult, type TSecondFactorReset, type TSessionsEnded, userRoleFilters } from '@shared/admin-users';
import { paths } from '@shared/client-paths';
import { ListPage, ListResults, ListTotal } from '@client/components/list-page';
import { buttonClasses } from '@client/components/ui/button-classes';
import { EmptyState } from '@client/components/ui/data-views';
import { FilterButtons } from '@client/components/ui/filter-buttons';
import { useAdminUsers, useUserAction } from '@client/lib/api/admin-users';
import { useSession } from '@client/lib/api/session';
import { errorMessage } from '@client/lib/message';
import { usePageTitle } from '@client/lib/page-title';
import { Link } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';
import { useUrlFilter } from '@client/lib/use-url-filter';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { useUrlSearch } from '@client/lib/use-url-search';
import { LaunchListPanel } from './launch-list-panel';
import { ListSearch } from '@client/components/list-search';
import { UserActionConfirm } from './user-action-confirm';
import type { PendingUserAction } from './user-actions';
import { UserCardList, UsersTable } from './users-list';

/** /admin/users: every account, searched and paged by the server; roles and sessions; the launch list. */
export function AdminUsersPage() {
  const { t } = useAdminTranslation();
  usePageTitle(t('meta.users'));
  const { count, number, dateTime } = useFormats();
  const { user: me } = useSession();
  const search = useUrlSearch();
  const [role, setRole] = useUrlFilter('role', userRoleFilters);
  const users = useAdminUsers(search.query, role);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(search.query) || role !== 'all';

  const action = useUserAction();
  const [pending, setPending] = useState<PendingUserAction | null>(null);
  const [notice, setNotice] = useState<{ text: string; enrolmentLink: { url: string; expiresAt: string } | null } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const ask = (next: PendingUserAction) => {
    action.reset();
    setNotice(null);
    setPending(next);
  };
  const confirm = () => {
    if (!pending) return;
    action.mutate(
      { kind: pending.kind, id: pending.user.id },
      {
        onSuccess: (result: TRoleChangeResult | TSessionsEnded | TSecondFactorReset) => {
          const name = pending.user.name;
          setNotice({
            text:
              'ended' in result
                ? t('users.done.endSessions', { name, count: result.ended })
                : 'sessionsEnded' in result
                  ? t('users.done.resetTwoFactor', { name })
                  : result.changed && pending.kind !== 'endSessions' && pending.kind !== 'resetTwoFactor'
                    ? t(`users.done.${pending.kind}`, { name })
                    : t('users.done.unchanged', { name }),
            // the one-time link a new (or reset) administrator sets up their second factor with
            enrolmentLink: 'enrolmentLink' in result ? result.enrolmentLink : null,
          });
          setPending(null);
          // the answer is read out and the keyboard continues from it
          requestAnimationFrame(() => noticeRef.current?.focus());
        },
      },
    );
  };

  return (
    <ListPage
      title={t('users.title')}
      lead={t('users.lead')}
      aside={
        <div className="flex flex-col items-start gap-2 sm:items-end">
          {/* what the team did, accounts included */}
          <Link to={paths.adminActivity()} className={buttonClasses('outline', 'sm')}>
            <History className="size-4" aria-hidden="true" />
            {t('nav.activity')}
          </Link>
          {/* the count's line is kept while it loads: it arriving moved the page (layout shift) */}
          <div className="min-h-5">
            {users.isSuccess && (
              <ListTotal testId="users-total">{t(filtered ? 'users.matching' : 'users.total', { count: total, formatted: count(total) })}</ListTotal>
            )}
          </div>
        </div>
      }
    >
      <div className="mt-5">
        <LaunchListPanel />
      </div>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearch
          value={search.text}
          onChange={search.setText}
          busy={users.isFetching && !users.isFetchingNextPage}
          label={t('users.searchLabel')}
          placeholder={t('users.searchPlaceholder')}
        />
        {/* the filter lives in the URL with the search, so the list can be reloaded and shared */}
        <FilterButtons label={t('users.filterLabel')} options={userRoleFilters} value={role} onChange={setRole} className="self-start sm:self-auto">
          {(filter) => t(`users.filters.${filter}`)}
        </FilterButtons>
      </div>

      <div className="mt-4 space-y-4 empty:hidden">
        {pending && (
          <UserActionConfirm
            action={pending}
            busy={action.isPending}
            error={action.isError ? `${t('users.failed')}: ${errorMessage(t, action.error)}` : null}
            onConfirm={confirm}
            onCancel={() => setPending(null)}
          />
        )}
        {notice && (
          <div
            ref={noticeRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800 outline-none dark:border-green-800 dark:bg-green-950 dark:text-green-200"
          >
            <p>{notice.text}</p>
            {notice.enrolmentLink && (
              <>
                <p className="mt-2">{t('users.enrolmentLink', { until: dateTime(notice.enrolmentLink.expiresAt) })}</p>
                <p className="mt-1 font-mono text-xs break-all select-all" data-testid="enrolment-link">
                  {notice.enrolmentLink.url}
                </p>
              </>
            )}
          </div>
        )}
      </div>

      <ListResults
        query={users}
        rows={rows.length}
        framed
        loading={t('users.loading')}
        loadError={t('users.loadError')}
        errorDetail={errorMessage(t, users.error)}
        empty={<EmptyState icon={filtered ? SearchX : Users} message={t(filtered ? 'users.noneFound' : 'users.empty')} />}
        paging={{ showing: t('users.showing', { shown: number(rows.length), total: count(total) }), loadMore: t('users.loadMore') }}
      >
        <div className="hidden xl:block">
          <UsersTable users={rows} ownId={me?.id} onAction={ask} />
        </div>
        <div className="xl:hidden">
          <UserCardList users={rows} ownId={me?.id} onAction={ask} />
        </div>
      </ListResults>
    </ListPage>
  );
}

import type { TAdminUserRow } from '@shared/admin-users';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { type PendingUserAction, UserActions } from './user-actions';

interface UsersListProps {
  users: TAdminUserRow[];
  /** the signed-in administrator */
  ownId: string | undefined;
  onAction: (action: PendingUserAction) => void;
}

function RoleBadge({ user, own, className = 'flex flex-wrap gap-1' }: { user: TAdminUserRow; own: boolean; className?: string }) {
  const { t } = useAdminTranslation();
  return (
    <span className={className}>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${user.isAdmin ? 'bg-brand-700 text-white dark:bg-gold-400 dark:text-brand-900' : 'bg-surface-muted text-fg'}`}
        data-testid="user-role"
      >
        {t(user.isAdmin ? 'users.role.admin' : 'users.role.customer')}
      </span>
      {own && <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold">{t('users.you')}</span>}
    </span>
  );
}

/** The accounts from tablets up: one row each, the actions at the end. */
export function UsersTable({ users, ownId, onAction }: UsersListProps) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  const columns = ['name', 'signedUp', 'orders', 'role', 'actions'] as const;
  return (
    <table className="w-full text-left text-sm" data-testid="users-table">
      <caption className="sr-only">{t('users.caption')}</caption>
      <thead className="border-b border-line bg-surface-muted text-xs tracking-wide text-muted uppercase">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={`px-4 py-2.5 font-semibold whitespace-nowrap ${column === 'orders' ? 'text-right' : ''}`}>
              {t(`users.columns.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-(--border)">
        {users.map((user) => (
          <tr key={user.id} data-testid="user-row">
            <th scope="row" className="max-w-72 px-4 py-3 font-medium">
              <span className="block break-words">{user.name}</span>
              <span className="block text-xs font-normal break-all text-muted">{user.email}</span>
              <span className="block text-xs font-normal text-muted">{t('users.sessions', { count: user.activeSessions })}</span>
            </th>
            <td className="px-4 py-3 whitespace-nowrap text-muted">
              <time dateTime={user.createdAt}>{format.date(user.createdAt)}</time>
            </td>
            <td className="px-4 py-3 text-right tabular-nums">{format.number(user.orderCount)}</td>
            <td className="px-4 py-3">
              <RoleBadge user={user} own={user.id === ownId} />
            </td>
            <td className="px-4 py-3">
              <UserActions user={user} own={user.id === ownId} onAction={onAction} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The accounts on phones: one card each. */
export function UserCardList({ users, ownId, onAction }: UsersListProps) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  return (
    <ul className="divide-y divide-(--border)" aria-label={t('users.caption')} data-testid="user-cards">
      {users.map((user) => (
        <li key={user.id} className="space-y-2 px-4 py-3" data-testid="user-row">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{user.name}</p>
              <p className="text-sm break-all text-muted">{user.email}</p>
            </div>
            {/* stacked at the right, so a long name or email keeps the width */}
            <RoleBadge user={user} own={user.id === ownId} className="flex shrink-0 flex-col items-end gap-1" />
          </div>
          <p className="flex flex-wrap gap-x-2 text-sm text-muted">
            <span>{t('users.signedUpOn', { date: format.date(user.createdAt) })}</span>
            <span aria-hidden>·</span>
            <span>{t('users.ordersCount', { count: user.orderCount })}</span>
            <span aria-hidden>·</span>
            <span>{t('users.sessions', { count: user.activeSessions })}</span>
          </p>
          {user.id !== ownId && <UserActions user={user} own={false} onAction={onAction} />}
        </li>
      ))}
    </ul>
  );
}

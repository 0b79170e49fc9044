import { UserCheck } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { Panel } from '@client/components/ui/data-views';
import { inputClasses } from '@client/components/ui/field';
import { useAssign, useAssignees, type Assignable } from '@client/lib/api/assignees';
import { getSessionUser, subscribeSession } from '@client/lib/api/session';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage } from '@client/lib/message';
import type { useAdminTranslation } from '@client/lib/use-admin-translation';

/** The owner filter's words, on the orders list and the queue. */
export const ownerLabels = (t: ReturnType<typeof useAdminTranslation>['t']) => ({
  anyone: t('filters.anyOwner'),
  mine: t('filters.mine'),
  unassigned: t('filters.unassigned'),
});

/**
 * Who owns an order or a ticket, and the ways to change it: take it in one click, give
 * it to a colleague, or leave it unassigned. `refresh` is what shows it.
 */
export function OwnerControl({ item, assigneeId, refresh }: { item: Assignable; assigneeId: string | null; refresh: QueryKey }) {
  const { t } = useTranslation('owners');
  // the signed-in administrator, as the admin pages' guard already read them (no request of its own)
  const user = useSyncExternalStore(subscribeSession, getSessionUser, () => null);
  const assignees = useAssignees();
  const assign = useAssign(item, refresh);
  const [choice, setChoice] = useState('');
  const id = useId();
  const owner = assignees.data?.find((entry) => entry.id === assigneeId);
  const ownerName = assigneeId === null ? t('unassigned') : assigneeId === user?.id ? t('you') : (owner?.name ?? '…');

  return (
    <Panel compact title={t('title')} icon={UserCheck}>
      <div className="space-y-3 text-sm" data-testid="owner-control">
        <p>
          {t('owner')} <strong className="font-semibold">{ownerName}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          {user && assigneeId !== user.id && (
            <Button size="sm" busy={assign.isPending} onClick={() => assign.mutate(user.id)}>
              {t('take')}
            </Button>
          )}
          {assigneeId !== null && (
            <Button variant="outline" size="sm" busy={assign.isPending} onClick={() => assign.mutate(null)}>
              {t('unassign')}
            </Button>
          )}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) assign.mutate(choice, { onSuccess: () => setChoice('') });
          }}
        >
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={id} className="block text-xs font-semibold text-muted">
              {t('giveTo')}
            </label>
            <select id={id} className={inputClasses} value={choice} onChange={(event) => setChoice(event.target.value)} disabled={!assignees.data}>
              <option value="">{t('choose')}</option>
              {assignees.data
                ?.filter((entry) => entry.id !== assigneeId)
                .map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
            </select>
          </div>
          <Button type="submit" variant="outline" size="sm" busy={assign.isPending} disabled={!choice}>
            {t('assign')}
          </Button>
        </form>
        {assign.isError && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {errorMessage(t, assign.error)}
          </p>
        )}
      </div>
    </Panel>
  );
}

/** The options of an owner filter (the orders list, the queue): anyone, mine, unassigned, then every administrator by name;
 * a choice of owner (bulk assign) skips anyone. */
export function OwnerFilterOptions({ labels, skipAnyone = false }: { labels: { anyone: string; mine: string; unassigned: string }; skipAnyone?: boolean }) {
  const assignees = useAssignees();
  return (
    <>
      {!skipAnyone && <option value="">{labels.anyone}</option>}
      <option value="mine">{labels.mine}</option>
      <option value="unassigned">{labels.unassigned}</option>
      {assignees.data?.map((assignee) => (
        <option key={assignee.id} value={assignee.id}>
          {assignee.name}
        </option>
      ))}
    </>
  );
}

import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/field';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import type { PendingUserAction } from './user-actions';

interface UserActionConfirmProps {
  action: PendingUserAction;
  busy: boolean;
  /** the translated failure of the last attempt */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that changes someone's access. Focus moves here when it opens (the
 * question is read first), Escape cancels.
 */
export function UserActionConfirm({ action, busy, error, onConfirm, onCancel }: UserActionConfirmProps) {
  const { t } = useAdminTranslation();
  const titleId = useId();
  const bodyId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [action]);
  return (
    <section
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="user-action-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel();
      }}
      className="rounded-xl border border-gold-400 bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={titleId} ref={title} tabIndex={-1} className="flex items-start gap-2 font-semibold break-words outline-none">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold-700 dark:text-gold-300" aria-hidden />
        {t(`users.confirm.${action.kind}.title`, { name: action.user.name })}
      </h2>
      <p id={bodyId} className="mt-1 text-sm text-muted">
        {t(`users.confirm.${action.kind}.body`)}
      </p>
      {error && (
        <div className="mt-3">
          <FormError message={error} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button busy={busy} onClick={onConfirm}>
          {busy ? t('users.confirm.working') : t('users.confirm.yes')}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {t('users.confirm.cancel')}
        </Button>
      </div>
    </section>
  );
}

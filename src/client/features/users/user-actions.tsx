import { KeyRound, LogOut, ShieldMinus, ShieldPlus } from 'lucide-react';
import type { TAdminUserRow } from '@shared/admin-users';
import { Button } from '@client/components/ui/button';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

export type UserActionKind = 'promote' | 'demote' | 'endSessions' | 'resetTwoFactor';

export interface PendingUserAction {
  kind: UserActionKind;
  user: Pick<TAdminUserRow, 'id' | 'name'>;
}

interface UserActionsProps {
  user: TAdminUserRow;
  /** the signed-in administrator's own row: nothing to do here (the server refuses it too) */
  own: boolean;
  onAction: (action: PendingUserAction) => void;
}

/** A row's actions: the role (make or remove administrator), ending every session, and removing a lost second factor. */
export function UserActions({ user, own, onAction }: UserActionsProps) {
  const { t } = useAdminTranslation();
  if (own) return <span className="text-sm text-muted">—</span>;
  const roleAction: UserActionKind = user.isAdmin ? 'demote' : 'promote';
  const RoleIcon = user.isAdmin ? ShieldMinus : ShieldPlus;
  const button = (kind: UserActionKind, Icon: typeof LogOut) => (
    <Button
      variant="outline"
      size="sm"
      className="whitespace-nowrap"
      // the visible words begin the name; the account follows, as the buttons repeat per row
      aria-label={t('users.actions.label', { action: t(`users.actions.${kind}`), name: user.name })}
      data-action={kind}
      onClick={() => onAction({ kind, user: { id: user.id, name: user.name } })}
    >
      <Icon className="size-4" aria-hidden />
      {t(`users.actions.${kind}`)}
    </Button>
  );
  return (
    <span className="flex flex-wrap gap-2">
      {button(roleAction, RoleIcon)}
      {button('endSessions', LogOut)}
      {user.twoFactorEnabled && button('resetTwoFactor', KeyRound)}
    </span>
  );
}

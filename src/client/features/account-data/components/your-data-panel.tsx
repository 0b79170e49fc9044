import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, FileArchive, LoaderCircle, Trash2, UserX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { dataExportHours, paidOrderRetentionYears, type TDataExport } from '@shared/account-data';
import { paths } from '@shared/client-paths';
import { Button } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { FormError, TextField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { dataExportFileUrl, forgetDeletedAccount, useDataExports, useDeleteAccount, useStartDataExport } from '@client/lib/api/account-data';
import { useTranslation } from '@client/lib/i18n';
import { useModalDialog } from '@client/lib/use-modal-dialog';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useNavigate } from '@client/lib/router';
import { useFormats } from '@client/lib/use-formats';

/** The accountData namespace's copy; API error keys ('errors.*') fall back to common. */
const useAccountDataTranslation = () => useTranslation(['accountData', 'common'], { nsMode: 'fallback' });

/** One export in the list: preparing, ready to download until it expires, or failed. */
function ExportEntry({ entry }: { entry: TDataExport }) {
  const { t } = useAccountDataTranslation();
  const format = useFormats();
  if (entry.status === 'ready') {
    return (
      <a
        href={dataExportFileUrl(entry.id)}
        download
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline dark:text-gold-300"
      >
        <Download className="size-4 shrink-0" aria-hidden />
        {t('export.ready', { time: format.dateTime(entry.expiresAt) })}
      </a>
    );
  }
  if (entry.status === 'pending') {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted">
        <LoaderCircle className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden />
        {t('export.pending', { time: format.dateTime(entry.createdAt) })}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-400">
      <CircleAlert className="size-4 shrink-0" aria-hidden />
      {t('export.failed', { time: format.dateTime(entry.createdAt) })}
    </span>
  );
}

/** "Download my data": start an export, then follow it (asked again every few seconds while it is prepared). */
function DownloadDataCard() {
  const { t } = useAccountDataTranslation();
  const id = useId();
  const exportsQuery = useDataExports();
  const start = useStartDataExport();
  const list = exportsQuery.data ?? [];
  const preparing = list.some((entry) => entry.status === 'pending');

  const onStart = async () => {
    try {
      await start.mutateAsync();
      void toast('success', t('export.started'));
    } catch (error) {
      void toast('error', errorMessage(t, error));
    }
  };

  return (
    <Panel title={t('export.title')} icon={FileArchive} lead={t('export.lead', { hours: dataExportHours })}>
      <div className="space-y-4">
        <Button busy={start.isPending} disabled={preparing} aria-describedby={start.error ? `${id}-error` : undefined} onClick={() => void onStart()}>
          <Download className="size-4" aria-hidden />
          {start.isPending ? t('export.starting') : t('export.start')}
        </Button>
        {start.error && (
          <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400" data-testid="export-error">
            {errorMessage(t, start.error)}
          </p>
        )}
        {exportsQuery.isError && (
          <ErrorBox
            title={t('export.loadError')}
            detail={errorMessage(t, exportsQuery.error)}
            onRetry={() => void exportsQuery.refetch()}
            retrying={exportsQuery.isFetching}
          />
        )}
        {/* polite: "Preparing…" turning into "Ready" is read out without moving the focus */}
        <ul aria-label={t('export.listLabel')} aria-live="polite" className="space-y-2 text-sm" data-testid="data-exports">
          {list.map((entry) => (
            <li key={entry.id}>
              <ExportEntry entry={entry} />
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}

/**
 * Asks for the password (and the second factor's code when the account has one) in a modal
 * <dialog>: focus moves into it (the password field), Escape or Keep closes it. A refusal is said
 * at its field, or above the form, and announced.
 */
function DeleteAccountDialog({ twoFactorEnabled, onClose, onDeleted }: { twoFactorEnabled: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useAccountDataTranslation();
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose, id);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const fields = remove.error instanceof ApiError ? remove.error.fields : {};
  const fieldError = (name: 'password' | 'code') => (fields[name] ? translateMessage(t, fields[name]) : undefined);
  // a refusal that names no field (the last administrator, too many attempts, the network) is said above the form
  const formError = remove.error && !fieldError('password') && !fieldError('code') ? errorMessage(t, remove.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    try {
      await remove.mutateAsync({ password, ...(twoFactorEnabled ? { code } : {}) });
      onDeleted();
    } catch {
      // said in the dialog (the mutation keeps the error); the account is as it was
    }
  };

  return (
    <dialog
      {...dialogProps}
      onCancel={(event) => {
        if (remove.isPending) event.preventDefault();
      }}
      data-testid="delete-account-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t('delete.dialogTitle')}
        </h2>
        <p id={`${id}-body`} className="text-sm text-muted">
          {t('delete.dialogBody')}
        </p>
        <FormError message={formError} />
        <TextField
          label={t('delete.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError('password')}
          disabled={remove.isPending}
        />
        {twoFactorEnabled && (
          <TextField
            label={t('delete.code')}
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint={t('delete.codeHint')}
            error={fieldError('code')}
            disabled={remove.isPending}
          />
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={remove.isPending} className="w-full sm:w-auto">
            {t('delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} className="w-full sm:w-auto">
            <Trash2 className="size-4" aria-hidden />
            {t('delete.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** "Delete my account": what goes at once, what is kept (docs/product.md), then the dialog. */
function DeleteAccountCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useAccountDataTranslation();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  // signed out only once this page is gone: a guarded page that saw nobody signed in would send
  // the visitor to the login page instead of home
  useEffect(
    () => () => {
      if (deleted.current) forgetDeletedAccount(queryClient);
    },
    [queryClient],
  );
  const onDeleted = () => {
    deleted.current = true;
    void toast('success', t('delete.done'));
    navigate(paths.home(), { replace: true });
  };
  return (
    <Panel title={t('delete.title')} icon={UserX} lead={t('delete.lead')}>
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h3 className="font-semibold text-fg">{t('delete.goneTitle')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
            <li>{t('delete.goneLogin')}</li>
            <li>{t('delete.goneUnpaid')}</li>
            <li>{t('delete.goneIdentity')}</li>
            <li>{t('delete.goneMessages')}</li>
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-fg">{t('delete.keptTitle')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
            <li>{t('delete.keptOrders', { years: paidOrderRetentionYears })}</li>
          </ul>
        </div>
      </div>
      <p className="mt-4 text-sm text-muted">{t('delete.keptHint')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden />
        {t('delete.open')}
      </Button>
      {confirming && <DeleteAccountDialog twoFactorEnabled={twoFactorEnabled} onClose={() => setConfirming(false)} onDeleted={onDeleted} />}
    </Panel>
  );
}

/**
 * "Your data, yours", for the dashboard's Security page: download a copy of the
 * account's data, or delete the account. `twoFactorEnabled`: the deletion also asks for a code.
 */
export function YourDataPanel({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  return (
    <div className="space-y-6" data-testid="your-data-panel">
      <DownloadDataCard />
      <DeleteAccountCard twoFactorEnabled={twoFactorEnabled} />
    </div>
  );
}

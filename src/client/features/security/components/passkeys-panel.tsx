import { Fingerprint } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { maxPasskeys, passkeyNameMaxLength } from '@shared/passkey-limits';
import type { TOwnPasskey } from '@shared/security';
import { Button, Spinner } from '@client/components/ui/button';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { FormError, TextField } from '@client/components/ui/field';
import { PasswordField } from '@client/components/ui/password-field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useAddPasskey, useRemovePasskey, useSecurity } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { PasskeyDeviceError, usePasskeysSupported } from '@client/lib/webauthn';
import { useDeviceName } from './sessions-panel';

function PasskeyRow({ passkey, onRemoved }: { passkey: TOwnPasskey; onRemoved(): void }) {
  const { t } = useTranslation('security');
  const format = useFormats();
  const remove = useRemovePasskey();
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => {
        void toast('success', t('passkey.removed'));
        onRemoved();
      },
      onError: (error) => void toast('error', errorMessage(t, error)),
    });
  const details = [t('passkey.added', { date: format.date(passkey.createdAt) }), passkey.provider, passkey.backedUp && t('passkey.synced')].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="own-passkey">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-muted">{details.join(' · ')}</p>
      </div>
      <Button variant="outline" size="sm" busy={remove.isPending} onClick={onRemove} aria-label={t('passkey.removeLabel', { name: passkey.name })}>
        {t('passkey.remove')}
      </Button>
    </li>
  );
}

/** A new passkey: its name and the password, asked in place, then the device's own prompt. */
function AddPasskeyForm({ onCancel, onAdded }: { onCancel(): void; onAdded(): void }) {
  const { t } = useTranslation(['security', 'auth']);
  const deviceName = useDeviceName();
  const add = useAddPasskey();
  const [name, setName] = useState(() => deviceName(navigator.userAgent));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; banner?: string }>({});
  const heading = useRef<HTMLHeadingElement>(null);
  // the form opens in place of the button that asked for it: the keyboard goes to its heading
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const missing = {
      name: !trimmed ? t('passkey.nameRequired') : trimmed.length > passkeyNameMaxLength ? t('passkey.nameTooLong') : undefined,
      password: password ? undefined : translateMessage(t, 'auth.passwordRequired'),
    };
    setErrors(missing);
    if (missing.name || missing.password) return;
    try {
      await add.mutateAsync({ name: trimmed, password });
      void toast('success', t('passkey.done'), t('passkey.doneBody'));
      onAdded();
    } catch (error) {
      if (error instanceof PasskeyDeviceError) return setErrors({ banner: t(`passkey.${error.problem}`) });
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.name || fields.password)
        setErrors({ name: fields.name && translateMessage(t, fields.name), password: fields.password && translateMessage(t, fields.password) });
      else setErrors({ banner: translateMessage(t, fields.credential ?? (error instanceof ApiError ? error.messageKey : 'errors.internal')) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mb-2 space-y-4" aria-labelledby="passkey-form-title">
      <div>
        <h3 id="passkey-form-title" ref={heading} tabIndex={-1} className="text-base font-semibold">
          {t('passkey.addTitle')}
        </h3>
        <p className="mt-1 text-sm text-muted">{t('passkey.addBody')}</p>
      </div>
      <FormError message={errors.banner ?? null} />
      <TextField
        label={t('passkey.name')}
        hint={t('passkey.nameHint')}
        required
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <PasswordField
        label={t('passkey.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={add.isPending}>
          <Fingerprint className="size-4" aria-hidden />
          {add.isPending ? t('passkey.creating') : t('passkey.create')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('passkey.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The Security page's passkeys: the account's passkeys, add one (after a sign-in with a second factor), remove one. */
export function PasskeysPanel({
  factorOn = true,
}: {
  /** whether the account has the app enrolled: the guess until the page's answer says */ factorOn?: boolean;
}) {
  const { t } = useTranslation('security');
  const security = useSecurity();
  const [adding, setAdding] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** when the form closes, the keyboard goes back to the button (or to the list, which has the new passkey) */
  const returnTo = useRef<'button' | 'list' | null>(null);
  const close = (to: 'button' | 'list') => {
    returnTo.current = to;
    setAdding(false);
  };
  useEffect(() => {
    if (adding || !returnTo.current) return;
    (returnTo.current === 'list' ? list.current : addButton.current)?.focus();
    returnTo.current = null;
  }, [adding]);
  const supported = usePasskeysSupported();
  const passkeys = security.data?.passkeys;
  const full = (passkeys?.length ?? 0) >= maxPasskeys;
  // a password alone never adds one (ADR 0027): the way there is the authenticator app, above.
  // Until the answer comes, the account's factor is the guess (an enrolled account's every session
  // was opened with it), so what is shown while loading stays once loaded
  const needsFactor = !(security.data?.passkeysAllowed ?? factorOn);

  return (
    <Panel title={t('passkey.title')} icon={Fingerprint} lead={t('passkey.lead')}>
      {security.isPending && (
        // as tall as the empty state that usually follows, and the Add button is there from the start: nothing below moves
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('common:loading')}
        </p>
      )}
      {security.isError && (
        <ErrorBox
          title={t('passkey.loadFailed')}
          detail={errorMessage(t, security.error)}
          onRetry={() => void security.refetch()}
          retrying={security.isFetching}
        />
      )}
      {passkeys && passkeys.length > 0 && (
        <ul ref={list} tabIndex={-1} aria-label={t('passkey.title')} className="mb-4 divide-y divide-(--border)" data-testid="own-passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={() => (passkeys.length > 1 ? list.current?.focus() : addButton.current?.focus())} />
          ))}
        </ul>
      )}
      {passkeys?.length === 0 && !adding && <p className="mb-4 text-sm text-muted">{t('passkey.empty')}</p>}
      {!supported && <p className="text-sm text-muted">{t('passkey.unsupported')}</p>}
      {supported && full && <p className="text-sm text-muted">{t('passkey.limitReached', { count: maxPasskeys })}</p>}
      {supported && needsFactor && <p className="text-sm text-muted">{t('passkey.needsFactor')}</p>}
      {supported &&
        !full &&
        !needsFactor &&
        !security.isError &&
        (adding ? (
          <AddPasskeyForm onCancel={() => close('button')} onAdded={() => close('list')} />
        ) : (
          <Button ref={addButton} variant="outline" onClick={() => setAdding(true)}>
            <Fingerprint className="size-4" aria-hidden />
            {t('passkey.add')}
          </Button>
        ))}
    </Panel>
  );
}

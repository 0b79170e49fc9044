import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TSessionUser } from '@shared/auth';
import { PasswordField } from '@client/components/ui/password-field';
import { Button } from '@client/components/ui/button';
import { Panel } from '@client/components/ui/data-views';
import { FormError } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { setSession } from '@client/lib/api/session';
import { useDisableTwoFactor, useNewRecoveryCodes } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { CodeField } from '@client/components/ui/code-field';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type Mode = 'idle' | 'enrol' | 'disable' | 'newCodes';

/** The Security page's second factor: on or off, set it up, turn it off, new recovery codes. */
export function SecondFactorPanel({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('security');
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  // on from the moment the server accepts the first code, while the recovery codes are still shown
  const [enabledNow, setEnabledNow] = useState(false);
  const on = user.twoFactorEnabled || (mode === 'enrol' && enabledNow);
  const actions = useRef<HTMLDivElement>(null);
  const freshCodes = useRef<HTMLDivElement>(null);
  /** where the keyboard goes when a form closes: the button that opened it went away with it */
  const returnTo = useRef<'actions' | 'codes' | null>(null);
  const close = (to: 'actions' | 'codes' = 'actions') => {
    returnTo.current = to;
    setMode('idle');
    setEnabledNow(false);
  };
  useEffect(() => {
    if (mode !== 'idle' || !returnTo.current) return;
    const target = returnTo.current === 'codes' ? freshCodes.current : actions.current?.querySelector('button');
    returnTo.current = null;
    target?.focus();
  }, [mode]);
  const badge = (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-surface-muted text-fg'}`}
      data-testid="two-factor-status"
    >
      {on ? t('factor.on') : t('factor.off')}
    </span>
  );

  return (
    <Panel title={t('factor.title')} icon={ShieldCheck} lead={on ? t('factor.onBody') : t('factor.offBody')} aside={badge}>
      {mode === 'enrol' && (
        <TwoFactorEnrolment
          email={user.email}
          focusOnOpen
          onEnabled={() => setEnabledNow(true)}
          onCancel={() => close()}
          onDone={(next) => {
            setSession(next);
            close();
            void toast('success', t('enrol.done'), t('enrol.doneBody'));
          }}
        />
      )}
      {(mode === 'disable' || mode === 'newCodes') && (
        <PasswordAndCodeForm
          mode={mode}
          isAdmin={user.isAdmin}
          onCancel={() => close()}
          onNewCodes={(fresh) => {
            setCodes(fresh);
            close('codes');
          }}
          onDisabled={() => {
            setCodes(null);
            close();
          }}
        />
      )}
      {mode === 'idle' && codes && (
        // the new codes take the keyboard first, to be read before anything else
        <div ref={freshCodes} tabIndex={-1} role="group" aria-labelledby="fresh-codes-intro" className="mb-4 space-y-3">
          <p id="fresh-codes-intro" className="text-sm text-muted">
            {t('enrol.codesBody')}
          </p>
          <RecoveryCodes codes={codes} email={user.email} />
        </div>
      )}
      {mode === 'idle' && (
        <div ref={actions} className="flex flex-wrap gap-2">
          {on ? (
            <>
              <Button variant="outline" onClick={() => setMode('newCodes')}>
                <KeyRound className="size-4" aria-hidden />
                {t('factor.newCodes')}
              </Button>
              <Button variant="danger" onClick={() => setMode('disable')}>
                {t('factor.disable')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setMode('enrol')}>{t('factor.enable')}</Button>
          )}
        </div>
      )}
    </Panel>
  );
}

/** Turning the factor off, or new recovery codes: the password and a current code, asked in place. */
function PasswordAndCodeForm({
  mode,
  isAdmin,
  onCancel,
  onNewCodes,
  onDisabled,
}: {
  mode: 'disable' | 'newCodes';
  isAdmin: boolean;
  onCancel(): void;
  onNewCodes(codes: string[]): void;
  onDisabled(): void;
}) {
  const { t } = useTranslation(['security', 'auth']);
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; banner?: string }>({});
  const busy = disable.isPending || renew.isPending;
  const heading = useRef<HTMLHeadingElement>(null);
  // the form opens in place of the button that asked for it: the keyboard goes to its heading
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { password: password ? undefined : translateMessage(t, 'auth.passwordRequired'), code: code.trim() ? undefined : t('codeRequired') };
    setErrors(missing);
    if (missing.password || missing.code) return;
    try {
      if (mode === 'disable') {
        await disable.mutateAsync({ password, code });
        void toast('success', t('factor.disabled'));
        onDisabled();
      } else onNewCodes((await renew.mutateAsync({ password, code })).recoveryCodes);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.password || fields.code)
        setErrors({ password: fields.password && translateMessage(t, fields.password), code: fields.code && translateMessage(t, fields.code) });
      else setErrors({ banner: errorMessage(t, error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mb-2 space-y-4" aria-labelledby="factor-form-title">
      <div>
        <h3 id="factor-form-title" ref={heading} tabIndex={-1} className="text-base font-semibold">
          {t(mode === 'disable' ? 'factor.disableTitle' : 'factor.newCodesTitle')}
        </h3>
        <p className="mt-1 text-sm text-muted">{t(mode === 'disable' ? 'factor.disableBody' : 'factor.newCodesBody')}</p>
        {mode === 'disable' && isAdmin && <p className="mt-2 text-sm font-medium">{t('factor.adminWarning')}</p>}
      </div>
      <FormError message={errors.banner ?? null} />
      <PasswordField
        label={t('enrol.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <CodeField
        label={t('signInStep.code')}
        hint={t('signInStep.codeHint')}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'} busy={busy}>
          {t(mode === 'disable' ? 'factor.confirmDisable' : 'factor.confirmNewCodes')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('factor.cancel')}
        </Button>
      </div>
    </form>
  );
}

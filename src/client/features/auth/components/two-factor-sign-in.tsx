import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TSessionUser } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useTwoFactorSignIn } from '@client/lib/api/security';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { CodeField } from '@client/components/ui/code-field';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * The sign-in's second step: the password was right, a code from the app (or a recovery
 * code) opens the session. An expired challenge sends the user back to the password with the reason.
 */
export function TwoFactorSignIn({ onSignedIn, onRestart }: { onSignedIn(user: TSessionUser): void; onRestart(message: string): void }) {
  const { t } = useTranslation(['security', 'auth']);
  const verify = useTwoFactorSignIn();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // the step replaces the password form: the keyboard goes where the code is typed
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    if (!code.trim()) return setFieldError(t('codeRequired'));
    setFieldError(undefined);
    try {
      const { user } = await verify.mutateAsync(code);
      onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onRestart(errorMessage(t, error));
      if (error instanceof ApiError && error.fields.code) {
        setFieldError(translateMessage(t, error.fields.code));
        return input.current?.focus();
      }
      setBanner(errorMessage(t, error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="two-factor-title">
      <div>
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('signInStep.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('signInStep.subtitle')}</p>
      </div>
      <FormError message={banner} />
      <CodeField
        ref={input}
        label={t('signInStep.code')}
        hint={t('signInStep.codeHint')}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
      />
      <Button type="submit" className="w-full" busy={verify.isPending}>
        {verify.isPending ? t('signInStep.verifying') : t('signInStep.verify')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => onRestart('')}>
        {t('signInStep.back')}
      </Button>
      <PasskeySignIn variant="instead" onSignedIn={onSignedIn} />
    </form>
  );
}

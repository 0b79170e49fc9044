import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { TSessionUser, TSignIn } from '@shared/auth';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { homePathOf } from '@shared/routes';
import { Button } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { FormError, TextField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { useSignIn } from '@client/lib/api/auth';
import { errorMessage, translateMessage } from '@client/lib/message';
import { PasswordField } from '@client/components/ui/password-field';
import { PasskeySignIn } from './passkey-sign-in';
import { useReturnPath } from './redirect-signed-in';
import { paths } from '@shared/client-paths';

const signInSchema = lazyZodResolver(() => import('@shared/auth').then((m) => m.ZSignIn));
// only accounts with a second factor see it: its own chunk
const TwoFactorSignIn = lazy(() => import('./two-factor-sign-in').then((m) => ({ default: m.TwoFactorSignIn })));

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useSignIn();
  const [banner, setBanner] = useState<string | null>(null);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const { register, handleSubmit, formState } = useForm<TSignIn>({ resolver: signInSchema.resolver, defaultValues: { email: '', password: '' } });
  const fieldError = (key?: string) => (key ? translateMessage(t, key) : undefined);

  const signedIn = (user: TSessionUser) => {
    void toast('success', t('loginSuccess'), t('loginSuccessBody'));
    navigate(returnPath ?? homePathOf(user), { replace: true });
  };

  if (step === 'code') {
    const restart = (message: string) => {
      setBanner(message || null);
      setStep('password');
    };
    return (
      <Suspense fallback={<PageSpinner label={t('loading')} />}>
        <TwoFactorSignIn onSignedIn={signedIn} onRestart={restart} />
      </Suspense>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const answer = await signIn.mutateAsync(values);
      if ('twoFactorRequired' in answer) return setStep('code');
      signedIn(answer.user);
    } catch (error) {
      const message = errorMessage(t, error);
      setBanner(message);
      void toast('error', t('loginFailed'), message);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocusCapture={signInSchema.preload} noValidate className="space-y-4">
      <FormError message={banner} />
      <TextField label={t('email')} type="email" autoComplete="email" required error={fieldError(formState.errors.email?.message)} {...register('email')} />
      <PasswordField
        label={t('password')}
        autoComplete="current-password"
        required
        error={fieldError(formState.errors.password?.message)}
        {...register('password')}
      />
      <div className="flex justify-end">
        <Link to={paths.forgotPassword()} className="text-sm font-medium text-brand-700 hover:underline dark:text-gold-300">
          {t('forgotPassword')}
        </Link>
      </div>
      <Button type="submit" className="w-full" busy={signIn.isPending}>
        {signIn.isPending ? t('loggingIn') : t('login')}
      </Button>
      <PasskeySignIn onSignedIn={signedIn} />
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { TSignIn } from '@shared/auth';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { homePathOf } from '@shared/routes';
import { Button } from '@client/components/ui/button';
import { FormError, TextField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { useSignIn } from '@client/lib/api/auth';
import { errorMessage, translateMessage } from '@client/lib/message';
import { PasswordField } from './password-field';
import { useReturnPath } from './redirect-signed-in';
import { paths } from '@shared/client-paths';

const signInSchema = lazyZodResolver(() => import('@shared/auth').then((m) => m.ZSignIn));

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useSignIn();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<TSignIn>({ resolver: signInSchema.resolver, defaultValues: { email: '', password: '' } });
  const fieldError = (key?: string) => (key ? translateMessage(t, key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { user } = await signIn.mutateAsync(values);
      void toast('success', t('loginSuccess'), t('loginSuccessBody'));
      navigate(returnPath ?? homePathOf(user), { replace: true });
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
      <PasswordField label={t('password')} autoComplete="current-password" required error={fieldError(formState.errors.password?.message)} {...register('password')} />
      <div className="flex justify-end">
        <Link to={paths.forgotPassword()} className="text-sm font-medium text-brand-700 hover:underline dark:text-gold-300">
          {t('forgotPassword')}
        </Link>
      </div>
      <Button type="submit" className="w-full" busy={signIn.isPending}>
        {signIn.isPending ? t('loggingIn') : t('login')}
      </Button>
    </form>
  );
}

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { TRequestPasswordReset, TResetPassword } from '@shared/auth';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { Button } from '@client/components/ui/button';
import { FormError, TextField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useRequestPasswordReset, useResetPassword } from '@client/lib/api/auth';
import { errorMessage, translateMessage } from '@client/lib/message';
import { publicConfig } from '@client/lib/public-config';
import { PasswordField } from '@client/components/ui/password-field';
import { paths } from '@shared/client-paths';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
const requestSchema = lazyZodResolver(() => import('@shared/auth').then((m) => m.ZRequestPasswordReset));

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<TRequestPasswordReset>({ resolver: requestSchema.resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      setBanner(errorMessage(t, error));
    }
  });

  if (sentTo) {
    return (
      // Back to login is the page's own link, under the card: once is enough
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800 dark:bg-brand-900 dark:text-brand-100">
        {t('forgotSent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} onFocusCapture={requestSchema.preload} noValidate className="space-y-4">
      <FormError message={banner} />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={formState.errors.email?.message ? translateMessage(t, formState.errors.email.message) : undefined}
        {...register('email')}
      />
      <Button type="submit" className="w-full" busy={request.isPending}>
        {request.isPending ? t('sendingLink') : t('sendLink')}
      </Button>
    </form>
  );
}

/** Sets the new password from the emailed one-time link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const min = publicConfig.passwordMinLength;
  const schema = useMemo(() => lazyZodResolver(() => import('@shared/auth').then((m) => m.makeResetPasswordSchema(min))), [min]);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<TResetPassword>({ resolver: schema.resolver, defaultValues: { token, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await reset.mutateAsync(values);
      void toast('success', t('resetDone'), t('resetDoneBody'));
      navigate(paths.login(), { replace: true });
    } catch (error) {
      // only the server knows the full common list and the token's name and email: show it on the field
      const passwordError = error instanceof ApiError ? error.fields.password : undefined;
      if (passwordError) setError('password', { message: passwordError });
      else setBanner(errorMessage(t, error, { min }));
    }
  });

  return (
    <form onSubmit={onSubmit} onFocusCapture={schema.preload} noValidate className="space-y-4">
      <FormError message={banner} />
      {banner && (
        <Link to={paths.forgotPassword()} className="block text-sm font-medium text-brand-700 hover:underline dark:text-gold-300">
          {t('requestNewLink')}
        </Link>
      )}
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        required
        hint={t('passwordHint', { min })}
        error={formState.errors.password?.message ? translateMessage(t, formState.errors.password.message, { min }) : undefined}
        {...register('password')}
      />
      <Button type="submit" className="w-full" busy={reset.isPending}>
        {reset.isPending ? t('resetting') : t('resetSubmit')}
      </Button>
    </form>
  );
}

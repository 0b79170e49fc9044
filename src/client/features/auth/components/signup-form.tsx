import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import type { TSignUp } from '@shared/auth';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { Button } from '@client/components/ui/button';
import { FormError, TextField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api-client';
import { useSignUp } from '@client/lib/api/auth';
import { errorMessage, translateMessage } from '@client/lib/message';
import { publicConfig } from '@client/lib/public-config';
import { PasswordField } from '@client/components/ui/password-field';
import { markNewAccount } from '../first-visit';
import { useReturnPath } from './redirect-signed-in';
import { paths } from '@shared/client-paths';

export function SignupForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signUp = useSignUp();
  const min = publicConfig.passwordMinLength;
  const schema = useMemo(() => lazyZodResolver(() => import('@shared/auth').then((m) => m.makeSignUpSchema(min))), [min]);
  const [banner, setBanner] = useState<string | null>(null);
  /** the screen reader's summary when the refusal is said at the fields: said once, where it is fixed */
  const [fieldSummary, setFieldSummary] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<TSignUp>({ resolver: schema.resolver, defaultValues: { name: '', email: '', password: '' } });
  const fieldError = (key?: string) => (key ? translateMessage(t, key, { min }) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    setFieldSummary(null);
    try {
      const { user } = await signUp.mutateAsync(values);
      markNewAccount(user.id);
      void toast('success', t('signupSuccess'), t('signupSuccessBody'));
      navigate(returnPath ?? paths.dashboard(), { replace: true });
    } catch (error) {
      // the server's field errors land on their fields; the rest in the banner
      if (error instanceof ApiError) {
        const fields = Object.entries(error.fields).filter((entry): entry is ['name' | 'email' | 'password', string] =>
          ['name', 'email', 'password'].includes(entry[0]),
        );
        fields.forEach(([field, key], index) => setError(field, { message: key }, { shouldFocus: index === 0 }));
        if (fields.length > 0) return setFieldSummary(t('fieldsRefused'));
      }
      const message = errorMessage(t, error, { min });
      // a refusal of the whole form: in the banner, which stays, and the "Registration Failed" toast (docs/product.md, "Messages")
      setBanner(message);
      void toast('error', t('signupFailed'), message);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocusCapture={schema.preload} noValidate className="space-y-4">
      <FormError message={banner} />
      <p role="alert" className="sr-only">
        {fieldSummary}
      </p>
      <TextField label={t('name')} autoComplete="name" required error={fieldError(formState.errors.name?.message)} {...register('name')} />
      <TextField label={t('email')} type="email" autoComplete="email" required error={fieldError(formState.errors.email?.message)} {...register('email')} />
      <PasswordField
        label={t('password')}
        autoComplete="new-password"
        required
        hint={t('passwordHint', { min })}
        error={fieldError(formState.errors.password?.message)}
        {...register('password')}
      />
      <Button type="submit" className="w-full" busy={signUp.isPending}>
        {signUp.isPending ? t('signingUp') : t('signup')}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZLaunchListEntry, type TLaunchListEntry } from '@shared/support';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { translateMessage } from '@client/lib/message';

/**
 * SPEC 3/5/8: an email (required, valid) and a thank-you. Nothing is sent or stored (SPEC: no
 * call); the thank-you is an inline alert rather than a blocking window.alert.
 */
export function LaunchListForm() {
  const { t } = useTranslation(['jv', 'support']);
  const [thanked, setThanked] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<TLaunchListEntry>({ resolver: zodResolver(ZLaunchListEntry), defaultValues: { email: '' } });
  const error = formState.errors.email?.message;

  const onSubmit = handleSubmit(() => {
    reset();
    setThanked(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" onChange={() => setThanked(false)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField label={t('presale.launchList.email')} type="email" autoComplete="email" required error={error ? translateMessage(t, error) : undefined} {...register('email')} />
        </div>
        <Button type="submit" size="lg" className="sm:mt-7">
          <BellRing className="size-4" aria-hidden />
          {t('presale.launchList.submit')}
        </Button>
      </div>
      <div role="status">
        {thanked && <p className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">{t('presale.launchList.thanks')}</p>}
      </div>
    </form>
  );
}

import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/i18n';
import type { TLaunchListEntry } from '@shared/support';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { Button } from '@client/components/ui/button';
import { FormError, TextField } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { joinLaunchList } from '@client/lib/api/launch-list';
import { translateMessage } from '@client/lib/message';
import { publicConfig } from '@client/lib/public-config';
import { useLanguage } from '@client/lib/use-language';

/**
 * docs/product.md, "Entities", "Validation", "Messages": an email (required, valid) and a thank-you, inline rather than a blocking
 * window.alert. The address is stored (with the language) for the team's export;
 * the server answers the same whether or not it was already on the list.
 */
const entrySchema = lazyZodResolver(() => import('@shared/support').then((m) => m.ZLaunchListEntry));

export function LaunchListForm() {
  const { t } = useTranslation(['jv', 'support']);
  // no query library on this prerendered page: the request and its busy state are plain
  const [sending, setSending] = useState(false);
  const language = useLanguage();
  const [thanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<TLaunchListEntry>({ resolver: entrySchema.resolver, defaultValues: { email: '' } });
  const error = formState.errors.email?.message;

  const onSubmit = handleSubmit(async ({ email }) => {
    // Enter in the field while the first request is on its way sends nothing more
    if (sending) return;
    setFailure(null);
    setSending(true);
    try {
      await joinLaunchList({ email, language });
      reset();
      setThanked(true);
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.fields.email : undefined;
      if (field) return setError('email', { message: field });
      const rateLimited = caught instanceof ApiError && caught.code === 'rate_limited';
      setFailure(rateLimited ? t('support:rateLimited', { email: publicConfig.supportEmail }) : t('presale.launchList.failed'));
    } finally {
      setSending(false);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocusCapture={entrySchema.preload}
      noValidate
      className="space-y-4"
      onChange={() => {
        setThanked(false);
        setFailure(null);
      }}
    >
      <FormError message={failure} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label={t('presale.launchList.email')}
            type="email"
            autoComplete="email"
            required
            error={error ? translateMessage(t, error) : undefined}
            {...register('email')}
          />
        </div>
        <Button type="submit" size="lg" className="sm:mt-7" busy={sending}>
          {!sending && <BellRing className="size-4" aria-hidden />}
          {sending ? t('presale.launchList.sending') : t('presale.launchList.submit')}
        </Button>
      </div>
      <div role="status">
        {thanked && (
          <p className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
            {t('presale.launchList.thanks')}
          </p>
        )}
      </div>
    </form>
  );
}

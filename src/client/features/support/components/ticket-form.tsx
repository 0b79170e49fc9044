import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@client/lib/i18n';
import type { TSupportTicket, TSupportTicketInput } from '@shared/support';
import { affiliateOrigin, countWords, messageMaxWords } from '@shared/support-rules';
import { lazyZodResolver } from '@client/lib/lazy-resolver';
import { Button } from '@client/components/ui/button';
import { Field, FormError, inputClasses, TextField } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useCreateTicket } from '@client/lib/api/support';
import { translateMessage } from '@client/lib/message';
import { publicConfig } from '@client/lib/public-config';

/** The two forms of docs/product.md, "Order statuses": the same fields and rules, their own words and origin. */
export type TicketKind = 'support' | 'affiliate';
const origins: Record<TicketKind, TSupportTicket['message_origin']> = { support: undefined, affiliate: affiliateOrigin };
const formFields = ['name', 'email', 'support_message'] as const;

interface TicketFormProps {
  kind: TicketKind;
  onSubmitted: () => void;
  /** put the cursor in the name field (when the visitor comes back for another ticket) */
  autoFocus?: boolean;
}

const ticketSchema = lazyZodResolver<TSupportTicketInput, TSupportTicket>(() => import('@shared/support').then((m) => m.ZSupportTicket));

export function TicketForm({ kind, onSubmitted, autoFocus = false }: TicketFormProps) {
  const { t } = useTranslation('support');
  const createTicket = useCreateTicket();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError, setFocus } = useForm<TSupportTicketInput, unknown, TSupportTicket>({
    resolver: ticketSchema.resolver,
    defaultValues: { name: '', email: '', support_message: '' },
  });
  const words = countWords(useWatch({ control, name: 'support_message' }) ?? '');
  const overLimit = words > messageMaxWords;
  // the affiliate form says 'Affiliate request is required' where the support form says 'Support message ...'
  const fieldError = (key?: string) => (key ? translateMessage(t, key, kind === 'affiliate' ? { context: 'affiliate' } : undefined) : undefined);

  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await createTicket.mutateAsync({ ...values, message_origin: origins[kind] });
      onSubmitted();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, key] of Object.entries(error.fields)) {
          if ((formFields as readonly string[]).includes(field)) setError(field as (typeof formFields)[number], { message: key });
        }
      }
      const rateLimited = error instanceof ApiError && error.code === 'rate_limited';
      setBanner(rateLimited ? t('rateLimited', { email: publicConfig.supportEmail }) : t(`${kind}.failed`));
    }
  });

  const counter = (
    <span data-testid="word-counter" className={`ml-auto tabular-nums ${overLimit ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
      {t('form.words', { n: words })}
      {overLimit && <span className="sr-only"> {t('form.overLimit')}</span>}
    </span>
  );

  return (
    <form onSubmit={onSubmit} onFocusCapture={ticketSchema.preload} noValidate className="space-y-5">
      <FormError message={banner} />
      <TextField label={t('form.name')} autoComplete="name" required error={fieldError(formState.errors.name?.message)} {...register('name')} />
      <TextField
        label={t('form.email')}
        type="email"
        autoComplete="email"
        required
        error={fieldError(formState.errors.email?.message)}
        {...register('email')}
      />
      <Field
        label={t(`${kind}.message`)}
        required
        error={fieldError(formState.errors.support_message?.message)}
        hint={
          <span className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <span>{t(`${kind}.messageHint`)}</span>
            {counter}
          </span>
        }
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            rows={6}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required
            className={`${inputClasses} min-h-36 resize-y`}
            {...register('support_message')}
          />
        )}
      </Field>
      <p className="text-xs text-muted">{t('form.required')}</p>
      {/* docs/product.md, "Order statuses", "Validation": disabled while submitting and while the message is over 100 words */}
      <Button type="submit" size="lg" className="w-full sm:w-auto" busy={createTicket.isPending} disabled={overLimit}>
        {createTicket.isPending ? (
          t('form.submitting')
        ) : (
          <>
            <Send className="size-4" aria-hidden />
            {t(`${kind}.submit`)}
          </>
        )}
      </Button>
    </form>
  );
}

import { MessagesSquare, Send } from 'lucide-react';
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
import { Link } from '@client/lib/router';
import type { SessionUser } from '@client/lib/api/session';
import type { TOrderSummary } from '@shared/orders';
import { orderNumber } from '@shared/order-model';
import { paths } from '@shared/client-paths';

/** The two forms of docs/product.md, "Order statuses": the same fields and rules, their own words and origin. */
export type TicketKind = 'support' | 'affiliate';
const origins: Record<TicketKind, TSupportTicket['message_origin']> = { support: undefined, affiliate: affiliateOrigin };
const formFields = ['name', 'email', 'support_message', 'order_id'] as const;

/** A signed-in customer: who she is (the form is filled in for her) and her orders, one of which she may ask about. */
export interface TicketCustomer {
  user: SessionUser;
  orders: readonly TOrderSummary[];
}

interface TicketFormProps {
  kind: TicketKind;
  onSubmitted: () => void;
  /** put the cursor in the name field (when the visitor comes back for another ticket) */
  autoFocus?: boolean;
  /** the signed-in customer, if any (the support form only) */
  customer?: TicketCustomer | null;
  /** the order chosen for her when she came from it (?order=), if it is one of hers */
  orderId?: string;
}

const ticketSchema = lazyZodResolver<TSupportTicketInput, TSupportTicket>(() => import('@shared/support').then((m) => m.ZSupportTicket));

export function TicketForm({ kind, onSubmitted, autoFocus = false, customer = null, orderId }: TicketFormProps) {
  const { t } = useTranslation('support');
  const createTicket = useCreateTicket();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError, setFocus } = useForm<TSupportTicketInput, unknown, TSupportTicket>({
    resolver: ticketSchema.resolver,
    defaultValues: {
      name: customer?.user.name ?? '',
      email: customer?.user.email ?? '',
      support_message: '',
      order_id: customer?.orders.some((order) => order.id === orderId) ? orderId : '',
    },
  });
  const words = countWords(useWatch({ control, name: 'support_message' }) ?? '');
  const overLimit = words > messageMaxWords;
  const choosesOrder = Boolean(customer && customer.orders.length > 0);
  const chosenOrder = useWatch({ control, name: 'order_id' }) ?? '';
  // a long message from a customer belongs in her order's thread (no word limit there): the order chosen, or her only one
  const threadOrder = chosenOrder || (customer?.orders.length === 1 ? customer.orders[0]!.id : '');
  // the affiliate form says 'Affiliate request is required' where the support form says 'Support message ...'
  const fieldError = (key?: string) => (key ? translateMessage(t, key, kind === 'affiliate' ? { context: 'affiliate' } : undefined) : undefined);

  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await createTicket.mutateAsync({ ...values, message_origin: origins[kind], order_id: customer ? values.order_id : undefined });
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
      {customer && choosesOrder && (
        <Field label={t('form.order')} error={fieldError(formState.errors.order_id?.message)}>
          {({ id, describedBy, invalid }) => (
            <select id={id} aria-describedby={describedBy} aria-invalid={invalid} className={inputClasses} {...register('order_id')}>
              <option value="">{t('form.orderNone')}</option>
              {customer.orders.map((order) => (
                <option key={order.id} value={order.id}>
                  {t('form.orderOption', { number: orderNumber(order.id), company: order.companyName1 })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field
        label={t(`${kind}.message`)}
        required
        error={fieldError(formState.errors.support_message?.message)}
        hint={
          <span className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            {/* with the order asked above, the hint no longer asks for its number */}
            <span>{t(choosesOrder ? 'support.messageHintWithOrder' : `${kind}.messageHint`)}</span>
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
      {overLimit && choosesOrder && (
        <div className="flex gap-3 rounded-xl border border-line bg-surface-muted p-4 text-sm" data-testid="long-message">
          <MessagesSquare className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-gold-300" aria-hidden />
          <div className="min-w-0 space-y-1">
            <p>{t('form.longMessage', { max: messageMaxWords })}</p>
            {threadOrder ? (
              <Link to={paths.dashboard({ order: threadOrder })} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300">
                {t('form.longMessageLink', { number: orderNumber(threadOrder) })}
              </Link>
            ) : (
              <p className="text-muted">{t('form.longMessageChoose')}</p>
            )}
          </div>
        </div>
      )}
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

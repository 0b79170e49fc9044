import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type OrderStatus, orderStatuses } from '@shared/order-status';
import { Button } from '@client/components/ui/button';
import { ErrorBox } from '@client/components/ui/data-views';
import { inputClasses } from '@client/components/ui/field';
import { useChangeOrderStatus } from '@client/lib/api/admin-orders';
import { errorMessage } from '@client/lib/message';
import { useActionFeedback } from '@client/components/action-feedback';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/**
 * docs/product.md, "Order statuses": any of the four statuses, in any order. A native select plus an explicit
 * Update button: browsing the options with the keyboard must not send a change per arrow key. The
 * status follows the milestones; one set here against them (`implied`) is shown as an override.
 */
export function StatusControl({ orderId, status, implied }: { orderId: string; status: OrderStatus; implied: OrderStatus }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const change = useChangeOrderStatus(orderId);
  const feedback = useActionFeedback();
  const [choice, setChoice] = useState<OrderStatus>(status);
  const [current, setCurrent] = useState<OrderStatus>(status);
  // the order's status moved (saved here, or refetched): the select follows it
  if (status !== current) {
    setCurrent(status);
    setChoice(status);
  }
  const label = (value: OrderStatus) => t(`common:status.${value}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    feedback.begin();
    change.mutate(choice);
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {t('status.label')}
      </label>
      {/* wraps instead of squeezing: the select never gets narrower than its longest status ("Pago pendiente") */}
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          value={choice}
          disabled={change.isPending}
          onChange={(event) => {
            setChoice(event.target.value as OrderStatus);
            change.reset();
          }}
          className={`${inputClasses} min-w-[12rem] flex-[1_1_12rem]`}
        >
          {orderStatuses.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </select>
        <Button type="submit" busy={change.isPending} disabled={choice === status} className="grow sm:grow-0">
          {change.isPending ? t('status.saving') : t('status.save')}
        </Button>
      </div>
      <p className="text-sm text-muted" data-testid="status-follows">
        {status === implied
          ? t('status.follows', { processing: label('processing'), completed: label('completed') })
          : t('status.override', { implied: label(implied) })}
      </p>
      {change.isError && <ErrorBox title={t('status.failed')} detail={errorMessage(t, change.error)} />}
      {change.isSuccess && feedback.showSuccess && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          {t(change.data.changed ? 'status.saved' : 'status.unchanged', { status: label(change.data.status) })}
        </p>
      )}
    </form>
  );
}

import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import type { TOrderDetail } from '@shared/orders';
import type { TRefund } from '@shared/refunds';
import { applicableRefundReasons, netPaidCents, openRefundStatuses, refundDetailsMax, suggestedRefund, type RefundReason } from '@shared/refund-rules';
import { Button } from '@client/components/ui/button';
import { CreditNoteLink } from '@client/features/refunds/credit-note-link';
import { CountedTextArea } from '@client/components/ui/counted-textarea';
import { FormError } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { useRequestRefund, useWithdrawRefund } from '@client/lib/api/refunds';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';

const badgeClasses: Record<TRefund['status'], string> = {
  requested: 'bg-amber-100 text-amber-950 ring-amber-400 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  approved: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/40 dark:text-blue-200 dark:ring-blue-700',
  // the customer reads a refused attempt as approved: the team retries it
  failed: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/40 dark:text-blue-200 dark:ring-blue-700',
  refunded: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700',
  declined: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
  withdrawn: 'bg-gray-100 text-gray-800 ring-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-600',
};

type Notice = 'sent' | 'withdrawn' | null;
type Focus = 'form' | 'button' | 'notice' | null;

/**
 * The money-back guarantee on a paid order: a request (reason and words) while none is in
 * progress and the order is not refunded; the latest request's state; the credit note once refunded.
 */
export function RefundSection({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const titleId = useId();
  const refund = order.refund;
  const [formOpen, setFormOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const requestButton = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const withdraw = useWithdrawRefund(order.id);

  // after the render that shows it: the status once sent or withdrawn, the button after Cancel
  useEffect(() => {
    if (focus === 'notice') noticeRef.current?.focus();
    else if (focus === 'button') requestButton.current?.focus();
    if (focus) setFocus(null);
  }, [focus]);

  const inProgress = refund !== null && (openRefundStatuses as readonly string[]).includes(refund.status);
  const leftToRefund = (order.orderAmountPaid ?? 0) - order.amountRefunded;
  const canAsk = !inProgress && order.refundedAt === null && leftToRefund > 0;

  const onWithdraw = (requestId: string) => {
    setNotice(null);
    withdraw.mutate(requestId, {
      onSuccess: () => {
        setNotice('withdrawn');
        setFocus('notice');
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-line bg-surface p-4 text-sm" data-testid="refund-section">
      <h4 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck className="size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
        {t('title')}
      </h4>
      <div className="mt-3 space-y-3">
        {order.amountRefunded > 0 && order.orderAmountPaid !== null && (
          <p className="break-words" data-testid="net-paid">
            {t('netPaid', {
              net: format.usd(netPaidCents(order.orderAmountPaid, order.amountRefunded)),
              paid: format.usd(order.orderAmountPaid),
              refunded: format.usd(order.amountRefunded),
            })}
          </p>
        )}
        {refund && refund.status !== 'withdrawn' && (
          <RefundState orderId={order.id} refund={refund} amountRefunded={order.amountRefunded} withdraw={withdraw} onWithdraw={onWithdraw} />
        )}

        <p ref={noticeRef} role="status" tabIndex={-1} className={notice ? 'font-medium break-words text-green-800 dark:text-green-300' : 'sr-only'}>
          {notice === 'sent' ? t('sent') : notice === 'withdrawn' ? t('withdrawn') : ''}
        </p>

        {canAsk &&
          (formOpen ? (
            <RequestForm
              order={order}
              onCancel={() => {
                setFormOpen(false);
                setFocus('button');
              }}
              onSent={() => {
                setFormOpen(false);
                setNotice('sent');
                setFocus('notice');
              }}
            />
          ) : (
            <>
              <p className="break-words text-muted">{refund?.status === 'declined' ? t('askAgain') : t('lead')}</p>
              <Button
                ref={requestButton}
                variant="outline"
                size="sm"
                onClick={() => {
                  setNotice(null);
                  setFormOpen(true);
                }}
              >
                {t('request')}
              </Button>
            </>
          ))}
      </div>
    </section>
  );
}

interface RefundStateProps {
  orderId: string;
  refund: TRefund;
  amountRefunded: number;
  withdraw: ReturnType<typeof useWithdrawRefund>;
  onWithdraw: (requestId: string) => void;
}

/** The latest request as the customer reads it: its badge and what happens next. */
function RefundState({ orderId, refund, amountRefunded, withdraw, onWithdraw }: RefundStateProps) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const errorId = useId();
  const amount = format.usd(refund.amountCents ?? amountRefunded);
  return (
    <div className="space-y-2" data-testid="refund-state" data-status={refund.status}>
      <span
        className={`inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold break-words ring-1 ring-inset ${badgeClasses[refund.status]}`}
      >
        {t(`status.${refund.status}`)}
      </span>
      {refund.status === 'requested' && (
        <>
          <p className="break-words">{t('requestedOn', { date: format.date(refund.requestedAt, 'long'), reason: t(`reasons.${refund.reason}`) })}</p>
          <p className="break-words text-muted">{t('waiting')}</p>
          <Button
            variant="outline"
            size="sm"
            busy={withdraw.isPending}
            aria-describedby={withdraw.isError ? errorId : undefined}
            onClick={() => onWithdraw(refund.id)}
          >
            {withdraw.isPending ? t('withdrawing') : t('withdraw')}
          </Button>
          {withdraw.isError && (
            <p id={errorId} role="alert" className="break-words text-red-700 dark:text-red-400">
              {errorMessage(t, withdraw.error)}
            </p>
          )}
        </>
      )}
      {(refund.status === 'approved' || refund.status === 'failed') && refund.dueOn && (
        <p className="break-words">{t('approvedDue', { amount, date: format.longDay(refund.dueOn) })}</p>
      )}
      {/* the team's words on any decision: why declined, or what an approval came with (an amount other than the rules') */}
      {refund.status === 'declined' && refund.decisionNote && (
        <p className="break-words whitespace-pre-line">{t('declinedWhy', { note: refund.decisionNote })}</p>
      )}
      {refund.status !== 'declined' && refund.decisionNote && (
        <p className="break-words whitespace-pre-line" data-testid="refund-note">
          {t('teamNote', { note: refund.decisionNote })}
        </p>
      )}
      {refund.status === 'refunded' && (
        <>
          {refund.refundedAt && <p className="break-words">{t('refundedOn', { amount, date: format.date(refund.refundedAt, 'long') })}</p>}
          <CreditNoteLink orderId={orderId} refund={refund} />
        </>
      )}
    </div>
  );
}

/** What the chosen reason would return, by the rule the server applies (suggestedRefund), before she sends it. */
function RefundPreview({ order, reason }: { order: TOrderDetail; reason: RefundReason }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const paidCents = order.orderAmountPaid ?? 0;
  const preview = suggestedRefund({ reason, paidCents, refundedCents: order.amountRefunded, feePercent: order.refundFeePercent });
  const amount = format.usd(preview.cents);
  const text =
    preview.basis === 'full'
      ? t('preview.full', { amount })
      : preview.basis === 'minus_fee'
        ? t('preview.minusFee', { amount, paid: format.usd(paidCents), fee: format.usd(preview.feeCents), percent: format.number(order.refundFeePercent) })
        : t('preview.none');
  return (
    <p aria-live="polite" className="rounded-lg bg-surface-muted px-3 py-2 break-words" data-testid="refund-preview" data-basis={preview.basis}>
      {text}
    </p>
  );
}

/** The request: what happened (required, among the reasons still possible), the customer's words (optional), the terms; Send or Cancel. */
function RequestForm({ order, onCancel, onSent }: { order: TOrderDetail; onCancel: () => void; onSent: () => void }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const send = useRequestRefund(order.id);
  // the same rule the server holds the request to: nothing the order's milestones rule out
  const reasons = applicableRefundReasons(order.milestones.map((entry) => entry.milestone));
  const name = useId();
  const reasonErrorId = `${name}-error`;
  const termsId = `${name}-terms`;
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);

  // opened: the first choice takes the focus
  useEffect(() => firstReason.current?.focus(), []);

  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const reasonError = missingReason ? t('reasonRequired') : fields.reason ? translateMessage(t, fields.reason) : null;
  const detailsError = fields.details ? translateMessage(t, fields.details, { max: format.number(refundDetailsMax) }) : null;
  const formError = send.isError && Object.keys(fields).length === 0 ? errorMessage(t, send.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!reason) {
      setMissingReason(true);
      firstReason.current?.focus();
      return;
    }
    send.mutate({ reason, details }, { onSuccess: onSent });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={termsId}>
      <fieldset aria-describedby={reasonError ? reasonErrorId : undefined} className="min-w-0 space-y-2">
        <legend className="mb-2 text-sm font-medium text-fg">
          {t('reasonLabel')}
          <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        </legend>
        {reasons.map((value, index) => (
          <label key={value} className="flex items-start gap-2 break-words">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              required
              aria-invalid={Boolean(reasonError)}
              onChange={() => {
                setReason(value);
                setMissingReason(false);
                send.reset();
              }}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            <span className="min-w-0">{t(`reasons.${value}`)}</span>
          </label>
        ))}
        {reasonError && (
          <p id={reasonErrorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {reasonError}
          </p>
        )}
      </fieldset>
      {reason && <RefundPreview order={order} reason={reason} />}
      <div className="space-y-1.5">
        <CountedTextArea
          label={t('detailsLabel')}
          value={details}
          maxLength={refundDetailsMax}
          onChange={(text) => {
            setDetails(text);
            if (detailsError) send.reset();
          }}
          count={t('count', { count: format.number(details.length), max: format.number(refundDetailsMax) })}
          error={detailsError}
        />
      </div>
      <p id={termsId} className="text-xs break-words text-muted">
        {t('terms')}
      </p>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" busy={send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={send.isPending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

import { Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/i18n';
import type { TAdminOrderDetail } from '@shared/admin';
import type { TRefund } from '@shared/refunds';
import {
  refundAmountProblem,
  refundExceptions,
  refundNoteMax,
  reopenReasonMax,
  suggestedRefund,
  type RefundException,
  type SuggestedRefund,
} from '@shared/refund-rules';
import { ConfirmBox } from '@client/components/confirm-box';
import { Button } from '@client/components/ui/button';
import { CreditNoteLink } from '@client/features/refunds/credit-note-link';
import { ErrorBox, Panel } from '@client/components/ui/data-views';
import { Field, inputClasses } from '@client/components/ui/field';
import { useActionFeedback } from '@client/components/action-feedback';
import { ApiError } from '@client/lib/api-client';
import { useDecideRefund, useReopenOrder, useRetryRefund } from '@client/lib/api/refunds';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useFormats } from '@client/lib/use-formats';
import { formatDuration } from '../../lib/format-duration';

type Order = TAdminOrderDetail['order'];
type Formats = ReturnType<typeof useFormats>;

const badgeClasses: Record<TRefund['status'], string> = {
  requested: 'bg-amber-100 text-amber-950 ring-amber-400 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  approved: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/40 dark:text-blue-200 dark:ring-blue-700',
  failed: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
  refunded: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700',
  declined: 'bg-gray-100 text-gray-800 ring-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-600',
  withdrawn: 'bg-gray-100 text-gray-800 ring-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-600',
};

/** "359.10" (what the amount field shows) for 35910 cents. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** What the administrator typed, in cents: digits with at most two decimals (commas and a dollar sign allowed); NaN otherwise. */
export function parseDollars(text: string): number {
  const plain = text
    .trim()
    .replace(/^(US)?\$/i, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * 100);
}

/** The percent as the rules quote it: "10", "8.5". */
const percent = (value: number, format: Formats) => (Number.isInteger(value) ? format.number(value) : format.number(value, 2).replace(/\.?0+$/, ''));

/**
 * The money-back guarantee on the administrators' order page: the latest request, what
 * the rules suggest, the decision (approve an amount or decline, with the note the customer
 * reads), a refund the provider refused retried, the credit note, and reopening an order a refund
 * closed. Shown once a request exists, whatever its status.
 */
export function RefundPanel({ order }: { order: Order }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const feedback = useActionFeedback();
  const refund = order.refund;
  const decide = useDecideRefund(order.id);
  const retry = useRetryRefund(order.id);
  // an action's answer, shown while the request is still in the state it announced (the refund event moves it on)
  const [notice, setNotice] = useState<{ text: string; status: TRefund['status'] | null } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [focusNotice, setFocusNotice] = useState(false);
  // when the page opened: how long the request has waited
  const [openedAt] = useState(() => Date.now());
  // after the render that shows it: the form or button that was used may be gone
  useEffect(() => {
    if (focusNotice) {
      noticeRef.current?.focus();
      setFocusNotice(false);
    }
  }, [focusNotice]);

  if (!refund) return null;
  const shownNotice = notice && (notice.status === null || notice.status === refund.status) ? notice.text : null;
  const team = refund.team;
  const paidCents = team?.paidCents ?? order.orderAmountPaid ?? 0;
  const refundedCents = team?.refundedCents ?? order.amountRefunded;
  const statusLabel = (status: TRefund['status']) => (status === 'failed' ? t('admin.failedBadge') : t(`status.${status}`));

  /** an action's answer, announced (and focused) in the panel's status line */
  const done = (message: string, status: TRefund['status'] | null = null) => {
    setNotice({ text: message, status });
    setFocusNotice(true);
  };
  const begin = () => {
    feedback.begin();
    setNotice(null);
  };

  const decided = refund.decidedAt !== null && refund.status !== 'requested' && refund.status !== 'withdrawn';
  const lines: ReactNode[] = [
    refund.status === 'requested'
      ? t('admin.requestedBy', { date: format.dateTime(refund.requestedAt), age: formatDuration(openedAt - Date.parse(refund.requestedAt), format.locale) })
      : t('admin.askedOn', { date: format.dateTime(refund.requestedAt) }),
    t('admin.reason', { reason: t(`reasons.${refund.reason}`) }),
  ];

  return (
    <Panel
      compact
      title={t('admin.title')}
      icon={Undo2}
      aside={
        <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeClasses[refund.status]}`}>
          {statusLabel(refund.status)}
        </span>
      }
    >
      <div className="space-y-4 text-sm" data-testid="refund-panel" data-status={refund.status}>
        <div className="space-y-1 break-words">
          {lines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
          {refund.details && <p className="whitespace-pre-line">{t('admin.details', { details: refund.details })}</p>}
          <p>{t('admin.paid', { paid: format.usd(paidCents), refunded: format.usd(refundedCents) })}</p>
          {team && refund.status !== 'requested' && <Suggestion suggested={team.suggested} />}
          {team?.exception && (
            <p>
              {t('admin.exceptionLabel')}: {t(`admin.exceptions.${team.exception}`)}
            </p>
          )}
          {decided && refund.amountCents !== null && <p>{t('admin.granted', { amount: format.usd(refund.amountCents) })}</p>}
          {decided && refund.decisionNote && (
            <p className="whitespace-pre-line">
              {t('admin.noteLabel')}: {refund.decisionNote}
            </p>
          )}
          {decided && team?.decidedBy && refund.decidedAt && (
            <p className="text-muted">{t('admin.decidedBy', { name: team.decidedBy, date: format.dateTime(refund.decidedAt) })}</p>
          )}
        </div>

        {refund.status === 'requested' && (
          <DecisionForm
            refund={refund}
            paidCents={paidCents}
            refundedCents={refundedCents}
            decide={decide}
            onStart={begin}
            onDone={(answer) => done(statusLabel(answer.status), answer.status)}
          />
        )}

        {refund.status === 'approved' && <p className="break-words">{t('admin.waitingProvider')}</p>}

        {refund.status === 'failed' && (
          <div className="space-y-2">
            <p className="break-words text-red-700 dark:text-red-400">{t('admin.failed', { reason: team?.failureReason ?? '—' })}</p>
            <Button
              variant="outline"
              size="sm"
              busy={retry.isPending}
              onClick={() => {
                begin();
                retry.mutate(refund.id, {
                  onSuccess: ({ refund: answer }) =>
                    done(
                      answer.status === 'failed' ? t('admin.failed', { reason: answer.team?.failureReason ?? '—' }) : statusLabel(answer.status),
                      answer.status,
                    ),
                });
              }}
            >
              {retry.isPending ? t('admin.retrying') : t('admin.retry')}
            </Button>
            {retry.isError && <ErrorBox title={errorMessage(t, retry.error)} />}
          </div>
        )}

        {refund.status === 'refunded' && (
          <div className="space-y-1 break-words">
            {refund.refundedAt && (
              <p>{t('refundedOn', { amount: format.usd(refund.amountCents ?? order.amountRefunded), date: format.dateTime(refund.refundedAt) })}</p>
            )}
            <CreditNoteLink orderId={order.id} refund={refund} />
          </div>
        )}

        {order.refundedAt && <ReopenForm orderId={order.id} onStart={begin} onDone={() => done(t('admin.reopened'))} />}

        <p
          ref={noticeRef}
          role="status"
          tabIndex={-1}
          className={shownNotice && feedback.showSuccess ? 'font-medium break-words text-green-800 dark:text-green-300' : 'sr-only'}
        >
          {feedback.showSuccess ? shownNotice : null}
        </p>
      </div>
    </Panel>
  );
}

/** What the rules suggest, and why: the amount, and the basis with its fee. */
function Suggestion({
  suggested,
  live = false,
}: {
  suggested: Pick<SuggestedRefund, 'basis' | 'cents' | 'feeCents'> & { feePercent: number };
  live?: boolean;
}) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  return (
    <p aria-live={live ? 'polite' : undefined} className="break-words" data-testid="refund-suggestion">
      {t('admin.suggested', { amount: format.usd(suggested.cents) })}:{' '}
      {t(`admin.basis.${suggested.basis}`, { percent: percent(suggested.feePercent, format), fee: format.usd(suggested.feeCents) })}
    </p>
  );
}

interface DecisionFormProps {
  refund: TRefund;
  paidCents: number;
  refundedCents: number;
  decide: ReturnType<typeof useDecideRefund>;
  onStart: () => void;
  onDone: (refund: TRefund) => void;
}

/** Approve an amount (the rules' suggestion, or another with a note) or decline (with the reason the customer reads). */
function DecisionForm({ refund, paidCents, refundedCents, decide, onStart, onDone }: DecisionFormProps) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const feePercent = refund.team?.suggested.feePercent ?? 10;
  const [exception, setException] = useState<RefundException | ''>('');
  // the amount follows the suggestion (which the exception changes) until the administrator types one
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // whether the order closes when the refund completes: follows the amount (the rules' own amount, or all that is left) until ticked by hand
  const [typedClose, setTypedClose] = useState<boolean | null>(null);
  // the approval restated and confirmed before money moves
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<
    Partial<Record<'amountCents' | 'note', 'amountInvalid' | 'amountAbovePaid' | 'noteRequired' | 'declineNoteRequired'>>
  >({});
  const amountField = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  const suggestion = suggestedRefund({ reason: refund.reason, exception: exception || null, paidCents, refundedCents, feePercent });
  const amountText = typedAmount ?? dollars(suggestion.cents);
  const cents = parseDollars(amountText);
  const everything = !Number.isNaN(cents) && cents >= paidCents - refundedCents;
  const closes = everything || (typedClose ?? cents === suggestion.cents);
  const pending = decide.isPending ? (decide.variables?.decision.decision ?? null) : null;

  const fields = decide.error instanceof ApiError ? decide.error.fields : {};
  // the form's own checks first, then what the server said of each field
  const fieldError = (name: 'amountCents' | 'note' | 'exception') => {
    const own = name === 'exception' ? undefined : problems[name];
    if (own) return t(own);
    return fields[name] ? translateMessage(t, fields[name], { max: format.number(refundNoteMax) }) : undefined;
  };
  const otherError = decide.isError && Object.keys(fields).length === 0 ? errorMessage(t, decide.error) : null;

  const edited = () => {
    setProblems({});
    setConfirming(false);
    decide.reset();
  };

  /** Checks the decision; an approval that passes is then restated (confirm), a decline is sent. */
  const send = (decision: 'approve' | 'decline', confirmed = false) => {
    if (decide.isPending) return;
    const trimmed = note.trim();
    if (decision === 'decline') {
      if (!trimmed) {
        setProblems({ note: 'declineNoteRequired' });
        noteField.current?.focus();
        return;
      }
    } else {
      const problem = Number.isNaN(cents) ? 'not_cents' : refundAmountProblem(cents, { paidCents, refundedCents });
      if (problem) {
        setProblems({ amountCents: problem === 'above_paid' ? 'amountAbovePaid' : 'amountInvalid' });
        amountField.current?.focus();
        return;
      }
      if (cents !== suggestion.cents && !trimmed) {
        setProblems({ note: 'noteRequired' });
        noteField.current?.focus();
        return;
      }
      if (!confirmed) {
        setProblems({});
        setConfirming(true);
        return;
      }
    }
    setProblems({});
    onStart();
    const chosen = exception || null;
    decide.mutate(
      {
        requestId: refund.id,
        decision:
          decision === 'approve'
            ? { decision, amountCents: cents, exception: chosen, note: trimmed, closeOrder: closes }
            : { decision, exception: chosen, note: trimmed },
      },
      // the question stays, busy, until the answer: then the outcome (or the error) takes its place
      { onSuccess: ({ refund: answer }) => onDone(answer), onSettled: () => setConfirming(false) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('approve');
  };

  // never a refund of zero: without an amount above zero the button does not name one (and asks for it)
  const approveLabel = !Number.isNaN(cents) && cents > 0 ? t('admin.approve', { amount: format.usd(cents) }) : t('admin.approveNoAmount');
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-line pt-4" aria-label={t('admin.title')}>
      <Suggestion suggested={{ ...suggestion, feePercent }} live />
      <Field label={t('admin.exceptionLabel')} error={fieldError('exception')}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={exception}
            onChange={(event) => {
              setException(event.target.value as RefundException | '');
              edited();
            }}
            className={inputClasses}
          >
            <option value="">{t('admin.exceptionNone')}</option>
            {refundExceptions.map((value) => (
              <option key={value} value={value}>
                {t(`admin.exceptions.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.amountLabel')} error={fieldError('amountCents')}>
        {({ id, describedBy, invalid }) => (
          <input
            ref={amountField}
            id={id}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={amountText}
            onChange={(event) => {
              setTypedAmount(event.target.value);
              edited();
            }}
            className={`${inputClasses} tabular-nums`}
          />
        )}
      </Field>
      <Field label={t('admin.noteLabel')} hint={t('admin.noteHint')} error={fieldError('note')}>
        {({ id, describedBy, invalid }) => (
          <textarea
            ref={noteField}
            id={id}
            rows={3}
            maxLength={refundNoteMax}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              edited();
            }}
            className={`${inputClasses} min-h-20 resize-y`}
          />
        )}
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
          checked={closes}
          disabled={everything}
          onChange={(event) => {
            setTypedClose(event.target.checked);
            edited();
          }}
        />
        <span>
          {t('admin.closeOrder')}
          <span className="block text-muted">{everything ? t('admin.closeOrderAll') : t('admin.closeOrderHint')}</span>
        </span>
      </label>
      {confirming ? (
        <ConfirmBox
          testId="refund-confirm"
          title={t('admin.confirmTitle', { amount: format.usd(cents) })}
          confirmLabel={pending === 'approve' ? t('admin.approving') : t('admin.confirmYes', { amount: format.usd(cents) })}
          cancelLabel={t('admin.confirmBack')}
          busy={pending === 'approve'}
          onConfirm={() => send('approve', true)}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('admin.confirmWhere', { amount: format.usd(cents) })}</p>
          <p className="font-medium">{closes ? t('admin.confirmCloses') : t('admin.confirmStaysOpen')}</p>
        </ConfirmBox>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="sm" disabled={pending === 'decline'}>
            {approveLabel}
          </Button>
          <Button variant="outline" size="sm" busy={pending === 'decline'} onClick={() => send('decline')}>
            {pending === 'decline' ? t('admin.declining') : t('admin.decline')}
          </Button>
        </div>
      )}
      {otherError && <ErrorBox title={otherError} />}
    </form>
  );
}

/** An order a refund closed goes back to work, with the reason (audited). */
function ReopenForm({ orderId, onStart, onDone }: { orderId: string; onStart: () => void; onDone: () => void }) {
  const { t } = useTranslation('refunds');
  const format = useFormats();
  const reopen = useReopenOrder(orderId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldKey = reopen.error instanceof ApiError ? reopen.error.fields.reason : undefined;
  const error = missing ? t('reopenReasonRequired') : fieldKey ? translateMessage(t, fieldKey, { max: format.number(reopenReasonMax) }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reopen.isPending) return;
    if (!reason.trim()) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    onStart();
    reopen.mutate(reason.trim(), { onSuccess: () => (setReason(''), onDone()) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-line pt-4" aria-label={t('admin.reopen')}>
      <p className="break-words">{t('admin.closed')}</p>
      <Field label={t('admin.reopenLabel')} error={error}>
        {({ id, describedBy, invalid }) => (
          <textarea
            ref={field}
            id={id}
            rows={2}
            maxLength={reopenReasonMax}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
              reopen.reset();
            }}
            className={`${inputClasses} resize-y`}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" size="sm" busy={reopen.isPending}>
        {reopen.isPending ? t('admin.reopening') : t('admin.reopen')}
      </Button>
      {reopen.isError && !fieldKey && <ErrorBox title={errorMessage(t, reopen.error)} />}
    </form>
  );
}

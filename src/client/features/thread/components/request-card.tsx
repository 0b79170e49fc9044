import { CircleAlert, CircleCheck, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messageMaxLength } from '@shared/order-message-rules';
import type { TOrderRequest } from '@shared/order-messages';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { useAnswerRequest, useWithdrawRequest } from '@client/lib/api/order-messages';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useBasicFormats } from '@client/lib/use-language';
import { FilePicker, fileProblem, type Side } from './attachments';
import { MessageTextArea } from './message-text-area';

/**
 * What a request asks, by when, and where it stands. The customer answers it right there (in the
 * thread, and in "Action needed" on the dashboard); the team may withdraw it.
 */
export function RequestCard({ orderId, request, side }: { orderId: string; request: TOrderRequest; side: Side }) {
  const { t } = useTranslation('messages');
  const format = useBasicFormats();
  // The answer's mutation lives here, not in the form: the live stream may report the request
  // answered (and close the form) before our own request returns, and the thanks must still show.
  const answer = useAnswerRequest(orderId);
  const answered = answer.isSuccess;
  // after the answer the form goes: focus moves to the thanks, not to the page's start
  const thanks = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answered) thanks.current?.focus();
  }, [answered]);
  const open = request.status === 'open';
  const what = t(request.kind === 'document' ? 'requestDocument' : 'requestAnswer', { date: format.longDay(request.dueOn) });
  return (
    <div
      // a done request is one line: what was asked and that it is answered or withdrawn
      className={`mt-2 rounded-lg border ${open ? 'border-amber-400 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40' : 'border-line bg-surface px-3 py-2'}`}
      data-testid="request-card"
    >
      <p className="flex items-start gap-2 text-sm font-semibold text-fg">
        {open ? (
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        ) : (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        )}
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span>{what}</span>
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-fg ring-1 ring-line ring-inset">
            {open ? t(side === 'customer' ? 'statusOpenCustomer' : 'statusOpenTeam') : t(request.status === 'answered' ? 'statusAnswered' : 'statusWithdrawn')}
          </span>
        </span>
      </p>
      {request.document && open && (
        <p className="mt-1 text-sm text-muted">
          {t(side === 'customer' ? 'replacesCustomer' : 'replacesTeam', { document: t(`documents.${request.document}`) })}
        </p>
      )}
      {answered && (
        <p ref={thanks} tabIndex={-1} role="status" className="mt-2 text-sm font-medium text-green-800 dark:text-green-300">
          {t('answeredThanks')}
        </p>
      )}
      {(open || answer.isPending) && side === 'customer' && !answered && <RequestAnswerForm request={request} answer={answer} />}
      {open && side === 'team' && <WithdrawButton orderId={orderId} requestId={request.id} />}
    </div>
  );
}

function WithdrawButton({ orderId, requestId }: { orderId: string; requestId: string }) {
  const { t } = useTranslation('messages');
  const withdraw = useWithdrawRequest(orderId);
  return (
    <div className="mt-2">
      <Button variant="outline" size="sm" busy={withdraw.isPending} onClick={() => withdraw.mutate(requestId)}>
        <Undo2 className="size-4" aria-hidden />
        {withdraw.isPending ? t('withdrawing') : t('withdraw')}
      </Button>
      {withdraw.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errorMessage(t, withdraw.error)}
        </p>
      )}
    </div>
  );
}

/** The customer's answer to an open request: words for an answer; a file (and an optional note) for a file request. */
function RequestAnswerForm({ request, answer }: { request: TOrderRequest; answer: ReturnType<typeof useAnswerRequest> }) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const wantsFile = request.kind === 'document';

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    const refuse = (message: string, focus: HTMLElement | null) => {
      setProblem(message);
      focus?.focus();
    };
    if (wantsFile && !file) return refuse(t('fileRequired'), picker.current);
    if (!wantsFile && !body) return refuse(t('required'), field.current);
    if (body.length > messageMaxLength) return refuse(t('tooLong'), field.current);
    setProblem(null);
    answer.mutate(
      { requestId: request.id, body, file: file ?? undefined },
      {
        onError: (error) => {
          const key = error instanceof ApiError ? (error.fields.body ?? error.fields.file ?? error.fields.files) : undefined;
          refuse(key ? translateMessage(t, key) : errorMessage(t, error), wantsFile ? picker.current : field.current);
        },
      },
    );
  };

  return (
    <form onSubmit={send} noValidate className="mt-3 space-y-2" aria-label={t(wantsFile ? 'answerFileForm' : 'answerForm')}>
      {wantsFile && (
        <FilePicker
          side="customer"
          label={t('chooseFile')}
          files={file ? [file] : []}
          multiple={false}
          disabled={answer.isPending}
          inputRef={picker}
          onChoose={([chosen]) => {
            if (!chosen) return;
            const wrong = fileProblem(chosen, 'customer');
            setProblem(wrong && translateMessage(t, wrong));
            setFile(wrong ? null : chosen);
          }}
          onRemove={() => setFile(null)}
        />
      )}
      <MessageTextArea
        label={t(wantsFile ? 'noteLabel' : 'answerLabel')}
        text={text}
        setText={setText}
        problem={problem}
        setProblem={setProblem}
        fieldRef={field}
      />
      <Button type="submit" size="sm" busy={answer.isPending}>
        {answer.isPending ? t('sending') : t(wantsFile ? 'sendFile' : 'sendAnswer')}
      </Button>
    </form>
  );
}

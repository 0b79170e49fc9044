import { type FormEvent, useId, useRef, useState } from 'react';
import { messageTemplateRequests, type MessageTemplateKind } from '@shared/message-templates';
import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import { isoDayFrom, messageAttachmentsMax, messageMaxLength, requestDueDefaultDays, requestDueMaxDays, type TRequestKind } from '@shared/order-message-rules';
import { Button } from '@client/components/ui/button';
import { inputClasses } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { usePostMessage } from '@client/lib/api/order-messages';
import { useTranslation } from '@client/lib/i18n';
import { errorMessage, translateMessage } from '@client/lib/message';
import { FilePicker, fileProblem, type Side } from './attachments';
import { MessageTextArea } from './message-text-area';
import { TemplatePicker, type ThreadTemplates } from './template-picker';

/** The administrator's local calendar day, `days` ahead (a due date is a day, as the administrator reads it). */
const localDay = (days: number) => {
  const now = new Date();
  return isoDayFrom(new Date(now.getTime() - now.getTimezoneOffset() * 60_000), days);
};

/**
 * The box under the thread: up to 4,000 characters and 5 files; the team may make the message a
 * request (an answer, or a file that may replace an identity document, by a day). After sending,
 * it is empty and keeps the keyboard.
 */
export function Composer({ orderId, side, templates }: { orderId: string; side: Side; templates?: ThreadTemplates }) {
  const { t } = useTranslation('messages');
  const post = usePostMessage(orderId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [ask, setAsk] = useState<TRequestKind | ''>('');
  const [document, setDocument] = useState<IdentityDocument | ''>('');
  const [dueOn, setDueOn] = useState(() => localDay(requestDueDefaultDays));
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const ids = useId();

  /** A template fills the box (in the customer's language) and what it asks for; the administrator edits it before sending. */
  const useTemplate = (kind: MessageTemplateKind) => {
    const template = templates?.list.find((candidate) => candidate.kind === kind);
    if (!template) return;
    const asks = messageTemplateRequests[kind];
    setText(template.body);
    setAsk(asks?.kind ?? '');
    setDocument(asks?.document ?? '');
    setProblem(null);
    field.current?.focus();
  };

  const refuse = (message: string, focus: HTMLElement | null = field.current) => {
    setProblem(message);
    focus?.focus();
  };

  const choose = (chosen: File[]) => {
    const wrong = chosen.map((file) => [file, fileProblem(file, side)] as const).find(([, reason]) => reason);
    if (wrong) return refuse(`${wrong[0].name}: ${translateMessage(t, wrong[1]!)}`, picker.current);
    const next = [...files, ...chosen];
    if (next.length > messageAttachmentsMax) return refuse(t('tooManyFiles'), picker.current);
    setProblem(null);
    setFiles(next);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body && (files.length === 0 || ask)) return refuse(t('required'));
    if (body.length > messageMaxLength) return refuse(t('tooLong'));
    setProblem(null);
    const request = ask ? { kind: ask, document: ask === 'document' && document ? document : null, dueOn } : undefined;
    post.mutate(
      { body, files, request },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setAsk('');
          setDocument('');
          field.current?.focus();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          const key = fields.body ?? fields.files ?? fields['request.dueOn'] ?? fields['request.kind'] ?? fields['request.document'];
          refuse(key ? translateMessage(t, key) : errorMessage(t, error));
        },
      },
    );
  };

  return (
    <form onSubmit={send} noValidate className="space-y-3">
      {side === 'team' && templates && templates.list.length > 0 && <TemplatePicker templates={templates} onChoose={useTemplate} />}
      <div className="space-y-1.5">
        <MessageTextArea label={t('composerLabel')} text={text} setText={setText} problem={problem} setProblem={setProblem} fieldRef={field} />
      </div>
      <FilePicker
        side={side}
        label={t('attach')}
        files={files}
        multiple
        disabled={post.isPending}
        inputRef={picker}
        onChoose={choose}
        onRemove={(index) => setFiles(files.filter((_, i) => i !== index))}
      />
      {side === 'team' && (
        <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-fg">{t('askLegend')}</legend>
          <div className="space-y-1">
            <label htmlFor={`${ids}-ask`} className="block text-xs font-semibold text-muted">
              {t('askLabel')}
            </label>
            <select id={`${ids}-ask`} className={inputClasses} value={ask} onChange={(event) => setAsk(event.target.value as TRequestKind | '')}>
              <option value="">{t('askNothing')}</option>
              <option value="answer">{t('askAnswer')}</option>
              <option value="document">{t('askDocument')}</option>
            </select>
          </div>
          {ask === 'document' && (
            <div className="space-y-1">
              <label htmlFor={`${ids}-document`} className="block text-xs font-semibold text-muted">
                {t('replacesLabel')}
              </label>
              <select
                id={`${ids}-document`}
                className={inputClasses}
                value={document}
                onChange={(event) => setDocument(event.target.value as IdentityDocument | '')}
              >
                <option value="">{t('replacesNothing')}</option>
                {identityDocuments.map((name) => (
                  <option key={name} value={name}>
                    {t(`documents.${name}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {ask && (
            <div className="space-y-1">
              <label htmlFor={`${ids}-due`} className="block text-xs font-semibold text-muted">
                {t('dueLabel')}
              </label>
              <input
                id={`${ids}-due`}
                type="date"
                required
                className={inputClasses}
                value={dueOn}
                min={localDay(0)}
                max={localDay(requestDueMaxDays)}
                onChange={(event) => setDueOn(event.target.value)}
              />
            </div>
          )}
        </fieldset>
      )}
      <Button type="submit" size="sm" busy={post.isPending}>
        {post.isPending ? t('sending') : t(ask ? 'sendRequest' : 'send')}
      </Button>
    </form>
  );
}

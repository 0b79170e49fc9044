import type { UseMutationResult } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { noteMaxLength } from '@shared/support-rules';
import { Button } from '@client/components/ui/button';
import { CountedTextArea } from '@client/components/ui/counted-textarea';
import { ApiError } from '@client/lib/api-client';
import { errorMessage, translateMessage } from '@client/lib/message';
import { useActionFeedback } from './action-feedback';
import { useTranslation } from '@client/lib/i18n';
import { useBasicFormats } from '@client/lib/use-language';

interface MessageFormProps {
  label: string;
  hint?: string;
  submit: string;
  submitting: string;
  done: string;
  /** sends the text; 400 field errors come back on `body` */
  mutation: UseMutationResult<unknown, Error, string>;
  testId?: string;
}

/**
 * A text an administrator writes (an order note, a ticket reply or note): up to 2000 characters,
 * required, cleared once saved; the confirmation gives way to the next action on the page.
 */
export function MessageForm({ label, hint, submit, submitting, done, mutation, testId }: MessageFormProps) {
  // the admin namespace (notes.*), falling back to common for server error messages
  const { t } = useTranslation(['admin', 'common'], { nsMode: 'fallback' });
  const { number } = useBasicFormats();
  const feedback = useActionFeedback();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setEmpty(true);
      field.current?.focus();
      return;
    }
    feedback.begin();
    mutation.mutate(text, { onSuccess: () => setText('') });
  };

  const fieldKey = mutation.error instanceof ApiError ? mutation.error.fields.body : undefined;
  const error = empty ? t('notes.required') : fieldKey ? translateMessage(t, fieldKey) : mutation.isError ? errorMessage(t, mutation.error) : null;

  return (
    <form onSubmit={send} noValidate className="space-y-2" data-testid={testId}>
      <CountedTextArea
        label={label}
        value={text}
        maxLength={noteMaxLength}
        onChange={(next) => {
          setText(next);
          setEmpty(false);
          mutation.reset();
        }}
        count={
          <>
            {hint && <span className="block wrap-anywhere">{hint}</span>}
            {t('notes.count', { count: text.length, max: number(noteMaxLength) })}
          </>
        }
        error={error}
        fieldRef={field}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" busy={mutation.isPending}>
          {mutation.isPending ? submitting : submit}
        </Button>
        {mutation.isSuccess && feedback.showSuccess && (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            {done}
          </p>
        )}
      </div>
    </form>
  );
}

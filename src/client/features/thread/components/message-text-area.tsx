import type { RefObject } from 'react';
import { messageMaxLength } from '@shared/order-message-rules';
import { CountedTextArea } from '@client/components/ui/counted-textarea';
import { useTranslation } from '@client/lib/i18n';
import { useBasicFormats } from '@client/lib/use-language';

/** A message's text box with its "n of 4,000 characters" count; typing clears the problem shown under it. */
export function MessageTextArea({
  label,
  text,
  setText,
  problem,
  setProblem,
  fieldRef,
}: {
  label: string;
  text: string;
  setText(text: string): void;
  problem: string | null;
  setProblem(problem: null): void;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation('messages');
  const { number } = useBasicFormats();
  return (
    <CountedTextArea
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        setProblem(null);
      }}
      count={t('count', { count: number(text.length), max: number(messageMaxLength) })}
      error={problem}
      fieldRef={fieldRef}
    />
  );
}

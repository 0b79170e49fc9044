import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { translateUncheckedKey, useTranslation } from '@client/lib/i18n';
import type { QuizQuestion } from '@shared/quiz/questions';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';

interface QuestionStepProps {
  question: QuizQuestion;
  index: number;
  total: number;
  selected: string | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onSelect: (value: string) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * One question. The options are native radio inputs (styled as cards), so arrow keys move the
 * choice and Space selects it without any custom keyboard code.
 */
export function QuestionStep({ question, index, total, selected, headingRef, onSelect, onPrevious, onNext }: QuestionStepProps) {
  const { t } = useTranslation('quiz');
  const position = t('progress.question', { current: index + 1, total });
  const isLast = index === total - 1;
  const headingId = `quiz-question-${question.id}`;

  return (
    <>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <p className="font-semibold text-fg" data-testid="quiz-position">
          {position}
        </p>
        <p className="text-muted">{t('progress.complete', { percent: Math.round(((index + 1) / total) * 100) })}</p>
      </div>
      <Progress value={index + 1} max={total} label={t('progress.label')} valueText={position} className="mt-2 h-2 bg-brand-100 dark:bg-brand-800" />

      <fieldset className="mt-6" aria-labelledby={headingId} aria-describedby={`${headingId}-hint`}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
          {t(question.titleKey)}
        </h2>
        <p id={`${headingId}-hint`} className="mt-1 text-sm text-muted sm:text-base">
          {t(question.hintKey)}
        </p>
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          {question.options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-line bg-surface p-4 transition-colors hover:border-brand-200 hover:bg-surface-muted has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus dark:hover:border-brand-500 dark:has-checked:border-gold-400 dark:has-checked:bg-brand-800/60"
            >
              <input
                type="radio"
                name={question.id}
                value={option.value}
                checked={selected === option.value}
                onChange={() => onSelect(option.value)}
                // the card shows the focus ring; the input itself is the visible radio dot
                className="mt-0.5 size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-control bg-surface transition-[border] checked:border-[6px] checked:border-brand-600 focus-visible:outline-none dark:checked:border-gold-400"
              />
              <span className="min-w-0">
                {/* the options' keys are named by the quiz data (shared/quiz): quiz-translations.test.ts checks each has a text */}
                <span className="block font-semibold leading-snug text-fg">{translateUncheckedKey(t, option.labelKey)}</span>
                <span className="mt-0.5 block text-sm text-muted">{translateUncheckedKey(t, option.descriptionKey)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* phones: Next on top and full width, so the long last-step label fits on one line */}
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={onPrevious} disabled={index === 0} className="w-full sm:w-auto">
          <ArrowLeft className="size-4" aria-hidden />
          {t('nav.previous')}
        </Button>
        <Button variant={isLast ? 'accent' : 'primary'} onClick={onNext} disabled={selected === undefined} className="w-full sm:w-auto">
          {isLast ? t('nav.finish') : t('nav.next')}
          {isLast ? <Sparkles className="size-4" aria-hidden /> : <ArrowRight className="size-4" aria-hidden />}
        </Button>
      </div>
    </>
  );
}

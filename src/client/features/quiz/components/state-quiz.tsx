import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { topStates } from '@shared/quiz/scoring';
import { buttonClasses } from '@client/components/ui/button';
import { useQuiz } from '../hooks/use-quiz';
import { QuestionStep } from './question-step';
import { QuizResults } from './quiz-results';
import type { StartTarget } from './result-card';
import { paths } from '@shared/client-paths';

/**
 * docs/product.md, "Client routes", "Order statuses": the state quiz, one question at a time, then the top 3 states.
 * Who is signed in is not this feature's business: the page passes where "start" leads, and where
 * the way back goes (a customer's order form; a visitor, who has none, the home page).
 */
export function StateQuiz({ start, back = 'order' }: { start: StartTarget; back?: 'order' | 'home' }) {
  const { t } = useTranslation('quiz');
  const { state, dispatch, questions } = useQuiz();
  const question = questions[state.index];
  const matches = useMemo(() => (state.finished ? topStates(state.answers) : []), [state.finished, state.answers]);

  // After each step change, focus the new heading: screen readers announce it and Tab continues
  // from there. Compared with the last step rather than skipped once, so StrictMode's double
  // effect on mount does not steal focus.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const step = state.finished ? 'results' : state.index;
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus({ preventScroll: true });
    // on a phone the Next button sits below the fold: bring the top of the card (progress and
    // question) back into view, clear of the sticky header (its scroll-margin)
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < parseFloat(getComputedStyle(card).scrollMarginTop)) card.scrollIntoView({ block: 'start' });
  }, [step]);

  return (
    <div className="bg-surface-muted">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <Link to={back === 'order' ? paths.order() : paths.home()} className={buttonClasses('ghost', 'sm', '-ml-3 text-muted')}>
          <ArrowLeft className="size-4" aria-hidden />
          {back === 'order' ? t('nav.backToOrder') : t('nav.backHome')}
        </Link>
        <header className="mt-4 text-center">
          <p className="inline-flex rounded-full bg-gold-300/40 px-3 py-1 text-xs font-semibold text-gold-700 dark:bg-gold-400/15 dark:text-gold-300">
            {t('intro.eyebrow')}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl dark:text-white">{t('intro.title')}</h1>
          {!state.finished && <p className="mx-auto mt-3 max-w-2xl text-sm text-balance text-muted sm:text-base">{t('intro.lead')}</p>}
        </header>
        <div ref={cardRef} className="mt-8 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
          {state.finished || !question ? (
            <QuizResults matches={matches} start={start} headingRef={headingRef} onRetake={() => dispatch({ type: 'retake' })} />
          ) : (
            <QuestionStep
              // a fresh step per question, so nothing of the previous one lingers
              key={question.id}
              question={question}
              index={state.index}
              total={questions.length}
              selected={state.answers[question.id]}
              headingRef={headingRef}
              onSelect={(value) => dispatch({ type: 'answer', questionId: question.id, value })}
              onPrevious={() => dispatch({ type: 'previous' })}
              onNext={() => dispatch({ type: 'next' })}
            />
          )}
        </div>
      </div>
    </div>
  );
}

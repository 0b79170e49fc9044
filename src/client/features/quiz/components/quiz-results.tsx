import { RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { quizMaxScore, type StateMatch } from '@shared/quiz/scoring';
import { Button, buttonClasses } from '@client/components/ui/button';
import { ResultCard, type StartTarget } from './result-card';
import { paths } from '@shared/client-paths';

interface QuizResultsProps {
  matches: StateMatch[];
  start: StartTarget;
  headingRef: Ref<HTMLHeadingElement>;
  onRetake: () => void;
}

/** docs/product.md, "Client routes": the top 3 states, the first marked Best Match; Retake; Choose your own state. */
export function QuizResults({ matches, start, headingRef, onRetake }: QuizResultsProps) {
  const { t } = useTranslation('quiz');
  return (
    <section aria-labelledby="quiz-results-title">
      <div className="text-center">
        <h2 id="quiz-results-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {t('results.title')}
        </h2>
        <p className="mt-1 text-sm text-muted sm:text-base">{t('results.lead', { max: quizMaxScore })}</p>
      </div>
      <ol className="mt-8 space-y-6">
        {matches.map((match, i) => (
          <li key={match.code}>
            <ResultCard match={match} rank={i + 1} start={start} />
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={onRetake}>
          <RotateCcw className="size-4" aria-hidden />
          {t('results.retake')}
        </Button>
        <Link to={paths.order()} className={buttonClasses('ghost', 'md', 'underline-offset-4 hover:underline')}>
          {t('results.chooseOwn')}
        </Link>
      </div>
      <p className="mt-6 text-center text-xs text-muted">{t('results.disclaimer')}</p>
      <p className="mt-1 text-center text-xs text-muted">{t('results.credit')}</p>
    </section>
  );
}

import { ArrowRight, Award, CircleCheck } from 'lucide-react';
import { Link } from '@client/lib/router';
import { translateUncheckedKey, useTranslation } from '@client/lib/i18n';
import { quizMaxScore, type StateMatch } from '@shared/quiz/scoring';
import { stateProfiles, type QuizStateCode } from '@shared/quiz/states';
import { stateFacts } from '@shared/state-facts';
import { stateGuidePath } from '@shared/state-guides';
import { useBasicFormats } from '@client/lib/use-language';
import { Button, buttonClasses } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';

export interface StartTarget {
  /** Where starting an LLC in this state leads: the order wizard or the marketing site. */
  href: (code: QuizStateCode) => string;
  /** True while it is not known yet whether the visitor is signed in. */
  pending: boolean;
}

interface ResultCardProps {
  match: StateMatch;
  rank: number;
  start: StartTarget;
}

/** One recommended state: code, name, Match Score out of 18, reasons and the start button. */
export function ResultCard({ match, rank, start }: ResultCardProps) {
  const { t } = useTranslation('quiz');
  const { usd } = useBasicFormats();
  const best = rank === 1;
  const name = t(stateProfiles[match.code].nameKey);
  const score = t('results.score', { score: match.score, max: quizMaxScore });
  const headingId = `quiz-result-${match.code}`;
  // Wyoming's yearly fee, quoted by a reason, from the dataset (credited under the results)
  const wyomingFee = usd(stateFacts('WY')!.annualReportFeeUsd * 100);

  return (
    <article
      aria-labelledby={headingId}
      data-testid="quiz-result"
      data-state={match.code}
      className={`relative rounded-2xl bg-surface p-4 sm:p-6 ${best ? 'border-2 border-gold-400 shadow-lg shadow-gold-400/10' : 'border border-line'}`}
    >
      {best && (
        <p className="absolute -top-3.5 left-4 sm:left-6 inline-flex items-center gap-1.5 rounded-full bg-gold-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-900">
          <Award className="size-3.5" aria-hidden />
          {t('results.bestMatch')}
        </p>
      )}
      <div className="flex items-center gap-4">
        <p
          className={`flex size-14 shrink-0 items-center justify-center rounded-xl text-xl font-extrabold ${best ? 'bg-brand-700 text-white dark:bg-gold-400 dark:text-brand-900' : 'bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-100'}`}
        >
          {match.code}
        </p>
        <div className="min-w-0">
          <p className="text-xs font-semibold text-muted">{t('results.rank', { rank })}</p>
          <h3 id={headingId} className="text-lg font-bold leading-tight sm:text-xl">
            {name}
          </h3>
        </div>
      </div>
      <div className="mt-4 flex items-baseline justify-between gap-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('results.matchScore')}</p>
        <p className="text-xl font-extrabold tabular-nums text-brand-700 dark:text-gold-300" data-testid="quiz-score">
          {score}
        </p>
      </div>
      <Progress
        value={match.score}
        max={quizMaxScore}
        label={t('results.matchScore')}
        valueText={score}
        className="mt-1.5 h-2 bg-surface-muted dark:bg-brand-800"
        indicatorClassName={best ? 'bg-gold-400' : 'bg-brand-500 dark:bg-brand-200'}
      />

      <h4 className="mt-5 text-sm font-semibold">{t(match.fallback ? 'results.whyConsider' : 'results.whyItFits')}</h4>
      <ul className="mt-2 space-y-2">
        {match.reasonKeys.map((key) => (
          <li key={key} className="flex gap-2 text-sm text-fg">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
            {/* reasons and benefits are named by the quiz data (shared/quiz): quiz-translations.test.ts checks each has a text */}
            <span>{translateUncheckedKey(t, key, { wyomingFee })}</span>
          </li>
        ))}
      </ul>

      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
        <StartButton code={match.code} label={t('results.start', { state: name })} best={best} start={start} />
        <Link
          to={stateGuidePath(match.code)}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300"
        >
          {t('results.guide', { state: name })}
        </Link>
      </div>
    </article>
  );
}

function StartButton({ code, label, best, start }: { code: QuizStateCode; label: string; best: boolean; start: StartTarget }) {
  const classes = buttonClasses(best ? 'primary' : 'outline', 'md', 'w-full sm:w-auto');
  const content = (
    <>
      {label}
      <ArrowRight className="size-4" aria-hidden />
    </>
  );
  if (start.pending) {
    return (
      <Button variant={best ? 'primary' : 'outline'} className="w-full sm:w-auto" busy>
        {label}
      </Button>
    );
  }
  const href = start.href(code);
  // the marketing site may live on another origin: a plain link then, a router link otherwise
  return href.startsWith('/') ? (
    <Link to={href} className={classes}>
      {content}
    </Link>
  ) : (
    <a href={href} className={classes}>
      {content}
    </a>
  );
}

import { useTranslation } from 'react-i18next';
import type { QuizStateCode } from '@shared/quiz/states';
import { StateQuiz } from '@client/features/quiz/components/state-quiz';
import { useSession } from '@client/lib/api/session';
import { usePageTitle } from '@client/lib/page-title';
import { publicConfig } from '@client/lib/public-config';

/** SPEC section 2: a signed-in user starts the order with the state; a visitor goes to the marketing site. */
export default function StateQuizRoute() {
  const { t } = useTranslation('quiz');
  usePageTitle(t('meta.title'), t('meta.description'));
  const { user, isPending } = useSession();
  const href = (code: QuizStateCode) => (user ? `/order?state=${code}` : publicConfig.marketingUrl);
  return <StateQuiz start={{ href, pending: isPending }} />;
}

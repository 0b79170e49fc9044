import { useTranslation } from '@client/lib/i18n';
import { signupPath } from '@shared/routes';
import type { QuizStateCode } from '@shared/quiz/states';
import { StateQuiz } from '@client/features/quiz/components/state-quiz';
import { useSession } from '@client/lib/api/session';
import { usePageTitle } from '@client/lib/page-title';
import { publicConfig } from '@client/lib/public-config';
import { paths } from '@shared/client-paths';

/**
 * docs/product.md, "Client routes": a signed-in user starts the order with the state. A visitor goes to the marketing
 * site when MARKETING_URL is another site (docs/product.md); with the default (a page of ours) they stay in
 * the funnel instead: sign-up, then the wizard with the state chosen.
 */
export default function StateQuizRoute() {
  const { t } = useTranslation('quiz');
  usePageTitle(t('meta.title'), t('meta.description'));
  const { user, isPending } = useSession();
  const external = !publicConfig.marketingUrl.startsWith('/');
  const href = (code: QuizStateCode) => {
    const order = paths.order({ state: code });
    if (user) return order;
    return external ? publicConfig.marketingUrl : signupPath(order);
  };
  return <StateQuiz start={{ href, pending: isPending }} back={user ? 'order' : 'home'} />;
}

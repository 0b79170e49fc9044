import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { AnalyticsTags } from '../third-party/external-scripts';
import { ClosingCta, ComingSoonServices } from './closing';
import { Faq } from './faq';
import { Hero } from './hero';
import { Process, Timelines } from './process';
import { BankHelp, Services } from './services';
import { PopularStates, QuizPromo } from './states';
import { Testimonials } from './testimonials';

/** The home page: the sections of docs/product.md, "The home page", in its order. */
export function HomePage() {
  const { t } = useTranslation('marketing');
  const { price } = usePrice();
  usePageTitle(t('meta.title', { price }), t('meta.description', { price }));
  return (
    <>
      <AnalyticsTags urls={publicConfig.analyticsScriptUrls} />
      <Hero />
      <Services />
      <BankHelp />
      <PopularStates />
      <QuizPromo />
      <Process />
      <Timelines />
      <Testimonials />
      <Faq />
      <ClosingCta />
      <ComingSoonServices />
    </>
  );
}

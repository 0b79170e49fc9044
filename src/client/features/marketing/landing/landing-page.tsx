import type { ReactNode } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { FooterFinePrint, FooterLinks, legalLinks } from '@client/components/footer-links';
import { buttonClasses } from '@client/components/ui/button';
import { StartLink } from '@client/components/start-link';
import { publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { AnalyticsTags } from '../third-party/external-scripts';
import { LandingHero } from './landing-hero';
import { ExplainerVideo, FinalCta, Guarantees, LandingProcess, Pricing, ServicesGrid, Stats, Support, TestimonialWidgets } from './landing-sections';
import { paths } from '@shared/client-paths';

interface Chrome {
  /** the brand logo, the language switch and the theme switch come from the app shell */
  logo: ReactNode;
  languageSwitch: ReactNode;
  themeSwitch: ReactNode;
}

/** /v2: the standalone landing page of docs/product.md, "Client routes", with its own navigation and footer. */
export function LandingPage({ logo, languageSwitch, themeSwitch }: Chrome) {
  const { t } = useTranslation(['landing', 'common']);
  const { price } = usePrice();
  usePageTitle(t('meta.title'), t('meta.description', { price }));
  return (
    <div className="flex min-h-screen flex-col">
      <AnalyticsTags urls={publicConfig.analyticsScriptUrls} />
      {/* on phones the two links take a second row (no room beside the logo), and the bar does not stick */}
      <header className="z-40 border-b border-line bg-surface sm:sticky sm:top-0">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-gold-400 focus:px-3 focus:py-2 focus:text-brand-900"
        >
          {t('common:skipToContent')}
        </a>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3 sm:h-16 sm:flex-nowrap sm:py-0">
          <div className="mr-auto">{logo}</div>
          {languageSwitch}
          <span className="hidden sm:contents">{themeSwitch}</span>
          <nav aria-label={t('nav.label')} className="flex w-full gap-2 sm:w-auto">
            <Link to={paths.login()} className={buttonClasses('outline', 'sm', 'flex-1 whitespace-nowrap sm:flex-none')}>
              {t('nav.signIn')}
            </Link>
            <StartLink className={buttonClasses('primary', 'sm', 'flex-1 whitespace-nowrap sm:flex-none')}>{t('nav.startNow')}</StartLink>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <LandingHero />
        <ExplainerVideo />
        <LandingProcess />
        <Pricing />
        <Guarantees />
        <Stats />
        <TestimonialWidgets />
        <Support />
        <ServicesGrid />
        <FinalCta />
      </main>
      <footer className="border-t border-line bg-surface-muted">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm space-y-3">
            {logo}
            <p className="text-sm text-muted">{t('common:footer.about', { price })}</p>
            <a className="text-sm font-medium text-brand-700 hover:underline dark:text-gold-300" href={`mailto:${publicConfig.supportEmail}`}>
              {publicConfig.supportEmail}
            </a>
          </div>
          <FooterLinks id="landing-legal" title={t('footer.legal')} links={legalLinks.map(([to, key]) => ({ to, label: t(key) }))} />
          {/* the header shows it from the sm breakpoint up */}
          <div className="sm:hidden">{themeSwitch}</div>
        </div>
        <FooterFinePrint />
      </footer>
    </div>
  );
}

import { ArrowRight, Award, BadgeDollarSign, Languages, Megaphone, Tag, TrendingUp, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { legalLinks } from '@client/components/footer-links';
import { isConfiguredLink, publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { useBasicFormats } from '@client/lib/use-language';
import { paths } from '@shared/client-paths';
import { promotion } from '@shared/figures';
import { Faq } from '../components/faq';
import { PromoKit } from '../components/promo-kit';
import { asRecords, asList, asSteps, BandHeading, cardClasses, CheckList, CtaPanel, FeatureCard, onDarkButton, Section, Steps } from '../components/section';
import { Testimonials } from '../components/testimonials';
import { Banners } from './banners';

/** The affiliate marketplace (AFFILIATE_MARKETPLACE_URL) is another site: it opens in a new tab. Hidden until configured. */
function MarketplaceLink({ className }: { className: string }) {
  const { t } = useTranslation('jv');
  if (!isConfiguredLink(publicConfig.affiliateMarketplaceUrl)) return null;
  return (
    <a href={publicConfig.affiliateMarketplaceUrl} target="_blank" rel="noopener noreferrer" className={className} data-testid="marketplace-link">
      {t('partner.hero.join')}
      <ArrowRight className="size-5" aria-hidden />
    </a>
  );
}

function Hero() {
  const { t } = useTranslation('jv');
  const { price, usd } = usePrice();
  return (
    <section aria-labelledby="partner-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 @5xl:grid-cols-[1fr_22rem] @5xl:items-center">
        <div>
          <BandHeading titleId="partner-title" eyebrow={t('partner.hero.eyebrow')} title={t('partner.hero.title')} />
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{t('partner.hero.lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <MarketplaceLink className={buttonClasses('accent', 'lg')} />
            <Link to={paths.jvSales()} className={onDarkButton}>
              {t('partner.hero.view')}
            </Link>
          </div>
        </div>
        <div className="rounded-2xl bg-surface p-6 text-fg shadow-xl ring-1 ring-black/5">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-6xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300">{usd(promotion.commissionCents)}</span>
            <span className="text-lg font-semibold text-muted">{t('partner.hero.perSale')}</span>
          </p>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted">{t('partner.hero.asideTitle')}</h2>
          <CheckList className="mt-4 text-sm" items={asList(t('partner.hero.points', { returnObjects: true, price }))} />
        </div>
      </div>
    </section>
  );
}

const benefits = [
  ['commission', BadgeDollarSign],
  ['conversion', TrendingUp],
  ['price', Tag],
  ['bilingual', Languages],
  ['materials', Megaphone],
  ['bonuses', Award],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

function Benefits() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  return (
    <Section id="benefits" eyebrow={t('partner.benefits.eyebrow')} title={t('partner.benefits.title')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map(([key, Icon]) => (
          <FeatureCard key={key} icon={Icon} title={t(`partner.benefits.items.${key}.title`)} text={t(`partner.benefits.items.${key}.text`, { price })} />
        ))}
      </ul>
    </Section>
  );
}

function Audiences() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  return (
    <Section id="audiences" muted eyebrow={t('partner.audiences.eyebrow')} title={t('partner.audiences.title')}>
      <div className="grid gap-10 @5xl:grid-cols-[3fr_2fr]">
        <div>
          <h3 className="text-xl font-semibold">{t('partner.audiences.audiencesTitle')}</h3>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {asRecords(t('partner.audiences.audienceItems', { returnObjects: true }), ['title', 'text']).map((audience) => (
              <li key={audience.title} className={cardClasses}>
                <h4 className="font-semibold">{audience.title}</h4>
                <p className="mt-1 text-sm text-muted">{audience.text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-xl font-semibold">{t('partner.audiences.anglesTitle')}</h3>
          <div className={`${cardClasses} mt-4`}>
            <CheckList items={asList(t('partner.audiences.angles', { returnObjects: true, price }))} />
          </div>
        </div>
      </div>
    </Section>
  );
}

function Leaderboard() {
  const { t } = useTranslation('jv');
  const { usd } = usePrice();
  const { number } = useBasicFormats();
  return (
    <Section id="leaderboard" muted eyebrow={t('partner.leaderboard.eyebrow')} title={t('partner.leaderboard.title')} lead={t('partner.leaderboard.lead')}>
      <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
        <table className="w-full text-left text-sm sm:text-base">
          <thead className="bg-surface-muted text-sm text-muted">
            <tr>
              {(['rank', 'affiliate', 'sales', 'earnings'] as const).map((column) => (
                <th key={column} scope="col" className={`px-3 py-3 font-semibold sm:px-6 ${column === 'sales' || column === 'earnings' ? 'text-right' : ''}`}>
                  {t(`partner.leaderboard.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {promotion.leaderboard.map((row, index) => (
              <tr key={row.name} className="border-t border-line">
                <td className="px-3 py-4 sm:px-6">
                  <span
                    className={`inline-flex size-8 items-center justify-center rounded-full text-sm font-bold ${index === 0 ? 'bg-gold-400 text-brand-900' : 'bg-surface-muted'}`}
                  >
                    {index + 1}
                  </span>
                </td>
                <th scope="row" className="px-3 py-4 font-semibold whitespace-nowrap sm:px-6">
                  {row.name}
                </th>
                <td className="px-3 py-4 text-right tabular-nums sm:px-6">{number(row.sales)}</td>
                <td className="px-3 py-4 text-right font-semibold tabular-nums sm:px-6">{usd(row.sales * promotion.commissionCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function CallToAction() {
  const { t } = useTranslation('jv');
  return (
    <CtaPanel titleId="partner-cta-title" layout="flex flex-col items-start gap-6 @5xl:flex-row @5xl:items-center @5xl:justify-between">
      <div>
        <h2 id="partner-cta-title" className="text-3xl font-bold tracking-tight">
          {t('partner.cta.title')}
        </h2>
        <p className="mt-2 text-brand-100">{t('partner.cta.text')}</p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap @5xl:shrink-0">
        <MarketplaceLink className={buttonClasses('accent', 'lg')} />
        <Link to={paths.affiliatePartner()} className={onDarkButton}>
          {t('partner.cta.apply')}
        </Link>
      </div>
    </CtaPanel>
  );
}

const footerLinks = [[paths.home(), 'partner.footer.home'], [paths.jvSales(), 'partner.footer.sales'], ...legalLinks] as const;

function PartnerFooter() {
  const { t } = useTranslation(['jv', 'common']);
  return (
    <nav aria-label={t('partner.footer.label')} className="border-t border-line">
      <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-6 gap-y-2 px-4 py-6 text-sm">
        {footerLinks.map(([to, key]) => (
          <li key={to}>
            <Link to={to} className="text-muted hover:text-fg hover:underline">
              {t(key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /jv-partner (docs/product.md, "Client routes"): the joint-venture partner page. */
export function PartnerPage() {
  const { t } = useTranslation('jv');
  usePageTitle(t('meta.partnerTitle'), t('meta.partnerDescription'));
  return (
    <>
      <Hero />
      <Benefits />
      <Audiences />
      <Section id="swipes" eyebrow={t('partner.swipes.eyebrow')} title={t('partner.swipes.title')} lead={t('partner.swipes.lead')}>
        <PromoKit />
      </Section>
      <Section id="banners" muted eyebrow={t('partner.banners.eyebrow')} title={t('partner.banners.title')} lead={t('partner.banners.lead')}>
        <Banners />
      </Section>
      <Section id="steps" eyebrow={t('partner.steps.eyebrow')} title={t('partner.steps.title')}>
        <Steps columns="sm:grid-cols-2 lg:grid-cols-4" steps={asSteps(t('partner.steps.items', { returnObjects: true }))} />
      </Section>
      <Leaderboard />
      <Section id="partner-testimonials" eyebrow={t('partner.testimonials.eyebrow')} title={t('partner.testimonials.title')}>
        <Testimonials items={t('partner.testimonials.items', { returnObjects: true })} />
      </Section>
      <Section id="faq" muted title={t('faqTitle')}>
        <Faq name="partner-faq" items={t('partner.faq', { returnObjects: true })} />
      </Section>
      <CallToAction />
      <PartnerFooter />
    </>
  );
}

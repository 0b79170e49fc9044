import { ArrowRight, Gift, ShieldCheck, Users } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { StatsBand } from '@client/components/stats-band';
import { buttonClasses } from '@client/components/ui/button';
import { isConfiguredLink, publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { promotion } from '@shared/figures';
import { CountdownDisplay, toSeconds } from '../components/countdown';
import { PromoKit } from '../components/promo-kit';
import { asRecords, asList, BandHeading, cardClasses, CheckList, CtaPanel, linkClasses, Section, Stars } from '../components/section';
import { Testimonials } from '../components/testimonials';
import { IconChip } from '@client/components/ui/icon-chip';
import { paths } from '@shared/client-paths';

/** docs/product.md, "Client routes": the landing page shows a fixed countdown: the same numbers for everyone, not ticking. */
const fixedCountdown = toSeconds({ days: 2, hours: 14, minutes: 37, seconds: 9 });

/** docs/product.md, "Client routes", "Constants and limits" figures of the promotional page: the rating and the count from the copy's figures (sales.figures). */
const stats = [
  ['rating', null],
  ['formed', null],
  ['left', '47'],
  ['elsewhere', null],
] as const;

/** The external retailer checkout (JV_CHECKOUT_URL), in the same tab: buying is where this page leads. Hidden until configured. */
function CheckoutLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  if (!isConfiguredLink(publicConfig.jvCheckoutUrl)) return null;
  return (
    <a href={publicConfig.jvCheckoutUrl} className={buttonClasses('accent', 'lg', className)} data-testid="checkout-link">
      {t('sales.cta', { price })}
      <ArrowRight className="size-5" aria-hidden />
    </a>
  );
}

const { competitorPriceCents, regularPriceCents } = promotion;

/** The regular price struck through, then ours: the strike price is announced as the regular price. */
function PriceTag({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation('jv');
  const { price, usd } = usePrice();
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
      <p className={`text-2xl font-semibold ${onDark ? 'text-brand-100' : 'text-muted'}`}>
        <span className="sr-only">{t('sales.regularPrice')}: </span>
        <s>{usd(regularPriceCents)}</s>
      </p>
      <p className={`text-6xl font-extrabold tracking-tight ${onDark ? 'text-gold-300' : 'text-brand-700 dark:text-gold-300'}`}>
        <span className="sr-only">{t('sales.todayPrice')}: </span>
        {price}
      </p>
      <p className={`pb-2 text-sm ${onDark ? 'text-brand-100' : 'text-muted'}`}>{t('sales.priceNote')}</p>
    </div>
  );
}

function OfferBar() {
  const { t } = useTranslation('jv');
  return (
    <div className="border-b border-gold-500/40 bg-gold-300/60 text-brand-900 dark:bg-gold-400/15 dark:text-gold-300">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-3 text-center sm:flex-row sm:justify-center sm:gap-4">
        <p className="text-sm font-semibold">{t('sales.offerBar')}</p>
        <CountdownDisplay seconds={fixedCountdown} label={t('sales.offerBar')} tone="light" size="sm" />
        <p className="text-sm font-semibold">{t('sales.spotsLeft')}</p>
      </div>
    </div>
  );
}

function Hero() {
  const { t } = useTranslation('jv');
  return (
    <section aria-labelledby="sales-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 @5xl:grid-cols-[1fr_24rem] @5xl:items-center">
        <div>
          <BandHeading titleId="sales-title" eyebrow={t('sales.eyebrow')} title={t('sales.title')} />
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{t('sales.lead')}</p>
          <div className="mt-8">
            <PriceTag onDark />
            <p className="mt-2 text-sm font-medium text-gold-300">{t('sales.competitors')}</p>
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
            <CheckoutLink />
            <p className="flex items-center gap-2 text-sm text-brand-100">
              <Stars rating={t('sales.figures.ratingValue')} className="size-4" />
              <span>{t('sales.proof')}</span>
            </p>
          </div>
        </div>
        <div className="rounded-2xl bg-surface p-6 text-fg shadow-xl ring-1 ring-black/5">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('sales.includedTitle')}</h2>
          <CheckList className="mt-4" items={asList(t('sales.included', { returnObjects: true }))} />
          <p className="mt-6 text-xs text-muted">{t('sales.ctaNote')}</p>
        </div>
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  return (
    <StatsBand
      tone="light"
      title={t('sales.stats.title')}
      stats={stats.map(([key, value]) => ({ value: value ?? t(`sales.figures.${key}`), label: t(`sales.stats.${key}`, { price }) }))}
    />
  );
}

function Compare() {
  const { t } = useTranslation('jv');
  const { cents, price, usd } = usePrice();
  const comparison = [
    ['competitors', `${usd(competitorPriceCents)}+`, false],
    ['regular', usd(regularPriceCents), false],
    ['today', price, true],
  ] as const;
  return (
    <Section id="price" muted eyebrow={t('sales.compare.eyebrow')} title={t('sales.compare.title')}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {comparison.map(([key, price, highlight]) => (
          <li key={key} className={`${cardClasses} text-center ${highlight ? 'ring-2 ring-gold-400' : ''}`}>
            <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t(`sales.compare.${key}`)}</p>
            <p
              className={`mt-2 text-4xl font-extrabold tracking-tight ${highlight ? 'text-brand-700 dark:text-gold-300' : 'text-muted line-through decoration-2'}`}
            >
              {price}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center font-medium">
        {t('sales.compare.save', { regularSaving: usd(regularPriceCents - cents), competitorSaving: usd(competitorPriceCents - cents) })}
      </p>
    </Section>
  );
}

function Bonuses() {
  const { t } = useTranslation('jv');
  return (
    <Section id="bonuses" eyebrow={t('sales.bonuses.eyebrow')} title={t('sales.bonuses.title')} lead={t('sales.bonuses.lead')}>
      <ul className="grid gap-6 sm:grid-cols-2">
        {asRecords(t('sales.bonuses.items', { returnObjects: true }), ['title', 'value', 'text']).map((bonus) => (
          <li key={bonus.title} className={`${cardClasses} flex gap-4`}>
            <IconChip icon={Gift} tone="gold" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 className="text-lg font-semibold">{bonus.title}</h3>
                <p className="text-sm font-semibold text-gold-700 dark:text-gold-300">
                  {t('sales.bonuses.value')}: <s className="decoration-1">{bonus.value}</s>
                </p>
              </div>
              <p className="mt-2 text-muted">{bonus.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-xl font-bold">{t('sales.bonuses.total')}</p>
    </Section>
  );
}

function Closing() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  return (
    <CtaPanel titleId="final-title" layout="grid gap-10 lg:grid-cols-2 lg:items-center">
      <div>
        <h2 id="final-title" className="text-3xl font-bold tracking-tight text-balance">
          {t('sales.final.title', { price })}
        </h2>
        <p className="mt-3 text-brand-100">{t('sales.final.text')}</p>
        <div className="mt-6">
          <PriceTag onDark />
        </div>
        <CheckoutLink className="mt-6 w-full sm:w-auto" />
      </div>
      <div className="flex gap-4 rounded-2xl bg-white/5 p-6 ring-1 ring-white/15">
        <ShieldCheck className="size-10 shrink-0 text-gold-300" strokeWidth={1.5} aria-hidden />
        <div>
          <h3 className="text-lg font-semibold">{t('sales.guarantee.title')}</h3>
          <p className="mt-2 text-brand-100">{t('sales.guarantee.text')}</p>
          <Link to={paths.refund()} className="mt-3 inline-block font-semibold text-white underline underline-offset-4 hover:text-gold-300">
            {t('sales.guarantee.link')}
          </Link>
        </div>
      </div>
    </CtaPanel>
  );
}

/** /jv-sales and /jv-page (docs/product.md, "Client routes"): the affiliates' promotional landing page, with the promo kit. */
export function SalesPage() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  usePageTitle(t('meta.salesTitle', { price }), t('meta.salesDescription', { price }));
  return (
    <>
      <OfferBar />
      <Hero />
      <Stats />
      <Compare />
      <Bonuses />
      <Section id="testimonials" muted eyebrow={t('sales.testimonials.eyebrow')} title={t('sales.testimonials.title')}>
        <Testimonials items={t('sales.testimonials.items', { returnObjects: true })} />
      </Section>
      <Closing />
      <Section id="promo-kit" muted eyebrow={t('sales.promo.eyebrow')} title={t('sales.promo.title')} lead={t('sales.promo.lead')}>
        <PromoKit />
        <p className="mt-10 flex items-center gap-2">
          <Users className="size-5 text-brand-600 dark:text-gold-300" aria-hidden />
          <Link to={paths.jvPartner()} className={linkClasses}>
            {t('sales.promo.partnerLink')} →
          </Link>
        </p>
      </Section>
    </>
  );
}

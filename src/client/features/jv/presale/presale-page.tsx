import { useState } from 'react';
import { Award, Mail, Medal, Rocket, Trophy, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { formatEasternMoment } from '@shared/formats';
import { useBasicFormats } from '@client/lib/use-language';
import { CountdownDisplay, useCountdownTo } from '../components/countdown';
import { Faq } from '../components/faq';
import { asRecords, asList, asSteps, BandHeading, cardClasses, CheckList, FeatureCard, linkClasses, Section, Steps } from '../components/section';
import { LaunchListForm } from './launch-list-form';
import { IconChip } from '@client/components/ui/icon-chip';
import { paths } from '@shared/client-paths';

/**
 * The launch (PRESALE_LAUNCH_AT, the product's June 01, 2025 at 12:00 PM EST by default) as the page writes
 * it, and whether it is past (item 10: the countdown once counted down to a past date).
 */
function useLaunch() {
  const { language } = useBasicFormats();
  const at = Date.parse(publicConfig.presaleLaunchAt);
  // read once, when the page renders: the server's render and the hydrating browser agree
  const [launched] = useState(() => Date.now() >= at);
  return { at, text: formatEasternMoment(publicConfig.presaleLaunchAt, language), launched };
}

/**
 * Counts down to the launch, each second, and stops at zero. The server renders the tiles empty and
 * the browser fills them once mounted, so the page it hydrates is the page the server sent.
 */
export function PresaleCountdown({ at }: { at: number }) {
  const { t } = useTranslation('jv');
  const remaining = useCountdownTo(at);
  return <CountdownDisplay seconds={remaining} label={t('presale.hero.countdownLabel')} />;
}

function Hero() {
  const { t } = useTranslation('jv');
  const launch = useLaunch();
  return (
    <section aria-labelledby="presale-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <BandHeading
            titleId="presale-title"
            eyebrow={t('presale.hero.eyebrow')}
            title={t(launch.launched ? 'presale.hero.titleLaunched' : 'presale.hero.title')}
            size="text-4xl font-extrabold text-balance sm:text-5xl"
          />
          <p className="mt-6 text-lg text-brand-100">{t('presale.hero.lead')}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-gold-300 ring-1 ring-white/20">
            <Rocket className="size-4" aria-hidden />
            {t(launch.launched ? 'presale.hero.launched' : 'presale.hero.launchDate', { launch: launch.text })}
          </p>
        </div>
        {launch.launched ? (
          <p className="rounded-2xl bg-white/10 p-6 text-xl font-semibold ring-1 ring-white/20" data-testid="launched">
            {t('presale.hero.launchedLead')}
          </p>
        ) : (
          <div>
            <h2 className="mb-4 text-sm font-semibold uppercase tracking-wide text-brand-100">{t('presale.hero.countdownLabel')}</h2>
            <PresaleCountdown at={launch.at} />
          </div>
        )}
      </div>
    </section>
  );
}

function Snapshot() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  const launch = useLaunch();
  return (
    <Section id="snapshot" eyebrow={t('presale.snapshot.eyebrow')} title={t('presale.snapshot.title')}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {asRecords(t('presale.snapshot.items', { returnObjects: true, price, launch: launch.text }), ['label', 'value']).map((item) => (
          <div key={item.label} className={`${cardClasses} flex flex-col-reverse gap-1`}>
            <dt className="text-sm text-muted">{item.label}</dt>
            <dd className="text-xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const incentives = [
  ['first', Trophy],
  ['second', Medal],
  ['third', Award],
  ['early', Rocket],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

function Incentives() {
  const { t } = useTranslation('jv');
  return (
    <Section id="incentives" muted eyebrow={t('presale.incentives.eyebrow')} title={t('presale.incentives.title')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {incentives.map(([key, Icon]) => (
          <FeatureCard key={key} icon={Icon} tone="gold" title={t(`presale.incentives.items.${key}.title`)} text={t(`presale.incentives.items.${key}.text`)} />
        ))}
      </ul>
    </Section>
  );
}

/** The product and the marketing previews: two cards of the same shape. */
function Previews() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  const previews = [
    { key: 'product', links: [] },
    {
      key: 'marketing',
      links: [
        [paths.jvSales(), 'presale.marketing.salesLink'],
        [paths.jvPartner(), 'presale.marketing.partnerLink'],
      ],
    },
  ] as const;
  return (
    <section
      aria-label={`${t('presale.product.eyebrow')}, ${t('presale.marketing.eyebrow')}`}
      className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:py-20 lg:grid-cols-2"
    >
      {previews.map(({ key, links }) => (
        <article key={key} aria-labelledby={`${key}-title`} className={`${cardClasses} sm:p-8`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-gold-300">{t(`presale.${key}.eyebrow`)}</p>
          <h2 id={`${key}-title`} className="mt-2 text-2xl font-bold tracking-tight">
            {t(`presale.${key}.title`)}
          </h2>
          <p className="mt-3 text-muted">{t(`presale.${key}.lead`, { price })}</p>
          <CheckList className="mt-6" items={asList(t(`presale.${key}.items`, { returnObjects: true }))} />
          {links.length > 0 && (
            <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
              {links.map(([to, label]) => (
                <Link key={to} to={to} className={linkClasses}>
                  {t(label)} →
                </Link>
              ))}
            </p>
          )}
        </article>
      ))}
    </section>
  );
}

function LaunchList() {
  const { t } = useTranslation('jv');
  return (
    <section aria-labelledby="launch-list-title" className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <div className={`${cardClasses} ring-2 ring-gold-400 sm:p-8`}>
        <h2 id="launch-list-title" className="text-2xl font-bold tracking-tight">
          {t('presale.launchList.title')}
        </h2>
        <p className="mt-2 mb-6 text-muted">{t('presale.launchList.lead')}</p>
        <LaunchListForm />
      </div>
    </section>
  );
}

function Contact() {
  const { t } = useTranslation('jv');
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className={`${cardClasses} flex flex-col gap-4 sm:flex-row sm:items-center sm:p-8`}>
        <IconChip icon={Mail} />
        <div className="flex-1">
          <h2 id="contact-title" className="text-xl font-bold">
            {t('presale.contact.title')}
          </h2>
          <p className="mt-1 text-muted">
            {t('presale.contact.text')}{' '}
            <a href={`mailto:${publicConfig.supportEmail}`} className={`${linkClasses} break-all`}>
              {publicConfig.supportEmail}
            </a>
          </p>
        </div>
        <Link to={paths.jvSupport()} className={linkClasses}>
          {t('presale.contact.support')} →
        </Link>
      </div>
    </section>
  );
}

/** /jv-presale (docs/product.md, "Client routes"): the partners' pre-launch page. */
export function PresalePage() {
  const { t } = useTranslation('jv');
  const launch = useLaunch();
  usePageTitle(t('meta.presaleTitle'), t('meta.presaleDescription'));
  return (
    <>
      <Hero />
      <Snapshot />
      <Incentives />
      <Previews />
      <Section id="guide" muted eyebrow={t('presale.guide.eyebrow')} title={t('presale.guide.title')}>
        <Steps columns="sm:grid-cols-2 lg:grid-cols-4" steps={asSteps(t('presale.guide.items', { returnObjects: true }))} />
      </Section>
      <LaunchList />
      <Section id="faq" muted title={t('faqTitle')}>
        <Faq name="presale-faq" items={t('presale.faq', { returnObjects: true, launch: launch.text })} />
      </Section>
      <Contact />
    </>
  );
}

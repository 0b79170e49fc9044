import { Award, Mail, Medal, Rocket, Trophy, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { CountdownDisplay, toSeconds, useCountdown } from '../components/countdown';
import { Faq } from '../components/faq';
import { asRecords, asList, asSteps, BandHeading, cardClasses, CheckList, linkClasses, Section, Steps } from '../components/section';
import { LaunchListForm } from './launch-list-form';
import { IconChip } from '@client/components/ui/icon-chip';

/** SPEC 4/9: display only; starts at 7 d 12 h 30 m 45 s when the page opens. */
export const presaleCountdownStart = toSeconds({ days: 7, hours: 12, minutes: 30, seconds: 45 });

export function PresaleCountdown({ start = presaleCountdownStart }: { start?: number }) {
  const { t } = useTranslation('jv');
  const remaining = useCountdown(start);
  return <CountdownDisplay seconds={remaining} label={t('presale.hero.countdownLabel')} />;
}

function Hero() {
  const { t } = useTranslation('jv');
  return (
    <section aria-labelledby="presale-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:py-20 lg:grid-cols-2 lg:items-center">
        <div>
          <BandHeading titleId="presale-title" eyebrow={t('presale.hero.eyebrow')} title={t('presale.hero.title')} size="text-4xl font-extrabold text-balance sm:text-5xl" />
          <p className="mt-6 text-lg text-brand-100">{t('presale.hero.lead')}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-gold-300 ring-1 ring-white/20">
            <Rocket className="size-4" aria-hidden />
            {t('presale.hero.launchDate')}
          </p>
        </div>
        <div>
          <h2 className="mb-4 text-sm font-semibold uppercase tracking-wide text-brand-100">{t('presale.hero.countdownLabel')}</h2>
          <PresaleCountdown />
        </div>
      </div>
    </section>
  );
}

function Snapshot() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  return (
    <Section id="snapshot" eyebrow={t('presale.snapshot.eyebrow')} title={t('presale.snapshot.title')}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {asRecords(t('presale.snapshot.items', { returnObjects: true, price }), ['label', 'value']).map((item) => (
          <div key={item.label} className={`${cardClasses} flex flex-col-reverse gap-1`}>
            <dt className="text-sm text-muted">{item.label}</dt>
            <dd className="text-xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const incentives: [key: string, Icon: LucideIcon][] = [
  ['first', Trophy],
  ['second', Medal],
  ['third', Award],
  ['early', Rocket],
];

function Incentives() {
  const { t } = useTranslation('jv');
  return (
    <Section id="incentives" muted eyebrow={t('presale.incentives.eyebrow')} title={t('presale.incentives.title')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {incentives.map(([key, Icon]) => (
          <li key={key} className={cardClasses}>
            <IconChip icon={Icon} tone="gold" />
            <h3 className="mt-4 text-lg font-semibold">{t(`presale.incentives.items.${key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`presale.incentives.items.${key}.text`)}</p>
          </li>
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
        ['/jv-sales', 'presale.marketing.salesLink'],
        ['/jv-partner', 'presale.marketing.partnerLink'],
      ],
    },
  ] as const;
  return (
    <section aria-label={`${t('presale.product.eyebrow')}, ${t('presale.marketing.eyebrow')}`} className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:py-20 lg:grid-cols-2">
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
        <Link to="/jv-support" className={linkClasses}>
          {t('presale.contact.support')} →
        </Link>
      </div>
    </section>
  );
}

/** /jv-presale (SPEC 2): the partners' pre-launch page. */
export function PresalePage() {
  const { t } = useTranslation('jv');
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
        <Faq name="presale-faq" items={t('presale.faq', { returnObjects: true })} />
      </Section>
      <Contact />
    </>
  );
}

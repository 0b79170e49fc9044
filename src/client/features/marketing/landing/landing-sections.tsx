import { BellRing, Building2, Clapperboard, Clock, FileX2, Headset, Mailbox, MapPin, Phone, ShieldCheck, Truck, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { IconChip } from '@client/components/ui/icon-chip';
import { StatsBand } from '@client/components/stats-band';
import { buttonClasses } from '@client/components/ui/button';
import { StartLink } from '@client/components/start-link';
import { usePrice } from '@client/lib/price';
import { publicConfig } from '@client/lib/public-config';
import { asList, asRecords, asSteps, Badge, cardClasses, CheckList, CtaPanel, FeatureCard, Section, Steps } from '../components/section';
import { WidgetSlot } from '../third-party/external-scripts';
import { paths } from '@shared/client-paths';

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';

/** The explainer video when EXPLAINER_VIDEO_URL is set; otherwise the process in one sentence. */
export function ExplainerVideo() {
  const { t } = useTranslation('landing');
  const url = publicConfig.explainerVideoUrl;
  return (
    <Section id="how-it-works" title={t('video.title')}>
      {url ? (
        // preload="none": nothing is fetched until the visitor presses play
        <video
          src={url}
          controls
          preload="none"
          playsInline
          aria-label={t('video.label')}
          className="mx-auto aspect-video w-full max-w-4xl rounded-2xl bg-brand-900"
        />
      ) : (
        // no video yet: a quiet note instead of an empty player that looks broken
        <div className="flex flex-col gap-4 rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 p-8 text-white sm:flex-row sm:items-center sm:gap-6">
          <Clapperboard className="size-10 shrink-0 text-gold-300" strokeWidth={1.5} aria-hidden />
          <div>
            <p className="text-xl font-semibold">{t('video.placeholderTitle')}</p>
            <p className="mt-1 text-brand-100">{t('video.placeholderText')}</p>
          </div>
        </div>
      )}
    </Section>
  );
}

export function LandingProcess() {
  const { t } = useTranslation('landing');
  const { price } = usePrice();
  return (
    <Section id="process" muted eyebrow={t('process.eyebrow')} title={t('process.title')}>
      <Steps steps={asSteps(t('process.steps', { returnObjects: true, price }))} />
    </Section>
  );
}

export function Pricing() {
  const { t } = useTranslation('landing');
  const { price } = usePrice();
  return (
    <Section id="pricing" eyebrow={t('pricing.eyebrow')} title={t('pricing.title')}>
      <div className="mx-auto grid max-w-3xl gap-8 rounded-2xl bg-surface p-8 shadow-lg ring-2 ring-gold-400 md:grid-cols-2">
        <div>
          <h3 className="text-lg font-semibold">{t('pricing.plan')}</h3>
          <p className="mt-2 text-6xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300">{t('pricing.price', { price })}</p>
          <p className="mt-1 text-muted">{t('pricing.priceNote')}</p>
          <StartLink className={buttonClasses('primary', 'lg', 'mt-8 w-full')}>{t('pricing.cta')}</StartLink>
          <p className="mt-4 text-sm text-muted">{t('pricing.refundNote')}</p>
        </div>
        <CheckList items={asList(t('pricing.items', { returnObjects: true }))} />
      </div>
    </Section>
  );
}

const guaranteeIcons: LucideIcon[] = [ShieldCheck, Truck, Clock, BellRing];

export function Guarantees() {
  const { t } = useTranslation('landing');
  return (
    <Section id="guarantees" muted eyebrow={t('guarantees.eyebrow')} title={t('guarantees.title')}>
      <ul className="grid gap-6 sm:grid-cols-2 @5xl:grid-cols-4">
        {asSteps(t('guarantees.items', { returnObjects: true })).map((item, index) => (
          <FeatureCard key={item.title} icon={guaranteeIcons[index] ?? ShieldCheck} title={item.title} text={item.text} />
        ))}
      </ul>
      <p className="mt-8">
        <Link to={paths.refund()} className={linkClasses}>
          {t('guarantees.refundLink')}
        </Link>
      </p>
    </Section>
  );
}

/** Facts of the offer rather than claims about volume we cannot back. */
export function Stats() {
  const { t } = useTranslation('landing');
  const { price } = usePrice();
  return <StatsBand tone="dark" title={t('stats.title')} stats={asRecords(t('stats.items', { returnObjects: true, price }), ['value', 'label'])} />;
}

/** docs/product.md, "Client routes": the testimonial widgets — only when configured, so no empty heading is shown. */
export function TestimonialWidgets() {
  const { t } = useTranslation('landing');
  if (publicConfig.testimonialWidgetUrls.length === 0) return null;
  return (
    <Section id="testimonials" title={t('testimonials.title')}>
      {publicConfig.testimonialWidgetUrls.map((url) => (
        <WidgetSlot key={url} url={url} label={t('testimonials.title')} className="mb-8" />
      ))}
    </Section>
  );
}

export function Support() {
  const { t } = useTranslation('landing');
  return (
    <Section id="support" eyebrow={t('support.eyebrow')} title={t('support.title')}>
      <div className={`${cardClasses} flex flex-col gap-6 md:flex-row md:items-center`}>
        <IconChip icon={Headset} />
        <p className="flex-1 text-lg text-muted">{t('support.text')}</p>
        <div className="flex flex-col gap-3 sm:flex-row md:flex-col lg:flex-row">
          <a href={`mailto:${publicConfig.supportEmail}`} className={buttonClasses('primary', 'md')}>
            {t('support.email')}
          </a>
          <Link to={paths.jvSupport()} className={buttonClasses('outline', 'md')}>
            {t('support.center')}
          </Link>
        </div>
      </div>
    </Section>
  );
}

const services = [
  ['formation', Building2, true],
  ['agent', MapPin, true],
  ['partner', UserPlus, false],
  ['mailing', Mailbox, false],
  ['phone', Phone, false],
  ['dissolution', FileX2, false],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon, included: boolean])[];

/** docs/product.md, "Client routes"'s services grid; what the package does not cover yet is marked as coming soon. */
export function ServicesGrid() {
  const { t } = useTranslation('landing');
  return (
    <Section id="services" muted eyebrow={t('services.eyebrow')} title={t('services.title')}>
      <ul className="grid gap-6 sm:grid-cols-2 @5xl:grid-cols-3">
        {services.map(([key, Icon, included]) => (
          <FeatureCard
            key={key}
            icon={Icon}
            title={t(`services.items.${key}.title`)}
            text={t(`services.items.${key}.text`)}
            badge={<Badge tone={included ? 'green' : 'gold'}>{t(included ? 'services.included' : 'services.soon')}</Badge>}
          />
        ))}
      </ul>
    </Section>
  );
}

export function FinalCta() {
  const { t } = useTranslation('landing');
  return (
    <CtaPanel titleId="final-title" layout="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
      <h2 id="final-title" className="text-3xl font-bold tracking-tight">
        {t('final.title')}
      </h2>
      <StartLink className={buttonClasses('accent', 'lg', 'shrink-0')}>{t('final.cta')}</StartLink>
    </CtaPanel>
  );
}

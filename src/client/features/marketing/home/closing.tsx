import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { legalLinks } from '@client/components/footer-links';
import { buttonClasses } from '@client/components/ui/button-classes';
import { StartLink } from '@client/components/start-link';
import { asList, Badge, CheckList, CtaPanel, FeatureCard, Section } from '../components/section';

/** docs/product.md, "The home page": the closing call to action (refund, support, reminders) and links to the policies. */
export function ClosingCta() {
  const { t } = useTranslation(['marketing', 'common']);
  return (
    <CtaPanel titleId="cta-title">
      <h2 id="cta-title" className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
        {t('cta.title')}
      </h2>
      <CheckList className="mt-8 text-brand-50 md:grid-cols-3" iconClassName="text-gold-300" items={asList(t('cta.points', { returnObjects: true }))} />
      <StartLink className={buttonClasses('accent', 'lg', 'mt-10')}>{t('cta.button')}</StartLink>
      <p className="mt-8 flex flex-wrap gap-x-4 gap-y-2 border-t border-white/15 pt-6 text-sm text-brand-100">
        <span>{t('cta.legal')}</span>
        {legalLinks.map(([to, key]) => (
          <Link key={to} to={to} className="font-medium text-white underline underline-offset-4 hover:text-gold-300">
            {t(key)}
          </Link>
        ))}
      </p>
    </CtaPanel>
  );
}

const upcoming = ['closure', 'partners'] as const;

/** docs/product.md, "The home page": services that are coming soon — LLC closure and partner change. */
export function ComingSoonServices() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="coming-soon" muted eyebrow={t('comingSoon.eyebrow')} title={t('comingSoon.title')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {upcoming.map((key) => (
          <FeatureCard
            key={key}
            title={t(`comingSoon.${key}.title`)}
            text={t(`comingSoon.${key}.text`)}
            badge={<Badge tone="gold">{t('comingSoon.badge')}</Badge>}
          />
        ))}
      </ul>
    </Section>
  );
}

import { Award, BadgeDollarSign, Clock, Megaphone, TrendingUp, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { usePageTitle } from '@client/lib/page-title';
import { PageIntro, panelClasses } from './page-intro';
import { TicketForm } from './ticket-form';
import { TicketSuccess, useTicketFlow } from './ticket-success';
import { IconChip } from '@client/components/ui/icon-chip';
import { paths } from '@shared/client-paths';

/** docs/product.md, "Constants and limits"'s affiliate program figures, as the benefits beside the form. */
const benefits = [
  ['commission', BadgeDollarSign],
  ['conversion', TrendingUp],
  ['bonuses', Award],
  ['review', Clock],
  ['materials', Megaphone],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

/** /affiliate-partner (docs/product.md, "Client routes"): the application form and the benefits, replaced by a success screen. */
export function AffiliateApplication() {
  const { t } = useTranslation('support');
  usePageTitle(t('meta.affiliateTitle'), t('meta.affiliateDescription'));
  const { submitted, formProps, onAgain } = useTicketFlow();

  if (submitted) {
    return (
      <div className="bg-surface-muted px-4 py-16 sm:py-24">
        <div className={`${panelClasses} mx-auto max-w-xl`}>
          <TicketSuccess kind="affiliate" onAgain={onAgain} />
        </div>
      </div>
    );
  }
  return (
    <>
      <PageIntro eyebrow={t('affiliate.eyebrow')} title={t('affiliate.title')} lead={t('affiliate.lead')} />
      <div className="mx-auto -mt-14 grid max-w-6xl gap-8 px-4 pb-16 sm:pb-20 @5xl:grid-cols-[1fr_26rem] @5xl:items-start">
        <section aria-labelledby="application-title" className={`${panelClasses} @5xl:order-last`}>
          <h2 id="application-title" className="mb-6 text-xl font-bold">
            {t('affiliate.formTitle')}
          </h2>
          <TicketForm kind="affiliate" {...formProps} />
        </section>
        <section aria-labelledby="benefits-title" className={panelClasses}>
          <h2 id="benefits-title" className="text-xl font-bold">
            {t('affiliate.benefitsTitle')}
          </h2>
          <ul className="mt-6 space-y-6">
            {benefits.map(([key, Icon]) => (
              <li key={key} className="flex gap-4">
                <IconChip icon={Icon} tone="gold" />
                <div>
                  <h3 className="font-semibold">{t(`affiliate.benefits.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-muted">{t(`affiliate.benefits.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <Link to={paths.jvPartner()} className="mt-8 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-gold-300">
            {t('affiliate.kitLink')} →
          </Link>
        </section>
      </div>
    </>
  );
}

import { FileText, Hash, Landmark, MapPin, Receipt, Search, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { IconChip } from '@client/components/ui/icon-chip';
import { buttonClasses } from '@client/components/ui/button-classes';
import { StartLink } from '@client/components/start-link';
import { usePrice } from '@client/lib/price';
import { asList, Badge, cardClasses, CheckList, FeatureCard, Section } from '../components/section';

const packageItems = [
  ['nameCheck', Search],
  ['filing', Landmark],
  ['documents', FileText],
  ['ein', Hash],
  ['agent', MapPin],
  ['fees', Receipt],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

/** docs/product.md, "The home page": the service package — what the flat price covers. */
export function Services() {
  const { t } = useTranslation('marketing');
  const { price } = usePrice();
  return (
    <Section id="services" eyebrow={t('services.eyebrow')} title={t('services.title')} lead={t('services.lead')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {packageItems.map(([key, Icon]) => (
          <FeatureCard
            key={key}
            icon={Icon}
            title={t(`services.items.${key}.title`)}
            text={t(`services.items.${key}.text`)}
            badge={key === 'fees' && <Badge tone="green">{t('services.included')}</Badge>}
          />
        ))}
      </ul>
      <div className="mt-10 flex flex-col gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:bg-brand-800">
        <div>
          <p className="text-2xl font-bold">{t('services.priceTitle', { price })}</p>
          <p className="mt-1 text-muted">{t('services.priceNote')}</p>
        </div>
        <StartLink className={buttonClasses('primary', 'lg', 'shrink-0')}>{t('services.cta')}</StartLink>
      </div>
    </Section>
  );
}

/** docs/product.md, "The home page": help opening a business bank account through partner fintech providers. */
export function BankHelp() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="bank-account" muted eyebrow={t('bank.eyebrow')} title={t('bank.title')} lead={t('bank.lead')}>
      <div className={`${cardClasses} flex flex-col gap-6 sm:flex-row sm:items-center`}>
        <IconChip icon={Landmark} />
        <CheckList className="flex-1 md:grid-cols-3" items={asList(t('bank.points', { returnObjects: true }))} />
      </div>
    </Section>
  );
}

import type { TPartner } from '@shared/orders';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import { FactList } from '@client/components/fact-list';
import { MailLink } from '@client/components/mail-link';

/** docs/product.md: at most one partner per order. */
export function PartnerFacts({ partner }: { partner: TPartner | null }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (!partner) return <p className="text-sm text-muted">{t('order.partner.none')}</p>;
  return (
    <FactList
      facts={[
        { label: t('order.partner.name'), value: partner.fullName },
        { label: t('order.partner.email'), value: <MailLink email={partner.email} /> },
        { label: t('order.partner.phone'), value: format.phone(partner.phone) },
        { label: t('order.partner.country'), value: format.country(partner.country) },
        { label: t('order.partner.address'), value: partner.address },
      ]}
    />
  );
}

import { FileText, Hash, Landmark, MapPin, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { IconChip } from '@client/components/ui/icon-chip';

/** docs/product.md, "Client routes": what the flat price buys. */
const items = [
  ['registration', Landmark],
  ['ein', Hash],
  ['documents', FileText],
  ['agent', MapPin],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

export function PackageContents() {
  const { t } = useTranslation('payment');
  return (
    <div>
      <h2 className="text-sm font-semibold text-fg">{t('checkout.packageTitle')}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map(([key, Icon]) => (
          <li key={key} className="flex items-start gap-3 rounded-xl bg-surface-muted p-3 text-sm">
            <IconChip icon={Icon} size="sm" />
            <span className="pt-1.5 leading-snug">{t(`checkout.package.${key}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

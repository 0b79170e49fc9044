import { Check, Lock } from 'lucide-react';
import { usePrice } from '@client/lib/price';
import { asList } from '@client/lib/translated-lists';
import { useOrderTranslation } from '../namespaces';

/** What the flat price covers, beside the wizard: the customer sees the total before they start. */
export function PackageAside() {
  const { t } = useOrderTranslation();
  const { price } = usePrice();
  return (
    <aside aria-labelledby="package-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm @5xl:sticky @5xl:top-24">
      <h2 id="package-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
        {t('package.title')}
      </h2>
      <p className="mt-2 text-4xl font-extrabold tracking-tight text-brand-700 dark:text-gold-300">{price}</p>
      <p className="mt-1 text-sm text-muted">{t('package.priceNote')}</p>
      <ul className="mt-5 space-y-2.5 text-sm">
        {asList(t('package.items', { returnObjects: true })).map((item) => (
          <li key={item} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p className="mt-5 flex gap-2.5 border-t border-line pt-4 text-xs text-muted">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        {t('package.privacy')}
      </p>
    </aside>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { useStandardFormationPrice } from '@client/lib/api/payments';
import { useFormats } from '@client/lib/use-formats';

/** One line of the breakdown: what, then its amount (the `dd`). */
function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      {children}
    </div>
  );
}

/** Service fee, state filing fees (Included) and the total: one flat price (docs/product.md, "Constants and limits"). */
export function PriceBreakdown() {
  const { t } = useTranslation('payment');
  const { usd } = useFormats();
  const price = usd(useStandardFormationPrice());
  return (
    <dl className="space-y-3 text-sm">
      <Line term={t('checkout.serviceFee')}>
        <dd data-testid="service-fee" className="font-medium tabular-nums">
          {price}
        </dd>
      </Line>
      <Line term={t('checkout.stateFees')}>
        <dd className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
          {t('checkout.included')}
        </dd>
      </Line>
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
        <dt className="text-base font-semibold">{t('checkout.total')}</dt>
        <dd data-testid="total" className="text-3xl font-extrabold tracking-tight tabular-nums">
          {price}
        </dd>
      </div>
    </dl>
  );
}

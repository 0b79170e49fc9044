import { Headset, Lock, type LucideIcon, ShieldCheck } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { Panel } from '@client/components/ui/data-views';
import { ReviewBlurb } from './review-blurb';

const promises = [
  ['secure', Lock],
  ['guarantee', ShieldCheck],
  ['support', Headset],
] as const satisfies readonly (readonly [key: string, Icon: LucideIcon])[];

/** Why it is safe to pay here: the promises of docs/product.md, "Promises" and the review score. */
export function TrustPanel() {
  const { t } = useTranslation('payment');
  return (
    <Panel title={t('trust.title')}>
      <ul className="space-y-3 text-sm">
        {promises.map(([key, Icon]) => (
          <li key={key} className="flex items-start gap-3">
            <Icon className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-gold-300" aria-hidden />
            <span>{t(`trust.${key}`)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 border-t border-line pt-4">
        <ReviewBlurb />
      </div>
    </Panel>
  );
}

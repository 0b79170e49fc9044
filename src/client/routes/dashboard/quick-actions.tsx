import { ChevronRight, Compass, LifeBuoy, Plus, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { SideCard } from './side-card';
import { IconChip } from '@client/components/ui/icon-chip';
import { paths } from '@shared/client-paths';
import { useOrders } from '@client/lib/api/orders';

/** The actions; support names the order she asks about when there is no doubt which (her only one). */
const actionsFor = (onlyOrder: string | undefined) =>
  [
    { to: paths.order(), labelKey: 'quickActions.newLlc', icon: Plus },
    { to: paths.stateQuiz(), labelKey: 'quickActions.quiz', icon: Compass },
    { to: paths.jvSupport({ order: onlyOrder }), labelKey: 'quickActions.support', icon: LifeBuoy },
    // second factor, sessions, download or delete one's data
    { to: paths.security(), labelKey: 'quickActions.security', icon: ShieldCheck },
  ] as const satisfies readonly { to: string; labelKey: string; icon: LucideIcon }[];

/** Side panel: the three quick actions of docs/product.md, "Client routes", and the Security page. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const orders = useOrders();
  const actions = actionsFor(orders.data?.length === 1 ? orders.data[0]!.id : undefined);
  return (
    <SideCard as="nav" id="quick-actions-title" title={t('quickActions.title')}>
      <ul className="mt-3 space-y-1">
        {actions.map(({ to, labelKey, icon: Icon }) => (
          <li key={labelKey}>
            <Link to={to} className="group -mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 text-sm font-medium transition-colors hover:bg-surface-muted">
              <IconChip icon={Icon} size="sm" />
              <span className="flex-1">{t(labelKey)}</span>
              <ChevronRight className="size-4 text-muted transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </SideCard>
  );
}

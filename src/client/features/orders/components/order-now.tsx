import {
  ArrowRight,
  CircleCheckBig,
  Clock,
  CreditCard,
  FileSignature,
  Landmark,
  MessageSquareReply,
  PenLine,
  ShieldAlert,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button';
import { useFormats } from '@client/lib/use-formats';
import { paths } from '@shared/client-paths';
import { expectedBetween } from '@shared/milestones';
import { orderNumber } from '@shared/order-model';
import type { CustomerStep, OrderStage } from '@shared/order-stage';
import type { TOrderDetail } from '@shared/orders';

const actionIcon: Record<Exclude<CustomerStep, 'none'>, LucideIcon> = {
  pay: CreditCard,
  answer_request: MessageSquareReply,
  complete_details: PenLine,
  sign: FileSignature,
};
const doneStages: readonly OrderStage[] = ['ein_issued', 'completed'];
const waitingStages: readonly OrderStage[] = ['team_review', 'preparing_filing', 'filed', 'state_approved', 'ein_requested'];

/**
 * The order's one state and the one thing to do now, first on the dashboard (a phone's first
 * screen): where the order is, in the tense of that stage, and its button; or that there is
 * nothing to do, with when the LLC and EIN are expected (docs/product.md, "Promises"). The state
 * is the server's (src/shared/order-stage.ts), so this card, the order's card and the team's page
 * tell the same story.
 */
export function OrderNow({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const { stage, next } = order.state;
  const state = format.state(order.llcState);
  const expected = order.paidAt && waitingStages.includes(stage) ? expectedBetween(new Date(order.paidAt), order.nationality).latest : null;
  const target = next === 'pay' ? paths.checkout({ orderId: order.id }) : paths.dashboard({ order: order.id });
  const Icon = next !== 'none' ? actionIcon[next] : doneStages.includes(stage) ? CircleCheckBig : stage === 'on_hold' ? ShieldAlert : Clock;

  return (
    <section aria-labelledby="order-now-title" className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6" data-testid="order-now">
      <h2 id="order-now-title" className="text-sm font-semibold text-muted">
        {t('now.title')}
      </h2>
      <p className="mt-0.5 text-xs break-words text-muted">{t('now.order', { number: orderNumber(order.id), company: order.companyName1 })}</p>
      <p className="mt-2 flex items-start gap-2 text-lg font-semibold text-fg" data-testid="order-now-stage">
        <Icon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        <span className="min-w-0 break-words">{t(`now.stage.${stage}`, { state })}</span>
      </p>
      {next === 'none' ? (
        <p className="mt-2 text-sm text-muted" data-testid="order-now-next">
          {doneStages.includes(stage) || stage === 'refunded' || stage === 'closed' ? t('now.nothingLeft') : t('now.nothing')}
          {expected && <> {t('now.expectedBy', { date: format.date(expected.toISOString(), 'long') })}</>}
        </p>
      ) : (
        <Link to={target} className={buttonClasses(next === 'pay' ? 'accent' : 'primary', 'md', 'mt-4 w-full sm:w-auto')} data-testid="order-now-next">
          {t(`now.action.${next}`)}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
      {/* once the EIN is issued the next useful thing is the bank account: the order's bank pack */}
      {next === 'none' && order.ein && doneStages.includes(stage) ? (
        <Link to={paths.dashboard({ order: order.id })} className={buttonClasses('outline', 'md', 'mt-4 w-full sm:w-auto')} data-testid="order-now-bank">
          <Landmark className="size-4" aria-hidden />
          {t('now.bank')}
        </Link>
      ) : null}
    </section>
  );
}

import type { OrderStage } from '@shared/order-stage';
import { useFormats } from '@client/lib/use-formats';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** Where an order stands, in the team's words (the order page's line), under its badges in the lists; nothing while unknown. */
export function OrderStageLine({ stage, llcState }: { stage: OrderStage | null; llcState: string }) {
  const { t } = useAdminTranslation();
  const format = useFormats();
  if (!stage) return null;
  return (
    <span className="mt-1 block text-xs break-words text-muted" data-testid="order-stage-line">
      {t(`order.stage.${stage}`, { state: format.state(llcState) })}
    </span>
  );
}

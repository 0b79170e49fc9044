import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { useModalDialog } from '@client/lib/use-modal-dialog';
import { orderNumber } from '@shared/order-model';
import { orderEditPath } from '@shared/routes';
import { Button, buttonClasses } from '@client/components/ui/button';
import { ActionError } from '@client/components/ui/field';
import { toast } from '@client/components/ui/toast';
import { useDiscardOrder } from '@client/lib/api/orders';
import { errorMessage } from '@client/lib/message';
import { paths } from '@shared/client-paths';

/** The order namespace's copy; API error keys ('errors.*') fall back to common. */
const useOrderTranslation = () => useTranslation(['order', 'common'], { nsMode: 'fallback' });

/**
 * Asks before an unpaid order is discarded: a modal <dialog> (focus stays inside, Escape closes it),
 * Keep focused first so Enter never discards by accident. Afterwards the dashboard, with a toast.
 */
function DiscardDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useOrderTranslation();
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose, id);
  const discard = useDiscardOrder();
  const navigate = useNavigate();
  const number = orderNumber(orderId);

  const confirm = async () => {
    try {
      await discard.mutateAsync(orderId);
      void toast('success', t('discard.done', { number }));
      navigate(paths.dashboard());
    } catch {
      // said in the dialog (the mutation keeps the error); the order stays as it was
    }
  };

  return (
    <dialog {...dialogProps} data-testid="discard-dialog">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('discard.title', { number })}
      </h2>
      <p id={`${id}-body`} className="mt-2 text-sm text-muted">
        {t('discard.body')}
      </p>
      {discard.error && (
        <div className="mt-4">
          <ActionError id={`${id}-error`} message={errorMessage(t, discard.error)} />
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" autoFocus onClick={close} disabled={discard.isPending} className="w-full sm:w-auto">
          {t('discard.keep')}
        </Button>
        <Button variant="danger" busy={discard.isPending} onClick={() => void confirm()} className="w-full sm:w-auto">
          <Trash2 className="size-4" aria-hidden />
          {t('discard.confirm')}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * An order nobody has paid can still be fixed (the wizard, prefilled) or discarded. The
 * confirmation page and the dashboard show these only while the order is pending payment; the
 * server refuses (409) otherwise.
 */
export function OrderActions({ orderId, className = '' }: { orderId: string; className?: string }) {
  const { t } = useOrderTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={`flex flex-wrap gap-2 ${className}`} data-testid="order-actions">
      {/* side by side where both fit on one line, else one full-width button a line: never a label broken in two */}
      <Link to={orderEditPath(orderId)} className={buttonClasses('outline', 'sm', 'flex-auto whitespace-nowrap sm:flex-none')}>
        <Pencil className="size-4" aria-hidden />
        {t('actions.edit')}
      </Link>
      <Button variant="ghost" size="sm" className="flex-auto whitespace-nowrap text-red-700 sm:flex-none dark:text-red-400" onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden />
        {t('actions.discard')}
      </Button>
      {confirming && <DiscardDialog orderId={orderId} onClose={() => setConfirming(false)} />}
    </div>
  );
}

import { useState } from 'react';
import type { IdentityDocument } from '@shared/order-model';
import type { TOrderInput } from '@shared/orders';
import { toast } from '@client/components/ui/toast';
import { type IdentityFiles, useCreateOrder, useUpdateOrder } from '@client/lib/api/orders';
import { errorMessage } from '@client/lib/message';
import { useOrderTranslation } from '../namespaces';

/**
 * Sends the order with its files, with a progress toast that the outcome replaces: success, or the
 * destructive order.orderSubmitError with the server's reason, which also stays as `failure` for
 * the page to show next to the button. Returns the order's id. Fixing an order on file (`editing`:
 * its id) saves it in place, keeping the documents on file that `keep` names.
 */
export function useSendOrder(editing?: string) {
  const { t } = useOrderTranslation();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const mutation = editing ? update : create;
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (order: TOrderInput, files: IdentityFiles, keep: readonly IdentityDocument[]): Promise<string> => {
    setFailure(null);
    const progress = toast('loading', t('submit.uploading'));
    try {
      const { order: sent } = editing ? await update.mutateAsync({ id: editing, order, files, keep }) : await create.mutateAsync({ order, files });
      void toast('success', t(editing ? 'submit.saved' : 'submit.success'), t('submit.successBody'), await progress);
      return sent.id;
    } catch (error) {
      const reason = errorMessage(t, error);
      setFailure(`${t('orderSubmitError')} ${reason}`);
      void toast('error', t('orderSubmitError'), reason, await progress);
      throw error;
    }
  };
  return { send, busy: mutation.isPending, failure };
}

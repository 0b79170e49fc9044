import type { TOrderInput } from '@shared/orders';
import { toast } from '@client/components/ui/toast';
import { type IdentityFiles, useCreateOrder } from '@client/lib/api/orders';
import { errorMessage } from '@client/lib/message';
import { useOrderTranslation } from '../namespaces';

/**
 * Sends the order with its files, with a progress toast that the outcome replaces: success, or the
 * destructive order.orderSubmitError with the server's reason. Returns the new order's id.
 */
export function useSendOrder() {
  const { t } = useOrderTranslation();
  const mutation = useCreateOrder();
  const send = async (order: TOrderInput, files: IdentityFiles): Promise<string> => {
    const progress = toast('loading', t('submit.uploading'));
    try {
      const { order: created } = await mutation.mutateAsync({ order, files });
      void toast('success', t('submit.success'), t('submit.successBody'), await progress);
      return created.id;
    } catch (error) {
      void toast('error', t('orderSubmitError'), errorMessage(t, error), await progress);
      throw error;
    }
  };
  return { send, busy: mutation.isPending };
}

import { useState } from 'react';
import type { TOrderInput } from '@shared/orders';
import { toast } from '@client/components/ui/toast';
import { type IdentityFiles, useCreateOrder } from '@client/lib/api/orders';
import { errorMessage } from '@client/lib/message';
import { useOrderTranslation } from '../namespaces';

/**
 * Sends the order with its files, with a progress toast that the outcome replaces: success, or the
 * destructive order.orderSubmitError with the server's reason, which also stays as `failure` for
 * the page to show next to the button. Returns the new order's id.
 */
export function useSendOrder() {
  const { t } = useOrderTranslation();
  const mutation = useCreateOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (order: TOrderInput, files: IdentityFiles): Promise<string> => {
    setFailure(null);
    const progress = toast('loading', t('submit.uploading'));
    try {
      const { order: created } = await mutation.mutateAsync({ order, files });
      void toast('success', t('submit.success'), t('submit.successBody'), await progress);
      return created.id;
    } catch (error) {
      const reason = errorMessage(t, error);
      setFailure(`${t('orderSubmitError')} ${reason}`);
      void toast('error', t('orderSubmitError'), reason, await progress);
      throw error;
    }
  };
  return { send, busy: mutation.isPending, failure };
}

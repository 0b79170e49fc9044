import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api-client';

/**
 * POST /api/orders/:id/checkout: a hosted checkout for the order. No price is sent: the server
 * takes it from the services row (DESIGN improvement 4).
 */
export async function createCheckoutSession(orderId: string): Promise<{ url: string }> {
  const { url } = await api<{ url?: unknown }>(`/api/orders/${encodeURIComponent(orderId)}/checkout`, { method: 'POST' });
  // SPEC section 8: an answer without a url is a failure like any other
  if (typeof url !== 'string' || url === '') throw new ApiError(502, 'internal', 'payment.tryAgain');
  return { url };
}

export function useCreateCheckoutSession(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCheckoutSession(orderId),
    onError: (error) => {
      // 409: the order was paid meanwhile; read it again so the page says so
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

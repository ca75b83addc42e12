import { type Order, orderSchema } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * GET /api/billing/sessions/:id: the paid order behind a Checkout Session, as Stripe reports it,
 * only for the session's own user. 404 for a made-up, unpaid or someone else's session.
 */
export async function fetchOrder(sessionId: string, signal?: AbortSignal): Promise<Order> {
  return orderSchema.parse(
    await api.get(`/api/billing/sessions/${encodeURIComponent(sessionId)}`, { signal }),
  );
}

export function useOrder(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['billing-order', sessionId],
    queryFn: ({ signal }) => fetchOrder(sessionId ?? '', signal),
    enabled: enabled && sessionId !== null,
    retry: false,
  });
}

import { type BillingOptions, billingOptionsSchema } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/billing/options: whether this server sells the UNLIMITED plan (STRIPE_SECRET_KEY), and its price. */
export async function fetchBillingOptions(signal?: AbortSignal): Promise<BillingOptions> {
  return billingOptionsSchema.parse(await api.get('/api/billing/options', { signal }));
}

export function useBillingOptions() {
  return useQuery({
    queryKey: ['billing-options'],
    queryFn: ({ signal }) => fetchBillingOptions(signal),
    staleTime: 5 * 60_000,
  });
}

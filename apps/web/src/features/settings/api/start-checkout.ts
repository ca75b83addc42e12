import { BILLING_MESSAGES, checkoutResponseSchema } from '@notewise/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api, isApiError } from '@/lib/api';

/**
 * POST /api/billing/checkout: a Stripe Checkout Session for the UNLIMITED plan; answers its URL.
 * docs/product.md §8's texts: the server's own (Failed to create checkout session, No checkout URL received,
 * sign in), 'Failed to start checkout' when the server could not be reached at all.
 */
export async function startCheckout(): Promise<string> {
  let body: unknown;
  try {
    body = await api.post('/api/billing/checkout', {});
  } catch (error) {
    if (isApiError(error, 0)) throw new ApiError(0, error.code, BILLING_MESSAGES.startFailed);
    throw error;
  }
  const parsed = checkoutResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.url) throw new Error(BILLING_MESSAGES.noCheckoutUrl);
  return parsed.data.url;
}

/** Starts checkout and sends the browser to Stripe's payment page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: (url) => window.location.assign(url),
  });
}

import { z } from 'zod';
import { CHECKOUT_SESSION_ID_PATTERN, ORDER_STATUSES } from './billing';

/** GET /api/billing/options: whether this server sells the UNLIMITED plan, and for how much. */
export const billingOptionsSchema = z.object({
  paymentsEnabled: z.boolean(),
  /** Null when the price is a Stripe Price (STRIPE_PRICE_ID): Stripe shows the amount. */
  price: z.object({ amountCents: z.number().int(), currency: z.string() }).nullable(),
});
export type BillingOptions = z.infer<typeof billingOptionsSchema>;

/** POST /api/billing/checkout: where the browser goes to pay. */
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutSessionParamsSchema = z.strictObject({
  id: z.string().regex(CHECKOUT_SESSION_ID_PATTERN, { message: 'No payment was found for this session.' }),
});

/** GET /api/billing/sessions/:id: a paid order of the caller, read from Stripe. */
export const orderSchema = z.object({
  type: z.literal('order'),
  sessionId: z.string(),
  planName: z.string(),
  description: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountTotal: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

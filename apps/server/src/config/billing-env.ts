import { z } from 'zod';

/** Payments through Stripe and the price of the UNLIMITED plan. */
export const billingEnv = {
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, {
      message: 'must be a Stripe secret key (sk_test_... or sk_live_...)',
    })
    .optional()
    .describe(
      'Stripe secret (or restricted) key. Set: the Plan tab sells the UNLIMITED plan through Stripe Checkout; unset: payments are off and plans are granted with `npm run admin -- plan`.',
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: 'must be a Stripe webhook signing secret (whsec_...)' })
    .optional()
    .describe(
      'Signing secret of the webhook endpoint `<PUBLIC_URL>/api/billing/webhook` (Stripe Dashboard, or `stripe listen`). Required with `STRIPE_SECRET_KEY`: only signed events grant a plan.',
    ),
  STRIPE_PRICE_ID: z
    .string()
    .trim()
    .regex(/^price_[A-Za-z0-9_]+$/, { message: 'must be a Stripe price id (price_...)' })
    .optional()
    .describe(
      'A one-time Stripe Price for the UNLIMITED plan. Unset: the price comes from `UNLIMITED_PRICE_CENTS` and `PRICE_CURRENCY`.',
    ),
  UNLIMITED_PRICE_CENTS: z.coerce
    .number()
    .int()
    .min(50)
    .max(99_999_999)
    .default(4999)
    .describe('Price of the UNLIMITED plan in minor units (4999 = 49.99), when `STRIPE_PRICE_ID` is unset.'),
  PRICE_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, { message: 'must be a three-letter ISO currency code like usd' })
    .default('usd')
    .describe('Currency of `UNLIMITED_PRICE_CENTS` (ISO code, like `usd` or `eur`).'),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "Where the Stripe SDK sends API calls. Unset: Stripe's own API. Only for tests and local stand-ins (stripe-mock).",
    ),
};

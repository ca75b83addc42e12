/** docs/product.md §3 and §9: the one catalogue item, sold once (decision 022). Zod-free: the web's plan tab reads it. */
export const UNLIMITED_PRODUCT = {
  name: 'UNLIMITED Plan',
  description: 'Full access to the platform',
  mode: 'payment',
} as const;

/** docs/product.md §2 Pricing card and the payment success page: the same six, in this order. */
export const PLAN_FEATURES = [
  'Unlimited AI Voice Assistant',
  'Unlimited Projects & Notes',
  'Advanced Editor Features',
  'Real-time Collaboration',
  'Priority Support',
  'No Feature Restrictions',
] as const;

/**
 * docs/product.md §8 checkout texts, plus what this server says when it sells nothing (decision 022). Here, not in
 * messages.ts: only lazy pages use them, and messages.ts is in the first route's JS.
 */
export const BILLING_MESSAGES = {
  checkoutFailed: 'Failed to create checkout session',
  noCheckoutUrl: 'No checkout URL received',
  startFailed: 'Failed to start checkout',
  notAuthenticated: 'User not authenticated',
  notConfigured:
    'Payments are not configured on this server. Ask the person who runs it to grant you a plan.',
  alreadyUnlimited: 'You already have the UNLIMITED plan.',
  noPaymentFound: 'No payment was found for this session.',
  subscriptionLoadTitle: 'Error Loading Subscription',
  subscriptionLoadFailed: 'Failed to load subscription data',
} as const;

/** What an order can be; only `paid` grants the plan. */
export const ORDER_STATUSES = ['open', 'pending', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** docs/product.md §3: amount_total in minor units, shown divided by 100 with two decimals and the currency upper-cased. */
export function formatAmount(amountTotal: number, currency: string): string {
  return `${(amountTotal / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Checkout Session ids as Stripe issues them; anything else is never sent on to Stripe. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

/** docs/product.md §4 subscription statuses: label and colour of the status card. */
export const SUBSCRIPTION_STATUS_DISPLAY = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'success' },
  past_due: { label: 'Past due', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'danger' },
  incomplete: { label: 'Incomplete', tone: 'neutral' },
  incomplete_expired: { label: 'Expired', tone: 'neutral' },
  unpaid: { label: 'Unpaid', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'neutral' },
} as const;
export type SubscriptionStatus = keyof typeof SUBSCRIPTION_STATUS_DISPLAY;

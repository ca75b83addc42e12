import { ERROR_CODES } from '@notewise/shared';
import type { Config } from '../../config';
import { ApiError } from '../../http/errors';
import type { Stripe } from './stripe-client';

/**
 * Stripe's default webhook tolerance. The SDK only refuses signatures older than this; a timestamp
 * from the future passes it, so `checkTimestamp` refuses those too.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed `t=` of a Stripe-Signature header already verified by the SDK. */
export function checkTimestamp(signature: string, nowMs = Date.now()) {
  const signedAt = Number(/(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1]);
  if (!Number.isFinite(signedAt) || signedAt - nowMs / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    throw new ApiError(400, ERROR_CODES.validation, 'The Stripe signature is not valid.');
  }
}

/** What a paid session was, when it is not what we sell. */
export interface PurchaseMismatch {
  reason: 'amount' | 'currency' | 'price';
  amountTotal: number | null;
  currency: string | null;
  priceId?: string | null;
  expected: { amountCents?: number | null; currency?: string | null; priceId?: string };
}

/**
 * A signed event proves Stripe sent it, not that the buyer paid for UNLIMITED: a session made on the
 * Dashboard, a payment link, or another product of the same Stripe account names our user just as
 * well, for one cent. So the session must carry the configured product: with STRIPE_PRICE_ID, one
 * line item of exactly that price (read from Stripe, which the event does not include) at its full
 * amount; without it, `UNLIMITED_PRICE_CENTS` in `PRICE_CURRENCY`. Null when it does.
 */
export async function purchaseMismatch(
  stripe: Stripe,
  price: Config['price'],
  session: Stripe.Checkout.Session,
): Promise<PurchaseMismatch | null> {
  const amountTotal = session.amount_total ?? null;
  const currency = session.currency?.toLowerCase() ?? null;
  if (!price.stripePriceId) {
    const expected = { amountCents: price.amountCents, currency: price.currency.toLowerCase() };
    if (currency !== expected.currency) return { reason: 'currency', amountTotal, currency, expected };
    if (amountTotal !== expected.amountCents) return { reason: 'amount', amountTotal, currency, expected };
    return null;
  }
  let items: Stripe.ApiList<Stripe.LineItem>;
  try {
    items = await stripe.checkout.sessions.listLineItems(session.id, { limit: 2 });
  } catch {
    // Not claimed yet: Stripe delivers the event again later.
    throw new ApiError(502, ERROR_CODES.paymentFailed, 'Could not read the Checkout Session from Stripe.');
  }
  const item = items.data.length === 1 ? items.data[0] : undefined;
  const itemPrice = item?.price ?? null;
  const expected = {
    priceId: price.stripePriceId,
    amountCents: itemPrice?.unit_amount ?? null,
    currency: itemPrice?.currency ?? null,
  };
  const found = { amountTotal, currency, priceId: itemPrice?.id ?? null, expected };
  if (!item || !itemPrice || itemPrice.id !== price.stripePriceId || item.quantity !== 1) {
    return { reason: 'price', ...found };
  }
  if (currency !== itemPrice.currency.toLowerCase()) return { reason: 'currency', ...found };
  if (amountTotal === null || amountTotal !== itemPrice.unit_amount) return { reason: 'amount', ...found };
  return null;
}

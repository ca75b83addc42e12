import { BILLING_MESSAGES } from '@notewise/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, request, setPlan, signUp, startTestApp } from './helpers';
import { randomId, type StandInSession, startStripeStandIn } from './support/stripe-stand-in';

// Decision 042: a signed event grants the plan only for the product this server sells (amount,
// currency, and with STRIPE_PRICE_ID the price), and only with a timestamp inside the tolerance.

const SECRET_KEY = 'sk_test_notewise_purchase_checks';
const WEBHOOK_SECRET = 'whsec_notewise_purchase_checks';
const PRICE_ID = 'price_notewise_unlimited';
const stripe = new Stripe(SECRET_KEY);

function eventPayload(type: string, session: Partial<StandInSession>) {
  return JSON.stringify({
    id: randomId('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: session },
  });
}

async function fixture(dialect: Parameters<typeof startTestApp>[0], env: Record<string, string> = {}) {
  const standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  const t = await startTestApp(dialect, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    PUBLIC_URL: 'https://notes.example.com',
    ...env,
  });
  const deliver = (payload: string, timestamp?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      remoteAddress: '54.187.174.169',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp,
        }),
      },
      payload,
    });
  /** A session made at Stripe but not by our checkout: the Dashboard, a payment link, another app. */
  const sessionElsewhere = async (fields: Record<string, string>) => {
    const response = await fetch(`${standIn.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        mode: 'payment',
        success_url: 'https://elsewhere.example/ok',
        cancel_url: 'https://elsewhere.example/no',
        'line_items[0][quantity]': '1',
        ...fields,
      }),
    });
    const session = (await response.json()) as StandInSession;
    return standIn.pay(session.id);
  };
  const ourCheckout = async (cookie: string) => {
    const response = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const id = String(response.json().url).split('/').pop() ?? '';
    return standIn.pay(id);
  };
  const planOf = async (email: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('plan')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).plan;
  const order = (sessionId: string) =>
    t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirst();
  const close = async () => {
    await t.close();
    await t.testDb.destroy();
    await standIn.close();
  };
  return { t, standIn, deliver, sessionElsewhere, ourCheckout, planOf, order, close };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

describe.each(dialects)('paid sessions for the wrong product, on %s', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(dialect);
  });
  afterAll(async () => f.close());

  it('a signed, paid one-cent session for our user grants nothing, is recorded as a mismatch and logged', async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    const warn = vi.spyOn(f.t.app.log, 'warn');
    const cheap = await f.sessionElsewhere({
      client_reference_id: buyer.user.id,
      'line_items[0][price_data][unit_amount]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'UNLIMITED Plan',
    });
    const response = await f.deliver(eventPayload('checkout.session.completed', cheap));
    expect(response.statusCode, response.body).toBe(200);
    expect(await f.planOf(buyer.email)).toBe('FREE');
    const row = await f.order(cheap.id);
    expect(row).toMatchObject({ user_id: buyer.user.id, status: 'mismatch', currency: 'usd' });
    expect(Number(row?.amount_total)).toBe(1);
    const events = await f.t.database.db
      .selectFrom('billing_events')
      .select('id')
      .where('checkout_session_id', '=', cheap.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ sessionId: cheap.id, reason: 'amount', amountTotal: 1 }),
      expect.stringContaining('no plan granted'),
    );
    warn.mockRestore();
    // The success page does not promise a plan for it either.
    const page = await request(f.t.app, 'GET', `/api/billing/sessions/${cheap.id}`, { cookie: buyer.cookie });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe(BILLING_MESSAGES.noPaymentFound);
    // Nor does a later event for that session: the mismatch is final, like a payment.
    await f.deliver(eventPayload('checkout.session.async_payment_succeeded', cheap));
    expect(await f.planOf(buyer.email)).toBe('FREE');
  });

  it('the right amount in another currency, or our own order reported with another amount, grants nothing', async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    const yen = await f.sessionElsewhere({
      client_reference_id: buyer.user.id,
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][product_data][name]': 'UNLIMITED Plan',
    });
    expect((await f.deliver(eventPayload('checkout.session.completed', yen))).statusCode).toBe(200);
    expect(await f.order(yen.id)).toMatchObject({ status: 'mismatch', currency: 'jpy' });

    const ours = await f.ourCheckout(buyer.cookie);
    const reported = { ...ours, amount_total: 499 };
    expect((await f.deliver(eventPayload('checkout.session.completed', reported))).statusCode).toBe(200);
    expect(await f.order(ours.id)).toMatchObject({ status: 'mismatch' });
    expect(await f.planOf(buyer.email)).toBe('FREE');
  });

  it('the configured amount and currency still grant UNLIMITED (upper-case currency too)', async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    const session = await f.ourCheckout(buyer.cookie);
    const response = await f.deliver(
      eventPayload('checkout.session.completed', { ...session, currency: 'USD' }),
    );
    expect(response.statusCode).toBe(200);
    expect(await f.planOf(buyer.email)).toBe('UNLIMITED');
    expect(await f.order(session.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses webhook timestamps more than five minutes ahead, as it refuses old ones', async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    const session = await f.ourCheckout(buyer.cookie);
    const payload = eventPayload('checkout.session.completed', session);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 600, now + 24 * 3600, now - 600]) {
      const response = await f.deliver(payload, timestamp);
      expect(response.statusCode, String(timestamp - now)).toBe(400);
    }
    expect(await f.planOf(buyer.email)).toBe('FREE');
    expect(await f.order(session.id)).toMatchObject({ status: 'open' });
    // A sender's clock a minute ahead is inside the tolerance.
    expect((await f.deliver(payload, now + 60)).statusCode).toBe(200);
    expect(await f.planOf(buyer.email)).toBe('UNLIMITED');
  });
});

describe.each(dialects)('with STRIPE_PRICE_ID, on %s', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(dialect, { STRIPE_PRICE_ID: PRICE_ID });
  });
  afterAll(async () => f.close());

  it("grants only for a session whose one line item is the configured price, read from Stripe's line items", async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    // Same amount and currency, another price of the same Stripe account.
    const otherProduct = await f.sessionElsewhere({
      client_reference_id: buyer.user.id,
      'line_items[0][price]': 'price_some_other_product',
    });
    expect(otherProduct.amount_total).toBe(4999);
    expect((await f.deliver(eventPayload('checkout.session.completed', otherProduct))).statusCode).toBe(200);
    expect(await f.order(otherProduct.id)).toMatchObject({ status: 'mismatch' });
    // The configured price, twice over.
    const two = await f.sessionElsewhere({
      client_reference_id: buyer.user.id,
      'line_items[0][price]': PRICE_ID,
      'line_items[0][quantity]': '2',
    });
    expect((await f.deliver(eventPayload('checkout.session.completed', two))).statusCode).toBe(200);
    expect(await f.order(two.id)).toMatchObject({ status: 'mismatch' });
    // Our session, but the event reports a discounted total.
    const ours = await f.ourCheckout(buyer.cookie);
    const discounted = { ...ours, amount_total: 1 };
    expect((await f.deliver(eventPayload('checkout.session.completed', discounted))).statusCode).toBe(200);
    expect(await f.planOf(buyer.email)).toBe('FREE');

    const next = await signUp(f.t.app);
    await setPlan(f.t, next.email, 'FREE', null);
    const good = await f.ourCheckout(next.cookie);
    expect((await f.deliver(eventPayload('checkout.session.completed', good))).statusCode).toBe(200);
    expect(await f.planOf(next.email)).toBe('UNLIMITED');
  });

  it('when Stripe cannot list the line items the event fails (Stripe retries) and is not used up', async () => {
    const buyer = await signUp(f.t.app);
    await setPlan(f.t, buyer.email, 'FREE', null);
    const session = await f.ourCheckout(buyer.cookie);
    const items = f.standIn.lineItems.get(session.id);
    f.standIn.lineItems.delete(session.id);
    const payload = eventPayload('checkout.session.completed', session);
    const first = await f.deliver(payload);
    expect(first.statusCode).toBe(502);
    expect(await f.planOf(buyer.email)).toBe('FREE');
    f.standIn.lineItems.set(session.id, items ?? []);
    expect((await f.deliver(payload)).statusCode).toBe(200);
    expect(await f.planOf(buyer.email)).toBe('UNLIMITED');
  });
});

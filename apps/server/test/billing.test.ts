import { BILLING_MESSAGES, ERROR_CODES, MESSAGES } from '@notewise/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, request, setPlan, signUp, startTestApp, type TestApp } from './helpers';
import {
  randomId,
  type StandInSession,
  type StripeStandIn,
  startStripeStandIn,
} from './support/stripe-stand-in';

const SECRET_KEY = 'sk_test_notewise_billing';
const WEBHOOK_SECRET = 'whsec_notewise_billing_test';
// Only the webhook helpers are used from this instance; it never calls the network.
const stripe = new Stripe(SECRET_KEY);

type EventType =
  | 'checkout.session.expired'
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

function eventPayload(type: EventType, session: Partial<StandInSession>, id = randomId('evt')) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
}

describe.each(dialects)('billing on %s', (dialect) => {
  let t: TestApp;
  let standIn: StripeStandIn;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    t = await startTestApp(dialect, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PUBLIC_URL: 'https://notes.example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
    await standIn.close();
  });

  /** Posts a webhook exactly as Stripe does: raw JSON body, Stripe-Signature, no Origin, no cookie. */
  function deliver(payload: string, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      remoteAddress: '54.187.174.169',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  }
  const signed = (payload: string, timestamp?: number) =>
    deliver(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    );

  async function planOf(email: string) {
    const row = await t.database.db
      .selectFrom('users')
      .select(['plan', 'plan_expires_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.plan;
  }

  async function checkout(cookie: string) {
    const response = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().url;
    const id = url.split('/').pop() ?? '';
    const session = standIn.sessions.get(id);
    if (!session) throw new Error('the stand-in has no such session');
    return session;
  }

  async function orderRow(sessionId: string) {
    return t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirst();
  }

  it('creates a one-time Checkout Session for the signed-in user, priced from config', async () => {
    const { cookie, user, email } = await signUp(t.app);
    const options = await request(t.app, 'GET', '/api/billing/options');
    expect(options.json()).toEqual({ paymentsEnabled: true, price: { amountCents: 4999, currency: 'usd' } });

    const session = await checkout(cookie);
    const sent = standIn.createRequests.at(-1) ?? {};
    expect(sent).toMatchObject({
      mode: 'payment',
      client_reference_id: user.id,
      'metadata[user_id]': user.id,
      customer_email: email,
      success_url: 'https://notes.example.com/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://notes.example.com/cancel',
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'UNLIMITED Plan',
    });
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    expect(await orderRow(session.id)).toMatchObject({ user_id: user.id, status: 'open' });
    // Creating a session grants nothing.
    expect(await planOf(email)).toBe('PRO');
  });

  it('lets FREE and expired users check out; refuses visitors and UNLIMITED users', async () => {
    const free = await signUp(t.app);
    await setPlan(t, free.email, 'FREE', null);
    await checkout(free.cookie);
    const expired = await signUp(t.app);
    await setPlan(t, expired.email, 'PRO', new Date(Date.now() - 1000));
    await checkout(expired.cookie);

    const visitor = await request(t.app, 'POST', '/api/billing/checkout', { body: {} });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(MESSAGES.notSignedIn);

    const unlimited = await signUp(t.app);
    await setPlan(t, unlimited.email, 'UNLIMITED', null);
    const refused = await request(t.app, 'POST', '/api/billing/checkout', {
      cookie: unlimited.cookie,
      body: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BILLING_MESSAGES.alreadyUnlimited);
  });

  it("answers Stripe's failures with the checkout texts of docs/product.md §8", async () => {
    const { cookie } = await signUp(t.app);
    // The SDK retries once on a 500: both fail.
    standIn.failNextCreate(500, 2);
    const failed = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: ERROR_CODES.paymentFailed,
      message: BILLING_MESSAGES.checkoutFailed,
    });
    standIn.failNextCreate(400);
    const refused = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(refused.json().error.message).toBe(BILLING_MESSAGES.checkoutFailed);
    standIn.omitUrlOnNextCreate();
    const noUrl = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(noUrl.statusCode).toBe(502);
    expect(noUrl.json().error.message).toBe(BILLING_MESSAGES.noCheckoutUrl);
  });

  it('a paid completion grants UNLIMITED once; duplicates and new events for the same session grant nothing again', async () => {
    const { cookie, email } = await signUp(t.app);
    const session = standIn.pay((await checkout(cookie)).id);
    const payload = eventPayload('checkout.session.completed', session);

    const first = await signed(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await planOf(email)).toBe('UNLIMITED');
    const me = await request(t.app, 'GET', '/api/me', { cookie });
    expect(me.json()).toMatchObject({ plan: 'UNLIMITED', access: true });
    expect(await orderRow(session.id)).toMatchObject({ status: 'paid', currency: 'usd' });
    expect(Number((await orderRow(session.id))?.amount_total)).toBe(4999);

    // The administrator takes the plan back; Stripe redelivers the same event, then sends another
    // event for the same session: neither grants it again.
    await setPlan(t, email, 'FREE', null);
    expect((await signed(payload)).statusCode).toBe(200);
    expect((await signed(eventPayload('checkout.session.completed', session))).statusCode).toBe(200);
    expect((await signed(eventPayload('checkout.session.async_payment_succeeded', session))).statusCode).toBe(
      200,
    );
    expect(await planOf(email)).toBe('FREE');
    const events = await t.database.db
      .selectFrom('billing_events')
      .select('id')
      .where('checkout_session_id', '=', session.id)
      .execute();
    expect(events).toHaveLength(3);
  });

  it('refuses unsigned, wrongly signed, tampered and replayed (old timestamp) events with 400', async () => {
    const { cookie, email } = await signUp(t.app);
    const session = standIn.pay((await checkout(cookie)).id);
    const payload = eventPayload('checkout.session.completed', session);

    const unsigned = await deliver(payload);
    expect(unsigned.statusCode).toBe(400);
    const wrongSecret = await deliver(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error.code).toBe(ERROR_CODES.validation);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace(session.id, `${session.id}x`), header);
    expect(tampered.statusCode).toBe(400);
    const garbage = await deliver(payload, 't=1,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);
    // Captured once and sent again ten minutes later: past the SDK's five-minute tolerance.
    const replayed = await signed(payload, Math.floor(Date.now() / 1000) - 600);
    expect(replayed.statusCode).toBe(400);

    expect(await planOf(email)).toBe('PRO');
    expect(await orderRow(session.id)).toMatchObject({ status: 'open' });
  });

  it('the webhook needs no Origin, refuses other content and oversized bodies', async () => {
    const fromBrowser = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'hello',
    });
    // Past the Origin check (exempt), stopped by the signature.
    expect(fromBrowser.statusCode).toBe(400);
    expect(fromBrowser.json().error.code).toBe(ERROR_CODES.validation);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: `{"x":"${'a'.repeat(300 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    // The exemption is exactly the webhook: another POST from a foreign origin is still refused.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(403);
  });

  it('signed but odd events (no session, another object, a subscription, expired) grant nothing and answer 200', async () => {
    const { cookie, email } = await signUp(t.app);
    await setPlan(t, email, 'FREE', null);
    const session = await checkout(cookie);
    const odd = [
      JSON.stringify({ id: randomId('evt'), object: 'event', type: 'checkout.session.completed', data: {} }),
      JSON.stringify({
        id: randomId('evt'),
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: null },
      }),
      eventPayload('checkout.session.completed', {
        ...standIn.pay(session.id),
        object: 'payment_intent',
      } as never),
      eventPayload('checkout.session.completed', { ...session, mode: 'subscription' }),
      eventPayload('checkout.session.completed', { ...session, client_reference_id: null }),
      JSON.stringify({
        id: randomId('evt'),
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      }),
    ];
    for (const payload of odd) {
      const response = await signed(payload);
      expect(response.statusCode, payload).toBe(200);
    }
    expect(await planOf(email)).toBe('FREE');
    expect(
      (await signed(eventPayload('checkout.session.expired', { ...session, payment_status: 'unpaid' })))
        .statusCode,
    ).toBe(200);
    expect(await orderRow(session.id)).toMatchObject({ status: 'expired' });
    expect(await planOf(email)).toBe('FREE');
  });

  it('async payments: pending on completion, granted on success, nothing on failure', async () => {
    const pending = await signUp(t.app);
    const unpaid = await checkout(pending.cookie);
    expect((await signed(eventPayload('checkout.session.completed', unpaid))).statusCode).toBe(200);
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'pending' });
    expect(await planOf(pending.email)).toBe('PRO');
    const settled = standIn.pay(unpaid.id);
    expect((await signed(eventPayload('checkout.session.async_payment_succeeded', settled))).statusCode).toBe(
      200,
    );
    expect(await planOf(pending.email)).toBe('UNLIMITED');

    const failing = await signUp(t.app);
    await setPlan(t, failing.email, 'FREE', null);
    const session = await checkout(failing.cookie);
    await signed(eventPayload('checkout.session.completed', session));
    expect((await signed(eventPayload('checkout.session.async_payment_failed', session))).statusCode).toBe(
      200,
    );
    expect(await orderRow(session.id)).toMatchObject({ status: 'failed' });
    expect(await planOf(failing.email)).toBe('FREE');
  });

  it('events out of order: a late unpaid completion or failure never undoes a payment', async () => {
    const { cookie, email } = await signUp(t.app);
    const session = await checkout(cookie);
    const unpaidCompletion = eventPayload('checkout.session.completed', { ...session });
    const paid = standIn.pay(session.id);
    expect((await signed(eventPayload('checkout.session.async_payment_succeeded', paid))).statusCode).toBe(
      200,
    );
    expect(await planOf(email)).toBe('UNLIMITED');
    expect((await signed(unpaidCompletion)).statusCode).toBe(200);
    expect((await signed(eventPayload('checkout.session.async_payment_failed', session))).statusCode).toBe(
      200,
    );
    expect(await orderRow(session.id)).toMatchObject({ status: 'paid' });
    expect(await planOf(email)).toBe('UNLIMITED');
  });

  it('a purchase by user A never upgrades user B, whatever the event claims', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await setPlan(t, b.email, 'FREE', null);
    const session = standIn.pay((await checkout(a.cookie)).id);
    // A signed event naming B for A's session (metadata disagreeing, or the reference swapped).
    const swapped = { ...session, client_reference_id: b.user.id };
    expect((await signed(eventPayload('checkout.session.completed', swapped))).statusCode).toBe(200);
    const mixed = { ...session, metadata: { user_id: b.user.id } };
    expect((await signed(eventPayload('checkout.session.completed', mixed))).statusCode).toBe(200);
    expect(await planOf(b.email)).toBe('FREE');
    expect(await orderRow(session.id)).toMatchObject({ user_id: a.user.id, status: 'open' });

    // B cannot read A's order either.
    const peek = await request(t.app, 'GET', `/api/billing/sessions/${session.id}`, { cookie: b.cookie });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.message).toBe(BILLING_MESSAGES.noPaymentFound);

    expect((await signed(eventPayload('checkout.session.completed', session))).statusCode).toBe(200);
    expect(await planOf(a.email)).toBe('UNLIMITED');
    expect(await planOf(b.email)).toBe('FREE');
  });

  it('the success page reads a paid order from Stripe; fake, unpaid and malformed ids find nothing and grant nothing', async () => {
    const { cookie, email, user } = await signUp(t.app);
    await setPlan(t, email, 'FREE', null);
    const session = await checkout(cookie);

    const unpaid = await request(t.app, 'GET', `/api/billing/sessions/${session.id}`, { cookie });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().error.message).toBe(BILLING_MESSAGES.noPaymentFound);
    const fake = await request(t.app, 'GET', '/api/billing/sessions/cs_test_madeup123', { cookie });
    expect(fake.statusCode).toBe(404);
    expect(fake.json().error.message).toBe(BILLING_MESSAGES.noPaymentFound);
    for (const malformed of ['..%2F..%2Fv1%2Fcustomers', 'cs_test_a%3Fexpand%3Dx', 'x'.repeat(400)]) {
      const response = await request(t.app, 'GET', `/api/billing/sessions/${malformed}`, { cookie });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await planOf(email)).toBe('FREE');

    standIn.pay(session.id);
    // Paid at Stripe but no webhook yet: the page shows the order, the plan waits for the webhook.
    const order = await request(t.app, 'GET', `/api/billing/sessions/${session.id}`, { cookie });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      type: 'order',
      sessionId: session.id,
      planName: 'UNLIMITED Plan',
      description: 'Full access to the platform',
      status: 'paid',
      amountTotal: 4999,
      currency: 'usd',
    });
    expect(await planOf(email)).toBe('FREE');
    expect(user.id).toBe(session.client_reference_id);

    const visitor = await request(t.app, 'GET', `/api/billing/sessions/${session.id}`);
    expect(visitor.statusCode).toBe(401);
  });
});

describe('billing without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  it('says payments are off; checkout and the webhook answer the not-configured error', async () => {
    const options = await request(t.app, 'GET', '/api/billing/options');
    expect(options.json()).toEqual({ paymentsEnabled: false, price: { amountCents: 4999, currency: 'usd' } });
    const { cookie } = await signUp(t.app);
    const response = await request(t.app, 'POST', '/api/billing/checkout', { cookie, body: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: ERROR_CODES.paymentsNotConfigured,
      message: BILLING_MESSAGES.notConfigured,
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(403);
    const order = await request(t.app, 'GET', '/api/billing/sessions/cs_test_anything', { cookie });
    expect(order.statusCode).toBe(404);
    expect(order.json().error.message).toBe(BILLING_MESSAGES.noPaymentFound);
  });
});

import {
  BILLING_MESSAGES,
  ERROR_CODES,
  type Order,
  type OrderStatus,
  UNLIMITED_PRODUCT,
} from '@notewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig, Config } from '../../config';
import { toIso } from '../../db/time';
import { ApiError } from '../../http/errors';
import { setPlan } from '../profile/set-plan';
import { type BillingRepo, isLaterStatus, type StoredOrderStatus } from './billing.repo';
import { checkTimestamp, purchaseMismatch, WEBHOOK_TOLERANCE_SECONDS } from './purchase-check';
import { createStripeClient, type Stripe } from './stripe-client';

/** The plan a paid order grants. */
const PURCHASED_PLAN = 'UNLIMITED';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** 403, not 5xx: nothing is broken, this server just does not sell (and a retry will not change it). */
export const notConfigured = () =>
  new ApiError(403, ERROR_CODES.paymentsNotConfigured, BILLING_MESSAGES.notConfigured);
const noPaymentFound = () => new ApiError(404, ERROR_CODES.notFound, BILLING_MESSAGES.noPaymentFound);
const providerFailed = (message: string) => new ApiError(502, ERROR_CODES.paymentFailed, message);

/** Where an event leaves its order. */
function statusAfter(type: string, session: Stripe.Checkout.Session): OrderStatus | null {
  switch (type) {
    case 'checkout.session.completed':
      // Cards are paid on completion; bank debits and vouchers complete unpaid and settle later.
      return session.payment_status === 'paid' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

export interface WebhookOutcome {
  /** What happened, for the log and the tests. */
  result: 'granted' | 'updated' | 'duplicate' | 'ignored' | 'mismatch';
  eventId: string;
}

export function createBillingService(deps: {
  config: Config;
  repo: BillingRepo;
  /** Forgets cached sessions of a user whose plan changed. */
  forgetUser: (userId: string) => void;
  log: FastifyBaseLogger;
}) {
  const { config, repo, forgetUser, log } = deps;
  const billing: BillingConfig | undefined = config.billing;
  let client: Promise<Stripe> | undefined;

  async function requireStripe(): Promise<{ stripe: Stripe; billing: BillingConfig }> {
    if (!billing) throw notConfigured();
    client ??= createStripeClient(billing).catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return { stripe: await client, billing };
  }

  return {
    options() {
      return {
        paymentsEnabled: billing !== undefined,
        price: config.price.stripePriceId
          ? null
          : { amountCents: config.price.amountCents, currency: config.price.currency },
      };
    },

    /** A Checkout Session for the UNLIMITED plan, paid once; its order is recorded as `open`. */
    async createCheckout(user: { id: string; email: string; plan: string }, origin: string) {
      const { stripe } = await requireStripe();
      if (user.plan === PURCHASED_PLAN) {
        throw new ApiError(409, ERROR_CODES.conflict, BILLING_MESSAGES.alreadyUnlimited);
      }
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = config.price.stripePriceId
        ? { price: config.price.stripePriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: config.price.currency,
              unit_amount: config.price.amountCents,
              product_data: { name: UNLIMITED_PRODUCT.name, description: UNLIMITED_PRODUCT.description },
            },
          };
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: UNLIMITED_PRODUCT.mode,
          line_items: [lineItem],
          client_reference_id: user.id,
          customer_email: user.email,
          metadata: { user_id: user.id, plan: PURCHASED_PLAN },
          payment_intent_data: { metadata: { user_id: user.id, plan: PURCHASED_PLAN } },
          success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/cancel`,
        });
      } catch (error) {
        log.error({ err: error }, 'Stripe refused to create a Checkout Session');
        throw providerFailed(BILLING_MESSAGES.checkoutFailed);
      }
      if (!session.url) throw providerFailed(BILLING_MESSAGES.noCheckoutUrl);
      await repo.createOpenOrder({
        userId: user.id,
        sessionId: session.id,
        plan: PURCHASED_PLAN,
        status: 'open',
        amountTotal: session.amount_total ?? null,
        currency: session.currency ?? null,
      });
      return { url: session.url };
    },

    /**
     * Verifies Stripe's signature over the raw body and its timestamp (five minutes either way: a
     * replayed old delivery fails, and so does one signed ahead of time) and returns the event;
     * throws a 400 otherwise.
     */
    async verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
      const { stripe, billing } = await requireStripe();
      if (!signature) throw new ApiError(400, ERROR_CODES.validation, 'Missing Stripe-Signature header.');
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          billing.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
        checkTimestamp(signature);
        return event;
      } catch {
        throw new ApiError(400, ERROR_CODES.validation, 'The Stripe signature is not valid.');
      }
    },

    /**
     * Fulfilment: the only path to a purchased plan. Each event id is handled once; each session's
     * order moves forward only, and the plan is granted on the one transition into `paid`.
     */
    async handleEvent(event: Stripe.Event): Promise<WebhookOutcome> {
      if (!HANDLED_EVENTS.has(event.type)) return { result: 'ignored', eventId: event.id };
      const object: unknown = event.data?.object;
      const session = object as Stripe.Checkout.Session;
      const isSession =
        typeof object === 'object' &&
        object !== null &&
        session.object === 'checkout.session' &&
        typeof session.id === 'string';
      const reported = isSession ? statusAfter(event.type, session) : null;
      const userId =
        isSession && typeof session.client_reference_id === 'string' ? session.client_reference_id : null;
      if (!isSession || reported === null || session.mode !== 'payment' || !userId) {
        log.warn({ eventId: event.id, type: event.type }, 'Stripe event without a purchase of ours; ignored');
        return { result: 'ignored', eventId: event.id };
      }
      // Checked before the event is claimed: if Stripe cannot be read, its retry is not a duplicate.
      const mismatch =
        reported === 'paid'
          ? await purchaseMismatch((await requireStripe()).stripe, config.price, session)
          : null;
      const next: StoredOrderStatus = mismatch ? 'mismatch' : reported;
      const grantedTo = await repo.db.transaction().execute(async (trx) => {
        if (!(await repo.claimEvent(trx, { id: event.id, type: event.type, sessionId: session.id }))) {
          return 'duplicate' as const;
        }
        const metadataUser = session.metadata?.user_id;
        if (metadataUser && metadataUser !== userId) {
          log.warn({ eventId: event.id }, 'Stripe session names two different users; ignored');
          return 'ignored' as const;
        }
        const facts = {
          status: next,
          amountTotal: session.amount_total ?? null,
          currency: session.currency ?? null,
          paymentIntentId: paymentIntentId(session),
        };
        const order = await repo.findBySession(trx, session.id);
        if (!order) {
          // Sessions are made by our checkout route, which records them; a session we never
          // recorded (created on the Dashboard, an old database) still counts if its user exists.
          if (!(await repo.userExists(trx, userId))) return 'ignored' as const;
          await repo.insertOrder(trx, { ...facts, userId, sessionId: session.id, plan: PURCHASED_PLAN });
        } else {
          if (order.user_id !== userId) {
            log.warn({ eventId: event.id }, 'Stripe session does not belong to the order user; ignored');
            return 'ignored' as const;
          }
          const current = order.status as OrderStatus;
          if (!isLaterStatus(next, current)) return 'updated' as const;
          if (!(await repo.advanceOrder(trx, session.id, current, facts))) return 'updated' as const;
        }
        if (next === 'mismatch') {
          log.warn(
            { eventId: event.id, sessionId: session.id, userId, ...mismatch },
            'Paid Stripe session is not the UNLIMITED product (amount, currency or price); no plan granted',
          );
          return 'mismatch' as const;
        }
        if (next !== 'paid') return 'updated' as const;
        await setPlan(trx, { userId }, PURCHASED_PLAN);
        return userId;
      });
      if (
        grantedTo === 'duplicate' ||
        grantedTo === 'ignored' ||
        grantedTo === 'updated' ||
        grantedTo === 'mismatch'
      ) {
        return { result: grantedTo, eventId: event.id };
      }
      forgetUser(grantedTo);
      log.info({ eventId: event.id, userId: grantedTo }, 'UNLIMITED plan granted by a paid Stripe order');
      return { result: 'granted', eventId: event.id };
    },

    /**
     * The success page's order: read from Stripe, shown only to the session's own user and only when
     * paid. Reading grants nothing; the webhook does.
     */
    async readOrder(userId: string, sessionId: string): Promise<Order> {
      // A server that sells nothing has no payment to find.
      if (!billing) throw noPaymentFound();
      const { stripe } = await requireStripe();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 400) throw noPaymentFound();
        log.error({ err: error }, 'Stripe refused to read a Checkout Session');
        throw providerFailed(BILLING_MESSAGES.subscriptionLoadFailed);
      }
      if (session.client_reference_id !== userId || session.payment_status !== 'paid') throw noPaymentFound();
      // A session that paid for something else is not this order: the page must not promise a plan.
      if (await purchaseMismatch(stripe, config.price, session)) throw noPaymentFound();
      return {
        type: 'order',
        sessionId: session.id,
        planName: UNLIMITED_PRODUCT.name,
        description: UNLIMITED_PRODUCT.description,
        status: 'paid',
        amountTotal: session.amount_total ?? 0,
        currency: session.currency ?? config.price.currency,
        createdAt: toIso(new Date(session.created * 1000)),
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

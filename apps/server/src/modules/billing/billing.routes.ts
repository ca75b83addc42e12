import {
  billingOptionsSchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  orderSchema,
} from '@notewise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { rateLimited } from '../../http/errors';
import { currentUser } from '../../http/session';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { BillingService } from './billing.service';

/** Exempt from the Origin check (http/origin-check.ts): Stripe calls it, no browser does. */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Checkout Session events are a few KB; anything near this is not Stripe. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Stripe retries with backoff; a sender above this per minute per IP is not Stripe either. */
const WEBHOOK_RATE_RULE = { name: 'stripe-webhook', limit: 300, windowMs: 60_000 };
/** A signed-in user starting checkouts: enough for a few tries, not for filling Stripe with sessions. */
const CHECKOUT_RATE_RULE = { name: 'checkout', limit: 10, windowMs: 60_000 };

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { config: Config; service: BillingService; rateLimiter: RateLimiter },
) {
  const { config, service, rateLimiter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/billing/options', { schema: { response: { 200: billingOptionsSchema } } }, async () =>
    service.options(),
  );

  // Allowed to every signed-in user: FREE and trial users are the ones who buy (requireAuth, not
  // requireAccess).
  r.post(
    '/api/billing/checkout',
    { onRequest: app.requireAuth, schema: { response: { 200: checkoutResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const decision = await rateLimiter.consume(CHECKOUT_RATE_RULE, user.id);
      if (!decision.allowed) {
        throw rateLimited(reply, decision.retryAfterSeconds);
      }
      const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return service.createCheckout(user, origin);
    },
  );

  r.get(
    '/api/billing/sessions/:id',
    {
      onRequest: app.requireAuth,
      schema: { params: checkoutSessionParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => service.readOrder(currentUser(request).id, request.params.id),
  );

  // The webhook reads its body as bytes: the signature covers them exactly, so no JSON parser may
  // touch them first. The parser lives in this plugin's scope only.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      STRIPE_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: { response: { 200: z.object({ received: z.literal(true) }) } },
      },
      async (request, reply) => {
        const decision = await rateLimiter.consume(WEBHOOK_RATE_RULE, request.ip);
        if (!decision.allowed) {
          throw rateLimited(reply, decision.retryAfterSeconds);
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = await service.verifyEvent(body, typeof signature === 'string' ? signature : undefined);
        const outcome = await service.handleEvent(event);
        request.log.info({ stripeEvent: event.type, ...outcome }, 'Stripe webhook handled');
        return { received: true as const };
      },
    );
  });
}

import type Stripe from 'stripe';
import type { BillingConfig } from '../../config';

/**
 * The official SDK, on Stripe's API or on STRIPE_API_URL (the tests' stand-in, stripe-mock). Loaded
 * on first use and only when payments are configured: the SDK takes about as long to import as
 * Fastify, and a server that sells nothing should not start slower for it. One retry on a network
 * failure (the SDK sends an idempotency key, so a retried create is not a second session); ten
 * seconds at most per call, a user waits on it.
 */
export async function createStripeClient(config: BillingConfig): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export type { Stripe };

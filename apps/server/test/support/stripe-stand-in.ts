import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API the server calls (decision 022): Checkout Sessions
 * create (form-encoded, as the SDK sends it) and retrieve, with Stripe's JSON objects and error shape
 * (`{ error: { type, code, message, param } }`), bearer-key authentication, and a hosted-page URL of
 * its own (`/c/pay/<id>`) that the e2e test is redirected to. Node's http only: the Playwright
 * worker imports it too.
 */

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  created: number;
  livemode: false;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  url: string | null;
}

/** A session's one line item as `GET /v1/checkout/sessions/:id/line_items` lists it. */
export interface StandInLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { id: string; object: 'price'; currency: string; unit_amount: number; type: 'one_time' };
}

export interface StripeStandIn {
  url: string;
  port: number;
  sessions: Map<string, StandInSession>;
  /** Each session's line items (a create with `price_data` gets an ad hoc `price_...` id, as at Stripe). */
  lineItems: Map<string, StandInLineItem[]>;
  /** Every create request's decoded form fields, in order. */
  createRequests: Record<string, string>[];
  /** The next `times` creates answer with this HTTP status and a Stripe api_error. */
  failNextCreate(status: number, times?: number): void;
  /** The next create answers a session without a hosted-page URL. */
  omitUrlOnNextCreate(): void;
  /** Marks a session paid (as the hosted page would after a card payment). */
  pay(id: string): StandInSession;
  close(): Promise<void>;
}

/** Fixed price of `price_...` ids: the stand-in has no catalogue. */
const CATALOGUE_PRICE = { amount: 4999, currency: 'usd' };

function stripeError(res: http.ServerResponse, status: number, error: Record<string, string>) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomUUID()}` });
  res.end(JSON.stringify({ error }));
}

function json(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomUUID()}` });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const lineItems = new Map<string, StandInLineItem[]>();
  const createRequests: Record<string, string>[] = [];
  const failures: number[] = [];
  let omitUrl = false;
  let base = '';

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    // The hosted payment page the browser is sent to.
    const page = url.pathname.match(/^\/c\/pay\/(cs_[A-Za-z0-9_]+)$/);
    if (req.method === 'GET' && page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Stripe Checkout stand-in</title><h1>Pay Notewise</h1><p>${page[1]}</p>`);
      return;
    }
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(res, 401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_test_****',
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      createRequests.push(form);
      const status = failures.shift();
      if (status !== undefined) {
        return stripeError(res, status, { type: 'api_error', message: 'Something went wrong on Stripe.' });
      }
      for (const required of ['mode', 'success_url', 'cancel_url']) {
        if (!form[required]) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: required,
            message: `Missing required param: ${required}.`,
          });
        }
      }
      const quantity = Number(form['line_items[0][quantity]'] ?? '1');
      const unitAmount = form['line_items[0][price_data][unit_amount]'];
      const priced = form['line_items[0][price]'];
      if (!unitAmount && !priced) {
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'line_items',
          message: 'Missing required param: line_items.',
        });
      }
      const id = randomId('cs_test');
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: form.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata,
        amount_total: unitAmount ? Number(unitAmount) * quantity : CATALOGUE_PRICE.amount * quantity,
        currency: form['line_items[0][price_data][currency]'] ?? CATALOGUE_PRICE.currency,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        payment_intent: null,
        url: omitUrl ? null : `${base}/c/pay/${id}`,
      };
      omitUrl = false;
      sessions.set(id, session);
      const unit = unitAmount ? Number(unitAmount) : CATALOGUE_PRICE.amount;
      lineItems.set(id, [
        {
          id: randomId('li'),
          object: 'item',
          amount_subtotal: session.amount_total,
          amount_total: session.amount_total,
          currency: session.currency,
          description: form['line_items[0][price_data][product_data][name]'] ?? 'Catalogue product',
          quantity,
          price: {
            id: priced ?? randomId('price'),
            object: 'price',
            currency: session.currency,
            unit_amount: unit,
            type: 'one_time',
          },
        },
      ]);
      return json(res, session);
    }
    const listItems = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/);
    if (req.method === 'GET' && listItems?.[1]) {
      const id = decodeURIComponent(listItems[1]);
      const items = lineItems.get(id);
      if (!items) {
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${id}'`,
        });
      }
      const limit = Number(url.searchParams.get('limit') ?? '10');
      return json(res, {
        object: 'list',
        data: items.slice(0, limit),
        has_more: items.length > limit,
        url: `/v1/checkout/sessions/${id}/line_items`,
      });
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const session = sessions.get(id);
      if (!session) {
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${id}'`,
        });
      }
      return json(res, session);
    }
    return stripeError(res, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    sessions,
    lineItems,
    createRequests,
    failNextCreate(status, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(status);
    },
    omitUrlOnNextCreate() {
      omitUrl = true;
    },
    pay(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.payment_intent = randomId('pi');
      session.url = null;
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import crypto from 'node:crypto';
import type { OrderStatus } from '@notewise/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/time';
import type { Database } from '../../db/types';

/**
 * How far along an order is. An event only ever moves an order forward, so events arriving out of
 * order (Stripe does not promise an order) cannot undo a payment: `paid` is final.
 */
const STATUS_RANK: Record<StoredOrderStatus, number> = {
  open: 0,
  pending: 1,
  expired: 2,
  failed: 2,
  paid: 3,
  mismatch: 3,
};

/**
 * `mismatch`: paid, but not for the configured product (another amount, currency or price); no
 * plan was granted and an administrator decides (decision 042). Final like `paid`. Never shown by the
 * API, whose orders are read from Stripe.
 */
export type StoredOrderStatus = OrderStatus | 'mismatch';

export function isLaterStatus(next: StoredOrderStatus, current: StoredOrderStatus): boolean {
  return STATUS_RANK[next] > STATUS_RANK[current];
}

export interface OrderFacts {
  userId: string;
  sessionId: string;
  plan: string;
  status: StoredOrderStatus;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId?: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A new order row: the checkout route's `open` order and the webhook's first sight of a session. */
function orderRow(facts: OrderFacts) {
  const now = nowIso();
  return {
    id: crypto.randomUUID(),
    user_id: facts.userId,
    checkout_session_id: facts.sessionId,
    plan: facts.plan,
    status: facts.status,
    amount_total: facts.amountTotal,
    currency: facts.currency,
    payment_intent_id: facts.paymentIntentId ?? null,
    created_at: now,
    updated_at: now,
  };
}

export function createBillingRepo(db: Kysely<Database>) {
  return {
    db,

    /** The order of a Checkout Session we created (status `open` until Stripe says more). */
    async createOpenOrder(facts: OrderFacts) {
      await db
        .insertInto('orders')
        .values(orderRow(facts))
        .onConflict((oc) => oc.column('checkout_session_id').doNothing())
        .execute();
    },

    /** Records an event id; false when it was handled before (a redelivery or a replay). */
    async claimEvent(trx: Db, event: { id: string; type: string; sessionId: string | null }) {
      const result = await trx
        .insertInto('billing_events')
        .values({
          id: event.id,
          type: event.type,
          checkout_session_id: event.sessionId,
          received_at: nowIso(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async findBySession(trx: Db, sessionId: string) {
      return trx
        .selectFrom('orders')
        .selectAll()
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirst();
    },

    /** A session the webhook meets first; a racing insert fails the transaction (Stripe retries). */
    async insertOrder(trx: Db, facts: OrderFacts) {
      await trx.insertInto('orders').values(orderRow(facts)).execute();
    },

    /**
     * Moves the order to `next` only from `current` (compare-and-set): of two deliveries racing on
     * two instances, one wins and only the winner grants the plan.
     */
    async advanceOrder(
      trx: Db,
      sessionId: string,
      current: string,
      next: Omit<OrderFacts, 'userId' | 'sessionId' | 'plan'>,
    ) {
      const result = await trx
        .updateTable('orders')
        .set({
          status: next.status,
          amount_total: next.amountTotal,
          currency: next.currency,
          payment_intent_id: next.paymentIntentId ?? null,
          updated_at: nowIso(),
        })
        .where('checkout_session_id', '=', sessionId)
        .where('status', '=', current)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async userExists(trx: Db, userId: string) {
      const row = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;

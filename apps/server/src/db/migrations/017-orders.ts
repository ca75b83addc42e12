import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * Purchases through Stripe Checkout (decision 022): one row per Checkout Session, written when the
 * session is created and moved on by signed webhook events only. `billing_events` remembers every
 * event id handled, so a redelivered or replayed event changes nothing.
 * An order outlives its account (user_id set null): it is a record of money received.
 */
export function ordersMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('checkout_session_id', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_total', 'bigint')
        .addColumn('currency', 'text')
        .addColumn('payment_intent_id', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_user_idx')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('checkout_session_id', 'text')
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
  };
}

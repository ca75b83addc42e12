import type { Kysely } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/** better-auth's tables (mapped to snake_case in modules/auth/auth.ts) plus per-user preferences. */
export function accountsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(t.false))
        .addColumn('image', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('FREE'))
        .addColumn('plan_expires_at', t.timestamp)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('access_token_expires_at', t.timestamp)
        .addColumn('refresh_token_expires_at', t.timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verifications_identifier_idx')
        .on('verifications')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('last_request', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_prefs')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('last_path', 'text')
        .addColumn('last_title', 'text')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
  };
}

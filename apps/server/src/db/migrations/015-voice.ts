import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../types';
import { columnTypes } from './column-types';

/**
 * The voice assistant (decision 020): a call per conversation, its transcript as turns,
 * and each user's transcribed audio per day (the daily minutes limit, which a discarded call does
 * not reset). Audio itself is never stored. Deleting the account removes all three (cascade);
 * deleting a call removes its turns.
 */
export function voiceMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('voice_calls')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // The live notes as JSON ({ summary, decisions, actionItems }), and how many user turns they cover.
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('notes_turn_count', 'integer', (c) => c.notNull().defaultTo(0))
        // Not a foreign key: the note outlives the call record and may be deleted on its own.
        .addColumn('note_id', 'text')
        .addColumn('started_at', t.timestamp, (c) => c.notNull())
        .addColumn('ended_at', t.timestamp)
        .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('voice_calls_user_started_idx')
        .on('voice_calls')
        .columns(['user_id', 'started_at'])
        .execute();
      // At most one live call per user, even for two requests at the same moment.
      await db.schema
        .createIndex('voice_calls_one_live_idx')
        .on('voice_calls')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), '=', 'live')
        .execute();

      await db.schema
        .createTable('voice_turns')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('call_id', 'text', (c) => c.notNull().references('voice_calls.id').onDelete('cascade'))
        .addColumn('speaker', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('offset_ms', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'integer')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('voice_turns_call_offset_idx')
        .on('voice_turns')
        .columns(['call_id', 'offset_ms'])
        .execute();

      await db.schema
        .createTable('voice_usage')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // UTC day, YYYY-MM-DD.
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('audio_ms', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('voice_usage_pk', ['user_id', 'day'])
        .execute();
    },
  };
}

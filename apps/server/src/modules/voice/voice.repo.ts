import crypto from 'node:crypto';
import {
  cutLine,
  EMPTY_VOICE_NOTES,
  VOICE_HISTORY_LIMIT,
  VOICE_PREVIEW_LENGTH,
  type VoiceCall,
  type VoiceCallSummary,
  type VoiceMode,
  type VoiceNotes,
  type VoiceSpeaker,
  type VoiceTurn,
  voiceNotesSchema,
} from '@notewise/shared';
import { type Kysely, sql } from 'kysely';
import { nowIso, toIso, toIsoOrNull } from '../../db/time';
import type { Database, VoiceCallsTable, VoiceTurnsTable } from '../../db/types';

type CallRow = Pick<VoiceCallsTable, 'id' | 'mode' | 'status' | 'note_id' | 'started_at' | 'ended_at'>;

function toCall(row: CallRow): VoiceCall {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    startedAt: toIso(row.started_at),
    endedAt: toIsoOrNull(row.ended_at),
    noteId: row.note_id,
  };
}

function toTurn(row: VoiceTurnsTable): VoiceTurn {
  return {
    id: row.id,
    speaker: row.speaker,
    text: row.text,
    offsetMs: Number(row.offset_ms),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    createdAt: toIso(row.created_at),
  };
}

function parseNotes(json: string): VoiceNotes {
  try {
    const parsed = voiceNotesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : EMPTY_VOICE_NOTES;
  } catch {
    return EMPTY_VOICE_NOTES;
  }
}

/** A unique-index violation (the one-live-call index) on SQLite or PostgreSQL. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const CALL_COLUMNS = ['id', 'mode', 'status', 'note_id', 'started_at', 'ended_at'] as const;

/** Voice calls and their turns; every query is scoped to the owner (another user's call is not found). */
export function createVoiceRepo(db: Kysely<Database>) {
  return {
    /** A new live call, or 'active' when the user already has one (the partial unique index decides). */
    async create(userId: string, mode: VoiceMode): Promise<VoiceCall | 'active'> {
      const at = nowIso();
      const row = {
        id: crypto.randomUUID(),
        user_id: userId,
        mode,
        status: 'live' as const,
        notes: JSON.stringify(EMPTY_VOICE_NOTES),
        note_id: null,
        started_at: at,
        ended_at: null,
        last_activity_at: at,
      };
      try {
        await db.insertInto('voice_calls').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return 'active';
        throw error;
      }
      return toCall(row);
    },

    async liveCall(userId: string): Promise<{ id: string; lastActivityAt: string } | undefined> {
      const row = await db
        .selectFrom('voice_calls')
        .select(['id', 'last_activity_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'live')
        .executeTakeFirst();
      return row ? { id: row.id, lastActivityAt: toIso(row.last_activity_at) } : undefined;
    },

    async find(userId: string, callId: string) {
      const row = await db
        .selectFrom('voice_calls')
        .select([...CALL_COLUMNS, 'notes', 'notes_turn_count'])
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        // A discarded call is gone for every route but Restore.
        .where('discarded_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        call: toCall(row),
        notes: parseNotes(row.notes),
        notesTurnCount: Number(row.notes_turn_count),
      };
    },

    /** The newest calls, or (`discarded`) the ones discarded and not yet purged, newest discard first. */
    async list(userId: string, discarded = false): Promise<VoiceCallSummary[]> {
      const calls = await db
        .selectFrom('voice_calls')
        .select(CALL_COLUMNS)
        .where('user_id', '=', userId)
        .where('discarded_at', discarded ? 'is not' : 'is', null)
        .orderBy(discarded ? 'discarded_at' : 'started_at', 'desc')
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(VOICE_HISTORY_LIMIT)
        .execute();
      if (calls.length === 0) return [];
      const ids = calls.map((call) => call.id);
      const counts = await db
        .selectFrom('voice_turns')
        .select(['call_id', sql<number>`count(*)`.as('turns')])
        .where('call_id', 'in', ids)
        .groupBy('call_id')
        .execute();
      // The first few turns of each call are enough for a 60-character preview.
      const firsts = await db
        .selectFrom('voice_turns')
        .select(['call_id', 'text', 'offset_ms', 'created_at'])
        .where('call_id', 'in', ids)
        .where('speaker', '=', 'user')
        .where(({ eb, selectFrom }) =>
          eb(
            'offset_ms',
            '=',
            selectFrom('voice_turns as first')
              .select(({ fn }) => fn.min('first.offset_ms').as('min_offset'))
              .whereRef('first.call_id', '=', 'voice_turns.call_id')
              .where('first.speaker', '=', 'user'),
          ),
        )
        .execute();
      const turnCount = new Map(counts.map((row) => [row.call_id, Number(row.turns)]));
      const preview = new Map<string, string>();
      for (const row of firsts) if (!preview.has(row.call_id)) preview.set(row.call_id, row.text);
      return calls.map((call) => ({
        ...toCall(call),
        preview: cutLine(preview.get(call.id) ?? '', VOICE_PREVIEW_LENGTH),
        turnCount: turnCount.get(call.id) ?? 0,
      }));
    },

    async turns(callId: string): Promise<VoiceTurn[]> {
      const rows = await db
        .selectFrom('voice_turns')
        .selectAll()
        .where('call_id', '=', callId)
        .orderBy('offset_ms')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toTurn);
    },

    async countUserTurns(callId: string): Promise<number> {
      const row = await db
        .selectFrom('voice_turns')
        .select(sql<number>`count(*)`.as('turns'))
        .where('call_id', '=', callId)
        .where('speaker', '=', 'user')
        .executeTakeFirst();
      return Number(row?.turns ?? 0);
    },

    async addTurn(
      callId: string,
      turn: { speaker: VoiceSpeaker; text: string; offsetMs: number; durationMs: number | null },
    ): Promise<VoiceTurn> {
      const at = nowIso();
      const row: VoiceTurnsTable = {
        id: crypto.randomUUID(),
        call_id: callId,
        speaker: turn.speaker,
        text: turn.text,
        offset_ms: turn.offsetMs,
        duration_ms: turn.durationMs,
        created_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('voice_turns').values(row).execute();
        await trx.updateTable('voice_calls').set({ last_activity_at: at }).where('id', '=', callId).execute();
      });
      return toTurn(row);
    },

    async setNotes(callId: string, notes: VoiceNotes, turnCount: number) {
      await db
        .updateTable('voice_calls')
        .set({ notes: JSON.stringify(notes), notes_turn_count: turnCount })
        .where('id', '=', callId)
        .execute();
    },

    /** Live -> ended; returns whether this call did it (a second end changes nothing). */
    async end(userId: string, callId: string): Promise<boolean> {
      const result = await db
        .updateTable('voice_calls')
        .set({ status: 'ended', ended_at: nowIso() })
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        .where('status', '=', 'live')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks the call saved as this note, unless it was saved already (a parallel Save). */
    async markSaved(userId: string, callId: string, noteId: string): Promise<boolean> {
      const result = await db
        .updateTable('voice_calls')
        .set({ status: 'saved', note_id: noteId, ended_at: sql`coalesce(ended_at, ${nowIso()})` })
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        .where('status', '!=', 'saved')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Discard: marked, restorable until the purge (a live call is ended first by the service). */
    async discard(userId: string, callId: string): Promise<boolean> {
      const result = await db
        .updateTable('voice_calls')
        .set({ discarded_at: nowIso() })
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        .where('discarded_at', 'is', null)
        .where('status', '!=', 'live')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async restore(userId: string, callId: string): Promise<boolean> {
      const result = await db
        .updateTable('voice_calls')
        .set({ discarded_at: null })
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        .where('discarded_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Calls discarded before `before` go for good (their turns cascade); how many went. */
    async purgeDiscarded(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('voice_calls')
        .where('discarded_at', 'is not', null)
        .where('discarded_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deleted at once: a call with nothing said (nothing to restore), and its turns (cascade). */
    async remove(userId: string, callId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('voice_calls')
        .where('id', '=', callId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async audioUsedMs(userId: string, day: string): Promise<number> {
      const row = await db
        .selectFrom('voice_usage')
        .select('audio_ms')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.audio_ms ?? 0);
    },

    async addAudioUsage(userId: string, day: string, ms: number) {
      await db
        .insertInto('voice_usage')
        .values({ user_id: userId, day, audio_ms: ms })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet({ audio_ms: sql`voice_usage.audio_ms + ${ms}` }),
        )
        .execute();
    },
  };
}

export type VoiceRepo = ReturnType<typeof createVoiceRepo>;

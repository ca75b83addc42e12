// The bench's people, written straight into the database: thousands of HTTP sign-ups would measure
// the sign-up limiter and scrypt, not the server people use afterwards.
import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Insertable } from 'kysely';
import type { DatabaseHandle } from '../../src/db';
import type {
  AccountsTable,
  NotesTable,
  ProjectMembersTable,
  ProjectsTable,
  UsersTable,
} from '../../src/db/types';
import { prepareContent } from '../../src/modules/notes/note-content';
import { createSearchRepo } from '../../src/modules/search/search.repo';
import { randomSentence, seededRandom } from '../seed';

export const PASSWORD = 'capacity-bench-password-1';

export interface SeededUser {
  index: number;
  email: string;
  userId: string;
  projectId: string;
  /** The notes this person opens and edits (their own). */
  noteIds: string[];
  /** Co-editors: the shared project and its note they edit with two others. */
  sharedProjectId?: string;
  sharedNoteId?: string;
  /** The address this person's browser connects from (a 127.x.y.z loopback address of its own). */
  localAddress: string;
  /** CAPACITY_ARRIVALS=returning: the session cookie this person's browser already holds. */
  cookie?: string;
}

/** Of each ten people, three share a project and co-edit its note; the other seven work alone. */
export function isCoEditor(index: number): boolean {
  return index % 10 < 3;
}

/** Person i's address: 127.1.0.1 upwards, skipping .0 and .255. */
export function localAddressOf(index: number): string {
  const host = 1 + (index % 250);
  const block = Math.floor(index / 250);
  return `127.${1 + Math.floor(block / 250)}.${block % 250}.${host}`;
}

export async function seedUsers(database: DatabaseHandle, count: number, notesPerUser: number) {
  const started = performance.now();
  const { db } = database;
  const hash = await hashPassword(PASSWORD);
  const rng = seededRandom(7);
  const now = Date.now();
  const iso = (offsetMs: number) => new Date(now - offsetMs).toISOString();
  const users: SeededUser[] = [];
  const batch = 50;
  for (let offset = 0; offset < count; offset += batch) {
    const userRows: Insertable<UsersTable>[] = [];
    const accountRows: Insertable<AccountsTable>[] = [];
    const projectRows: Insertable<ProjectsTable>[] = [];
    const memberRows: Insertable<ProjectMembersTable>[] = [];
    const noteRows: Insertable<NotesTable>[] = [];
    for (let index = offset; index < Math.min(count, offset + batch); index++) {
      const userId = crypto.randomUUID();
      const projectId = crypto.randomUUID();
      const at = iso(86_400_000);
      userRows.push({
        id: userId,
        name: `Person ${index}`,
        email: `person${index}@capacity.example`,
        email_verified: database.dialect === 'sqlite' ? 1 : true,
        image: null,
        created_at: at,
        updated_at: at,
        plan: 'PRO',
        plan_expires_at: iso(-30 * 86_400_000),
        disabled_at: null,
        avatar_key: null,
      });
      accountRows.push({
        id: crypto.randomUUID(),
        user_id: userId,
        account_id: userId,
        provider_id: 'credential',
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        password: hash,
        created_at: at,
        updated_at: at,
      });
      projectRows.push(project(projectId, userId, 'Work', 'personal', at));
      memberRows.push({
        project_id: projectId,
        user_id: userId,
        role: 'owner' as const,
        color: null,
        joined_at: at,
      });
      const noteIds: string[] = [];
      for (let n = 0; n < notesPerUser; n++) {
        const id = crypto.randomUUID();
        noteIds.push(id);
        const text = Array.from({ length: 3 + Math.floor(rng() * 4) }, () =>
          randomSentence(rng, 8 + Math.floor(rng() * 10)),
        ).join(' ');
        noteRows.push(
          note(id, projectId, userId, randomSentence(rng, 3).replace(/\.$/, ''), text, iso(n * 60_000)),
        );
      }
      const user: SeededUser = {
        index,
        email: `person${index}@capacity.example`,
        userId,
        projectId,
        noteIds: noteIds.slice(0, 10),
        localAddress: localAddressOf(index),
      };
      if (isCoEditor(index)) {
        // The first of each three owns the shared project; the next two are its members.
        const owner = users[index - (index % 10)];
        if (index % 10 === 0 || !owner?.sharedProjectId) {
          user.sharedProjectId = crypto.randomUUID();
          user.sharedNoteId = crypto.randomUUID();
          projectRows.push(project(user.sharedProjectId, userId, `Team ${index}`, 'shared', at));
          memberRows.push({
            project_id: user.sharedProjectId,
            user_id: userId,
            role: 'owner',
            color: null,
            joined_at: at,
          });
          noteRows.push(
            note(user.sharedNoteId, user.sharedProjectId, userId, 'Team plan', 'What we agreed.', at),
          );
        } else {
          user.sharedProjectId = owner.sharedProjectId;
          user.sharedNoteId = owner.sharedNoteId;
          memberRows.push({
            project_id: owner.sharedProjectId,
            user_id: userId,
            role: 'member',
            color: null,
            joined_at: at,
          });
        }
      }
      users.push(user);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(userRows).execute();
      await trx.insertInto('accounts').values(accountRows).execute();
      await trx.insertInto('projects').values(projectRows).execute();
      await trx.insertInto('project_members').values(memberRows).execute();
      for (let i = 0; i < noteRows.length; i += 200) {
        await trx
          .insertInto('notes')
          .values(noteRows.slice(i, i + 200))
          .execute();
      }
    });
  }
  await createSearchRepo(db, database.dialect).maintain({ force: true });
  return { users, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

function project(id: string, ownerId: string, name: string, kind: 'personal' | 'shared', at: string) {
  return {
    id,
    owner_id: ownerId,
    name,
    description: '',
    color: 'blue',
    kind,
    share_code: null,
    share_code_issued_at: null,
    created_at: at,
    updated_at: at,
  };
}

function note(id: string, projectId: string, authorId: string, title: string, text: string, at: string) {
  const { content, plainText, excerpt } = prepareContent(text);
  return {
    id,
    project_id: projectId,
    author_id: authorId,
    title,
    content,
    plain_text: plainText,
    excerpt,
    tags: '[]',
    version: 1,
    ydoc: null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * CAPACITY_ARRIVALS=returning: a session for each person, as a browser keeps one from an earlier
 * sign-in (30 days, moved on daily), written straight into the database with the cookie better-auth
 * would have set: better-call's signed value, `token.base64(HMAC-SHA256(secret, token))`, URL-encoded.
 */
export async function seedSessions(database: DatabaseHandle, users: SeededUser[], secret: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const now = new Date().toISOString();
  // Made just now, so no use during the run is due to move its expiry on.
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let i = 0; i < users.length; i += 200) {
    const rows = [];
    for (const user of users.slice(i, i + 200)) {
      const token = crypto.randomBytes(24).toString('base64url');
      const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(token));
      user.cookie = `notewise.session_token=${encodeURIComponent(`${token}.${Buffer.from(signature).toString('base64')}`)}`;
      rows.push({
        id: crypto.randomUUID(),
        user_id: user.userId,
        token,
        expires_at: expires,
        ip_address: null,
        user_agent: null,
        created_at: now,
        updated_at: now,
      });
    }
    await database.db.insertInto('sessions').values(rows).execute();
  }
}

import { sql } from 'kysely';
import * as decoding from 'lib0/decoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import * as Y from 'yjs';
import { dialects, request, signUp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { sharedProject, startListening, stopApp } from './support/suite-app';

const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;
/** How long the first logged INSERT is held in PostgreSQL. */
const SLOW_INSERT_S = 0.6;

/** Every Yjs update broadcast to this socket, as [client, first clock, clock after the last]. */
function recordRanges(socket: WebSocket) {
  const ranges: Array<[number, number, number]> = [];
  socket.on('message', (data: ArrayBuffer | Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data));
    decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return;
    if (decoding.readVarUint(decoder) !== SYNC_UPDATE) return;
    const meta = Y.parseUpdateMeta(decoding.readVarUint8Array(decoder));
    for (const [client, from] of meta.from) ranges.push([client, from, meta.to.get(client) ?? from]);
  });
  return ranges;
}

/**
 * Decision 085. PostgreSQL only: SQLite runs one statement at a time on one connection, so the
 * log's batches cannot commit out of order there. The first INSERT into the update log is held by
 * a trigger; the same client's next keystroke, logged in the next batch on another pool connection,
 * commits first. Hocuspocus 3.4 applied it first (Yjs held it back, nothing broadcast) and the
 * other client got both keystrokes as one update once the first committed.
 */
describe.each(dialects.filter((d) => d === 'postgres'))(
  'co-editing applies a connection’s messages in arrival order on %s',
  (dialect) => {
    let t: TestApp;
    let host: string;
    beforeAll(async () => {
      ({ t, host } = await startListening(dialect));
    });
    afterAll(() => stopApp(t));

    it('broadcasts a keystroke whose log row committed after the next one’s on its own, before it', async () => {
      const owner = await signUp(t.app);
      const project = await sharedProject(t, owner, []);
      const noteId = (
        await request(t.app, 'POST', '/api/notes', {
          cookie: owner.cookie,
          body: { projectId: project.id, content: 'Start' },
        })
      ).json().id as string;
      const writer = collabClient(host, owner.cookie, noteId);
      const reader = collabClient(host, owner.cookie, noteId, { localAddress: '127.0.0.2' });
      await Promise.all([writer.synced, reader.synced]);
      typeParagraph(writer.doc, '');
      await until(() => reader.text().includes('<paragraph></paragraph>'), 10_000, 'the paragraph shared');
      const received = recordRanges(reader.firstSocket());

      // From here the first statement inserting into the log sleeps; the later ones do not.
      await sql`CREATE SEQUENCE log_inserts`.execute(t.database.db);
      await sql
        .raw(`CREATE FUNCTION slow_first_log_insert() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF nextval('log_inserts') = 1 THEN PERFORM pg_sleep(${SLOW_INSERT_S}); END IF;
            RETURN NULL;
          END $$`)
        .execute(t.database.db);
      await sql`CREATE TRIGGER slow_first_log_insert BEFORE INSERT ON note_updates
        FOR EACH STATEMENT EXECUTE FUNCTION slow_first_log_insert()`.execute(t.database.db);

      const fragment = writer.doc.getXmlFragment('default');
      const text = (fragment.get(fragment.length - 1) as Y.XmlElement).get(0) as Y.XmlText;
      const first = Y.getState(writer.doc.store, writer.doc.clientID);
      text.insert(0, 'a');
      // Another turn of the server's event loop, so another batch of the log.
      await new Promise((resolve) => setTimeout(resolve, 100));
      text.insert(1, 'b');
      await until(() => reader.text().includes('ab'), 15_000, 'both keystrokes at the reader');
      // Both were logged, the first in the held statement.
      const inserts = await sql<{ n: string }>`SELECT last_value AS n FROM log_inserts`.execute(
        t.database.db,
      );
      expect(Number(inserts.rows[0]?.n)).toBeGreaterThanOrEqual(2);

      const fromWriter = received.filter(([client]) => client === writer.doc.clientID);
      expect(fromWriter).toEqual([
        [writer.doc.clientID, first, first + 1],
        [writer.doc.clientID, first + 1, first + 2],
      ]);
      writer.destroy();
      reader.destroy();
      await until(() => t.collab.openState().documents === 0, 10_000, 'the document unloaded');
    }, 60_000);
  },
);

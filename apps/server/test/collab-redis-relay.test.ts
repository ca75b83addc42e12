import crypto from 'node:crypto';
import { MessageType, OutgoingMessage } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTestDatabase, request, signUp, startTestApp, type TestApp } from './helpers';
import { collabClient, typeParagraph, until } from './support/collab-client';
import { listen, sharedProject, withTwoInstances } from './support/suite-app';

/**
 * Co-editing across two instances through Redis (decision 107): each change crosses as the update
 * itself, one message, where Hocuspocus' extension sent four (a sync exchange per keystroke); a
 * change the other instance missed (Redis keeps no message for a subscriber that was away) still
 * reaches it, by the exchange after the next store.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const required = process.env.REQUIRE_POSTGRES === '1';
const REDIS_ORIGIN = '__hocuspocus__redis__origin__';
const KEYSTROKES = 30;

describe.runIf((process.env.TEST_DATABASE_URL && redisUrl) || required)(
  'co-editing relayed between two instances',
  () => {
    it('each keystroke reaches the other instance in one Redis message, and a missed one by the next store', async () => {
      await withTwoInstances(async (one, two, hosts) => {
        const owner = await signUp(one.app);
        const member = await signUp(two.app);
        const project = await sharedProject(one, owner, [member]);
        const note = (
          await request(one.app, 'POST', '/api/notes', {
            cookie: owner.cookie,
            body: { projectId: project.id, content: 'Agenda' },
          })
        ).json() as { id: string };
        const a = collabClient(hosts.one, owner.cookie, note.id);
        const b = collabClient(hosts.two, member.cookie, note.id);
        // Every message on this note's channel, whatever the prefix.
        const listener = new Redis(redisUrl ?? '');
        const messages: Buffer[] = [];
        listener.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, data: Buffer) =>
          messages.push(data),
        );
        try {
          await listener.psubscribe(`*notewise:collab:note:${note.id}`);
          await Promise.all([a.synced, b.synced]);
          await until(() => b.text().includes('Agenda'), 5000, 'note loaded on the second instance');
          const paragraph = new Y.XmlElement('paragraph');
          const text = new Y.XmlText('');
          paragraph.insert(0, [text]);
          a.doc.getXmlFragment('default').insert(a.doc.getXmlFragment('default').length, [paragraph]);
          await until(() => b.doc.getXmlFragment('default').length === 2, 5000, 'paragraph crossed');
          // Quiet until the stores the paragraph started are done (debounce 1 s), then count.
          await new Promise((resolve) => setTimeout(resolve, 1500));
          messages.length = 0;
          const typed = 'the quick brown fox jumps over';
          for (let i = 0; i < KEYSTROKES; i++) {
            text.insert(text.length, typed[i] ?? 'x');
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          await until(() => b.text().includes(typed), 5000, 'keystrokes crossed');
          const perKeystroke = messages.length / KEYSTROKES;
          // One update each, plus at most a store's exchange and the cursors' (awareness) messages.
          expect(perKeystroke, `${messages.length} messages for ${KEYSTROKES} keystrokes`).toBeLessThan(1.5);

          // A change on the first instance its Redis relay never sent (as if the message were lost):
          // the second instance has not got it, until a store on the first offers its state.
          const document = one.collab.hocuspocus.documents.get(`note:${note.id}`);
          expect(document).toBeDefined();
          document?.transact(() => {
            const lost = new Y.XmlElement('paragraph');
            lost.insert(0, [new Y.XmlText('lost in transit')]);
            document.getXmlFragment('default').insert(document.getXmlFragment('default').length, [lost]);
          }, REDIS_ORIGIN);
          await until(() => a.text().includes('lost in transit'), 5000, 'change on the first instance');
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(b.text()).not.toContain('lost in transit');
          text.insert(text.length, '!');
          await until(() => b.text().includes('lost in transit'), 8000, 'missed change healed after a store');
          await until(() => a.text() === b.text(), 5000, 'both documents equal');
        } finally {
          listener.disconnect();
          a.destroy();
          b.destroy();
        }
      });
    }, 60_000);

    it('a malformed message on a note’s channel is logged once and dropped; updates still cross after it', async () => {
      const redisPrefix = `test-${crypto.randomBytes(4).toString('hex')}:`;
      const testDb = await createTestDatabase('postgres');
      const env = {
        DEMO_ACCOUNT: 'false',
        REDIS_URL: redisUrl ?? '',
        AUTH_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'warn',
      };
      const lines = { one: [] as string[], two: [] as string[] };
      const start = (which: 'one' | 'two') =>
        startTestApp('postgres', env, testDb, {
          redisPrefix,
          logger: true,
          logStream: { write: (line: string) => void lines[which].push(line) },
        });
      const instances: TestApp[] = [];
      const publisher = new Redis(redisUrl ?? '');
      try {
        const one = await start('one');
        instances.push(one);
        const two = await start('two');
        instances.push(two);
        const owner = await signUp(one.app);
        const member = await signUp(two.app);
        const project = await sharedProject(one, owner, [member]);
        const note = (
          await request(one.app, 'POST', '/api/notes', {
            cookie: owner.cookie,
            body: { projectId: project.id, content: 'Agenda' },
          })
        ).json() as { id: string };
        const a = collabClient(await listen(one), owner.cookie, note.id);
        const b = collabClient(await listen(two), member.cookie, note.id);
        try {
          await Promise.all([a.synced, b.synced]);
          await until(() => a.text().includes('Agenda') && b.text().includes('Agenda'), 5000, 'note open');
          const name = `note:${note.id}`;
          // As another instance frames its messages: its identifier's length, the identifier, the message.
          const sender = Buffer.from('a-broken-instance');
          const framed = (message: Uint8Array) =>
            Buffer.concat([Buffer.from([sender.length]), sender, Buffer.from(message)]);
          const garbage = [
            // An update whose bytes do not decode.
            framed(
              new OutgoingMessage(name)
                .createSyncMessage()
                .writeUpdate(Uint8Array.from([0xff]))
                .toUint8Array(),
            ),
            // Cut off inside the note's name.
            framed(Uint8Array.from([0x80])),
            // Cursors (awareness) that do not decode: Hocuspocus' own handler reads those.
            framed(
              Buffer.concat([
                Buffer.from(new OutgoingMessage(name).toUint8Array()),
                Buffer.from([MessageType.Awareness, 1, 0xff]),
              ]),
            ),
          ];
          for (const message of garbage) {
            await publisher.publish(`${redisPrefix}notewise:collab:${name}`, message);
          }
          typeParagraph(a.doc, 'after the garbage');
          typeParagraph(b.doc, 'and back again');
          await until(() => b.text().includes('after the garbage'), 5000, 'an update crossed to the second');
          await until(() => a.text().includes('and back again'), 5000, 'an update crossed to the first');
          await until(() => a.text() === b.text(), 5000, 'both documents equal');
          for (const which of ['one', 'two'] as const) {
            const errors = lines[which]
              .map((line) => JSON.parse(line) as { level: number; msg: string; document?: string })
              .filter((line) => line.level >= 50);
            // One line a malformed message, naming the note where it could be read.
            expect(
              errors.map((line) => line.msg),
              which,
            ).toEqual(garbage.map(() => 'could not apply a co-editing update from Redis'));
            expect(
              errors.map((line) => line.document),
              which,
            ).toEqual([name, '', name]);
          }
        } finally {
          a.destroy();
          b.destroy();
        }
      } finally {
        publisher.disconnect();
        for (const instance of instances) await instance.close();
        await testDb.destroy();
      }
    }, 60_000);
  },
);

/**
 * Co-editing clients for the collab-scale bench, in their own process so the server's cost is what
 * gets measured. Each client speaks the Hocuspocus protocol on its own socket (token auth, sync step
 * 1 and 2, then Yjs updates), holds a real Y.Doc, applies every update it receives, and types into
 * a paragraph of its own, one character per update, as the editor sends keystrokes. Against the bare
 * relay it skips the handshake and sends the very same update messages.
 *
 * Driven over stdin/stdout with JSON lines: it prints {"ready":true} once every client is connected
 * (and synced), then takes {"paragraphsAt","startAt"} (epoch ms, on performance.timeOrigin's clock so
 * every process shares it) and prints {"done":true} after the run, with the send and receive times in
 * `outFile`; {"close":true} ends every socket and the process.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';

export interface ClientSpec {
  /** Index among all clients of the run (every process): sets the Y.Doc client id and the slot in the schedule. */
  index: number;
  cookie: string;
  noteId: string;
  /** A loopback address to connect from (127.0.0.x), so the per-address socket cap counts as for real people. */
  localAddress?: string;
}

export interface ClientsConfig {
  host: string;
  mode: 'app' | 'relay';
  clients: ClientSpec[];
  /** Updates per second per client; the schedule spreads all clients' updates evenly. */
  ratePerClient: number;
  /** Clients in the whole run (the schedule's width). */
  totalClients: number;
  seconds: number;
  /** Record send and receive times per (sender, clock): only for one shared document. */
  record: boolean;
  /**
   * Integrate every received update into the client's Y.Doc, as an editor does. Off, a client reads
   * and decodes each message but integrates only its first sync: 150 clients integrating 75,000
   * updates a second need more cores than the server under test, on a 2-core machine.
   */
  apply: boolean;
  /** Each keystroke also sends the client's cursor as an awareness update, as the editor does. */
  awareness?: boolean;
  outFile: string;
}

/** Yjs client ids: the client's index plus this, so a receiver knows the sender from the update itself. */
export const CLIENT_ID_BASE = 1000;
/** The paragraph element and its text take clocks 0 and 1; the first character is clock 2. */
export const FIRST_CHAR_CLOCK = 2;

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_SYNC_REPLY = 4;
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;
const AUTH_TOKEN = 0;
const AUTH_AUTHENTICATED = 2;

const now = () => performance.timeOrigin + performance.now();

function message(documentName: string, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** The first struct's client and clock of an update (v1 encoding): who sent it and which keystroke. */
function firstStruct(update: Uint8Array): [number, number] | null {
  const decoder = decoding.createDecoder(update);
  if (decoding.readVarUint(decoder) === 0) return null;
  decoding.readVarUint(decoder);
  return [decoding.readVarUint(decoder), decoding.readVarUint(decoder)];
}

/**
 * Every keystroke an update carries, as [client, clock] (v1 encoding). A server may send several
 * keystrokes merged into one update (an instance relaying another's changes through Redis sends a
 * sync step 2 diff); counting only the first struct would call the rest lost.
 */
function keystrokesOf(update: Uint8Array): Array<[number, number]> {
  const keystrokes: Array<[number, number]> = [];
  for (const struct of Y.decodeUpdate(update).structs) {
    for (let offset = 0; offset < struct.length; offset += 1)
      keystrokes.push([struct.id.client, struct.id.clock + offset]);
  }
  return keystrokes;
}

interface Client {
  spec: ClientSpec;
  doc: Y.Doc;
  socket: WebSocket;
  documentName: string;
  text: Y.XmlText | null;
  sent: Float64Array;
  received: Float64Array | null;
  updatesReceived: number;
}

function connect(config: ClientsConfig, spec: ClientSpec, slots: number): Promise<Client> {
  const documentName = `note:${spec.noteId}`;
  const doc = new Y.Doc();
  doc.clientID = CLIENT_ID_BASE + spec.index;
  const socket = new WebSocket(`ws://${config.host}/collab`, {
    headers: { cookie: spec.cookie, origin: `http://${config.host}` },
    ...(spec.localAddress ? { localAddress: spec.localAddress } : {}),
  });
  socket.binaryType = 'nodebuffer';
  const client: Client = {
    spec,
    doc,
    socket,
    documentName,
    text: null,
    sent: new Float64Array(slots),
    received: config.record ? new Float64Array(config.totalClients * slots) : null,
    updatesReceived: 0,
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'remote') return;
    const at = firstStruct(update);
    if (at && at[1] < slots) client.sent[at[1]] = now();
    socket.send(
      message(documentName, (encoder) => {
        encoding.writeVarUint(encoder, MESSAGE_SYNC);
        encoding.writeVarUint(encoder, SYNC_UPDATE);
        encoding.writeVarUint8Array(encoder, update);
      }),
    );
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed before sync: ${code}`)));
    socket.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      decoding.readVarString(decoder);
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE_AUTH) {
        if (decoding.readVarUint(decoder) !== AUTH_AUTHENTICATED) reject(new Error('refused'));
        else
          socket.send(
            message(documentName, (encoder) => {
              encoding.writeVarUint(encoder, MESSAGE_SYNC);
              encoding.writeVarUint(encoder, SYNC_STEP_1);
              encoding.writeVarUint8Array(encoder, Y.encodeStateVector(doc));
            }),
          );
        return;
      }
      if (type !== MESSAGE_SYNC && type !== MESSAGE_SYNC_REPLY) return;
      const syncType = decoding.readVarUint(decoder);
      if (syncType === SYNC_STEP_1) {
        // The server's own step 1: what it lacks of ours (nothing before we type), as a client answers.
        const missing = Y.encodeStateAsUpdate(doc, decoding.readVarUint8Array(decoder));
        socket.send(
          message(documentName, (encoder) => {
            encoding.writeVarUint(encoder, MESSAGE_SYNC_REPLY);
            encoding.writeVarUint(encoder, SYNC_STEP_2);
            encoding.writeVarUint8Array(encoder, missing);
          }),
        );
        return;
      }
      const update = decoding.readVarUint8Array(decoder);
      if (syncType === SYNC_UPDATE) {
        const arrived = now();
        client.updatesReceived += 1;
        if (client.received) {
          for (const [id, clock] of keystrokesOf(update)) {
            const sender = id - CLIENT_ID_BASE;
            const slot = sender * slots + clock;
            if (sender >= 0 && sender < config.totalClients && clock < slots && client.received[slot] === 0)
              client.received[slot] = arrived;
          }
        }
      }
      if (syncType === SYNC_STEP_2 || config.apply) Y.applyUpdate(doc, update, 'remote');
      if (syncType === SYNC_STEP_2) {
        socket.removeAllListeners('error');
        socket.removeAllListeners('close');
        socket.on('error', () => {});
        resolve(client);
      }
    });
    socket.once('open', () => {
      socket.send(
        message(documentName, (encoder) => {
          encoding.writeVarUint(encoder, MESSAGE_AUTH);
          encoding.writeVarUint(encoder, AUTH_TOKEN);
          encoding.writeVarString(encoder, 'session-cookie');
        }),
      );
      // The relay answers nothing: its document is empty and it authenticates nobody.
      if (config.mode === 'relay') {
        socket.removeAllListeners('error');
        socket.removeAllListeners('close');
        socket.on('error', () => {});
        resolve(client);
      }
    });
  });
}

const awarenessOf = new WeakMap<Client, Awareness>();

/** The client's cursor after its keystroke, as y-tiptap's cursor plugin sends it. */
function sendCursor(client: Client, position: number) {
  let awareness = awarenessOf.get(client);
  if (!awareness) {
    awareness = new Awareness(client.doc);
    awareness.setLocalState({ user: { name: `Member ${client.spec.index}` } });
    awarenessOf.set(client, awareness);
  }
  awareness.setLocalStateField('cursor', { anchor: position, head: position });
  const update = encodeAwarenessUpdate(awareness, [client.doc.clientID]);
  client.socket.send(
    message(client.documentName, (encoder) => {
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(encoder, update);
    }),
  );
}

function sleepUntil(at: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));
}

async function main() {
  const config = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as ClientsConfig;
  const slots = FIRST_CHAR_CLOCK + Math.ceil(config.ratePerClient * config.seconds) + 2;
  const clients: Client[] = [];
  // A few at a time: a thousand upgrades at once would measure the admission, not the editing.
  for (let i = 0; i < config.clients.length; i += 20) {
    clients.push(
      ...(await Promise.all(config.clients.slice(i, i + 20).map((spec) => connect(config, spec, slots)))),
    );
  }
  console.log(JSON.stringify({ ready: true }));

  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = JSON.parse(line) as { paragraphsAt?: number; startAt?: number; close?: boolean };
    if (command.close) {
      for (const client of clients) client.socket.close();
      await sleepUntil(now() + 500);
      process.exit(0);
    }
    const { paragraphsAt, startAt } = command;
    if (paragraphsAt === undefined || startAt === undefined) continue;
    await sleepUntil(paragraphsAt);
    for (const client of clients) {
      client.doc.transact(() => {
        const paragraph = new Y.XmlElement('paragraph');
        const text = new Y.XmlText('');
        paragraph.insert(0, [text]);
        const fragment = client.doc.getXmlFragment('default');
        fragment.insert(fragment.length, [paragraph]);
        client.text = text;
      });
    }
    // Client g's j-th keystroke at startAt + (j * total + g) / totalRate: one stream at the total rate.
    const step = 1000 / (config.ratePerClient * config.totalClients);
    const perClient = Math.floor(config.ratePerClient * config.seconds);
    const queue = clients.map((client) => ({ client, next: 0 }));
    const dueAt = (entry: { client: Client; next: number }) =>
      startAt + (entry.next * config.totalClients + entry.client.spec.index) * step;
    queue.sort((a, b) => dueAt(a) - dueAt(b));
    let sent = 0;
    while (queue.length > 0) {
      const entry = queue[0];
      if (!entry) break;
      const due = dueAt(entry);
      if (due > now()) await sleepUntil(due);
      const text = entry.client.text;
      if (text) text.insert(text.length, String.fromCharCode(97 + (entry.next % 26)));
      if (config.awareness) sendCursor(entry.client, entry.next);
      sent += 1;
      entry.next += 1;
      queue.shift();
      if (entry.next < perClient) {
        // Keep the queue ordered: every client's next keystroke is one round later.
        queue.push(entry);
      }
    }
    // Late deliveries count until 5 s after the last keystroke; after that they are lost.
    await sleepUntil(now() + 5000);
    const received = clients.reduce((sum, client) => sum + client.updatesReceived, 0);
    if (config.record) {
      const out = fs.openSync(config.outFile, 'w');
      for (const client of clients) {
        fs.writeSync(out, new Uint8Array(client.sent.buffer));
        if (client.received) fs.writeSync(out, new Uint8Array(client.received.buffer));
      }
      fs.closeSync(out);
    }
    console.log(JSON.stringify({ done: true, sent, received, slots }));
  }
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/** One co-editing client as the web app runs it: a Hocuspocus provider on the note's document. */
function client(host: string, cookie: string, noteId: string) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${host}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie, origin: `http://${host}` } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `note:${noteId}`,
    document: doc,
    token: 'cookie',
  });
  provider.attach();
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    synced,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/**
 * A types one character at a time into a new paragraph of the note (the server accepts only changes
 * valid for the editor schema, as the web app makes them), each edit timed until B's document holds
 * it; an edit B has not seen after 5 s counts as lost. The next edit starts `intervalMs` after the
 * last one started, or as soon as it arrived.
 */
async function timeTyping(
  host: string,
  cookies: [string, string],
  noteId: string,
  keepTyping: (edit: number) => boolean,
  intervalMs: number,
) {
  const a = client(host, cookies[0], noteId);
  const b = client(host, cookies[1], noteId);
  await Promise.all([a.synced, b.synced]);
  const fragmentA = a.doc.getXmlFragment('default');
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('')]);
  fragmentA.insert(fragmentA.length, [paragraph]);
  const textA = paragraph.get(0) as Y.XmlText;
  const fragmentB = b.doc.getXmlFragment('default');
  const latencies: number[] = [];
  let lost = 0;
  for (let i = 0; keepTyping(i); i++) {
    const expectedLength = textA.length + 1;
    const started = performance.now();
    const arrived = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        fragmentB.unobserveDeep(check);
        resolve(false);
      }, 5000);
      function check() {
        const textB = (fragmentB.get(fragmentB.length - 1) as Y.XmlElement | undefined)?.get(0) as
          | Y.XmlText
          | undefined;
        if ((textB?.length ?? 0) >= expectedLength) {
          clearTimeout(timer);
          fragmentB.unobserveDeep(check);
          resolve(true);
        }
      }
      fragmentB.observeDeep(check);
      textA.insert(textA.length, `${i % 10}`);
      check();
    });
    if (arrived) latencies.push(performance.now() - started);
    else lost++;
    const wait = started + intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  a.destroy();
  b.destroy();
  latencies.sort((x, y) => x - y);
  const at = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0) * 100) /
    100;
  return { edits: latencies.length + lost, lost, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** Edit-propagation latency, edits one after another: each sample is one round of server relay. */
export async function measureCollabLatency(
  host: string,
  cookies: [string, string],
  noteId: string,
  samples = 200,
) {
  return timeTyping(host, cookies, noteId, (edit) => edit < samples, 0);
}

/** Steady co-editing for the soak: a character every `intervalMs` for `seconds`. */
export async function coEditFor(
  host: string,
  cookies: [string, string],
  noteId: string,
  seconds: number,
  intervalMs = 100,
) {
  const end = performance.now() + seconds * 1000;
  return timeTyping(host, cookies, noteId, () => performance.now() < end, intervalMs);
}

import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/**
 * A browser's co-editing session on a listening server (`host` is "127.0.0.1:port"): the session
 * cookie and a same-origin Origin on the upgrade, as the web app sends them. Every socket it opens
 * is kept, with the close codes they ended with, so a test can tell a refusal from a reconnect.
 * `localAddress` (a 127.x.y.z address) makes the client a browser of its own to the per-address
 * caps, as the capacity bench's many simulated people are.
 */
export function collabClient(
  host: string,
  cookie: string,
  noteId: string,
  options: { localAddress?: string } = {},
) {
  const doc = new Y.Doc();
  const sockets: WebSocket[] = [];
  const closes: number[] = [];
  let destroyed = false;
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `ws://${host}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, {
          headers: { cookie, origin: `http://${host}` },
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        });
        sockets.push(this);
        this.once('close', (code) => closes.push(code));
        // The provider drops its listeners from a socket it gives up on while it still connects;
        // the error ws then emits would be thrown without one.
        this.on('error', () => {});
        // The provider reconnects on a timer even after destroy(); such late sockets end at once.
        if (destroyed) this.once('open', () => this.terminate());
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  let failure: string | null = null;
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: `note:${noteId}`,
    document: doc,
    token: 'session-cookie',
    onAuthenticationFailed: ({ reason }) => {
      failure = reason;
    },
  });
  // A shared socket does not connect by itself: the provider attaches to it (Hocuspocus 3).
  provider.attach();
  let ended = false;
  const destroy = () => {
    destroyed = true;
    if (ended) return;
    // Ending a socket still connecting rejects the provider's own connect attempt, unhandled: wait.
    const connecting = sockets.find((socket) => socket.readyState === WebSocket.CONNECTING);
    if (connecting) {
      connecting.once('open', destroy);
      connecting.once('close', destroy);
      return;
    }
    ended = true;
    provider.destroy();
    websocketProvider.destroy();
    for (const socket of sockets) socket.terminate();
  };
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  /** The code the first close came with (4401 refused, 4422 invalid update, ...). */
  const closed = new Promise<number>((resolve) =>
    provider.on('close', ({ event }: { event: CloseEvent }) => resolve(event.code)),
  );
  return {
    doc,
    provider,
    synced,
    closed,
    /** The first socket this client opened (later ones are reconnects). */
    firstSocket: () => sockets[0] as WebSocket,
    sockets,
    closes,
    failure: () => failure,
    text: (field = 'default') => doc.getXmlFragment(field).toString(),
    destroy,
  };
}

export type CollabClient = ReturnType<typeof collabClient>;

/** Waits for `predicate`, polling; the time it took, or an error naming `what` after `timeoutMs`. */
export async function until(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<number> {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

/** Appends a paragraph with `text` the way the editor would. */
export function typeParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
}

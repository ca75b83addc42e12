import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/**
 * A browser's co-editing session on a listening server (`host` is "127.0.0.1:port"): the session
 * cookie and a same-origin Origin on the upgrade, as the web app sends them.
 */
export function collabClient(host: string, cookie: string, noteId: string) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${host}/collab`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie, origin: `http://${host}` } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  let failure: string | null = null;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `note:${noteId}`,
    document: doc,
    token: 'session-cookie',
    onAuthenticationFailed: ({ reason }) => {
      failure = reason;
    },
  });
  // A shared socket does not connect by itself: the provider attaches to it (Hocuspocus 3).
  provider.attach();
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    provider,
    synced,
    failure: () => failure,
    text: () => doc.getXmlFragment('default').toString(),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
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

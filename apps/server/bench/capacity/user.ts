/**
 * One simulated person, doing what the web app does for them (apps/web/src), with a browser's
 * connections of its own (its own 127.x.y.z address, a keep-alive pool of 6 like a browser's).
 *
 * On arrival: signs in (session cookie; or, with CAPACITY_ARRIVALS=returning, comes back with the
 * session cookie the browser kept), loads the app's first screen (projects, shared projects,
 * the project's note list), opens the events socket and keeps it open until the end.
 * Then, until stopped, after a think time of 3-10 s (uniform), one activity by weight:
 *   35 %  open a note (GET) and write in it for 20-40 s: alone, autosave every 2 s (PATCH with the
 *         version, 10 characters a save); a co-editor (three of each ten people) types into the
 *         shared note over /collab at 5 characters a second instead, two sessions of three
 *   20 %  open a list (the project's notes, All Notes or the shared project's)
 *   15 %  search (one to three words of the seeded vocabulary, one query in five misspelt)
 *   10 %  capture a note (POST /api/ai/capture; half with a project chosen, half filed by the engine)
 *   10 %  AI on the built-in engine (summarize or grammar on a note's text, SSE read to `done`)
 *    5 %  import a small Markdown file (POST /api/import) or export a note (Markdown), half each
 * Every acknowledged save and co-edit is written to the ledger; the parent checks the database.
 */
import { FormData, Pool } from 'undici';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { type CollabClient, collabClient } from '../../test/support/collab-client';
import { randomSentence, seededRandom, WORDS } from '../seed';
import { PASSWORD, type SeededUser } from './seed-users';
import type { Acknowledged } from './stats';

export interface Recorder {
  sample(action: string, ms: number): void;
  error(action: string, message: string): void;
  acknowledged(edit: Acknowledged): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimulatedUser {
  private readonly pool: Pool;
  private readonly rng: () => number;
  private cookie = '';
  private stopping = false;
  private events: WebSocket | null = null;
  private running: Promise<void> = Promise.resolve();
  private sessions = 0;
  private wake: (() => void) | null = null;
  private arrive: () => void = () => {};
  /** Signed in, first screen loaded and the events socket open (or failed on the way). */
  readonly arrived = new Promise<void>((resolve) => {
    this.arrive = resolve;
  });

  constructor(
    private readonly user: SeededUser,
    private readonly origin: string,
    private readonly record: Recorder,
  ) {
    this.pool = new Pool(origin, { connections: 6, localAddress: user.localAddress, pipelining: 1 });
    this.rng = seededRandom(1000 + user.index);
  }

  start() {
    this.running = this.run()
      .catch((error: Error) => this.record.error('session', error.message))
      .finally(() => this.arrive());
  }

  /** Ends the current activity (an edit session finishes its last save first) and every socket. */
  async stop() {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.events?.close();
    await this.pool.close();
  }

  /**
   * Every kind of request once, one after another (both AI actions, capture both ways, one save):
   * the bench's warm-up, so that loading the engines and compiling the code is not measured.
   */
  async tour() {
    await this.signIn();
    await this.openList();
    await this.search();
    for (const action of ['summarize', 'grammar'] as const) await this.ai(action);
    await this.capture(true);
    await this.capture(false);
    await this.importNote();
    await this.exportNote();
    const noteId = this.pick(this.user.noteIds);
    const note = (await this.timed('open-note', () => this.get(`/api/notes/${noteId}`))) as {
      content: string;
      version: number;
    } | null;
    if (note) {
      const body = { content: `${note.content} warm`, version: note.version };
      await this.timed('autosave', () => this.call('PATCH', `/api/notes/${noteId}`, body));
    }
    await this.pool.close();
  }

  private async run() {
    // CAPACITY_ARRIVALS=returning: back with the session the browser kept (no password, no scrypt).
    if (this.user.cookie) this.cookie = this.user.cookie;
    else await this.signIn();
    await Promise.all([
      this.timed('app', () => this.get('/api/projects')),
      this.timed('app', () => this.get('/api/shared-projects')),
      this.timed('list', () => this.get(`/api/notes?projectId=${this.user.projectId}`)),
    ]);
    this.openEvents();
    await this.eventsReady;
    this.arrive();
    while (!this.stopping) {
      await this.think(3000 + this.rng() * 7000);
      if (this.stopping) break;
      const roll = this.rng() * 100;
      if (roll < 35) await this.edit();
      else if (roll < 55) await this.openList();
      else if (roll < 70) await this.search();
      else if (roll < 80) await this.capture();
      else if (roll < 90) await this.ai();
      else if (roll < 92.5) await this.importNote();
      else if (roll < 95) await this.exportNote();
      else await this.openList();
    }
  }

  private think(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async signIn() {
    const started = performance.now();
    const response = await this.pool.request({
      path: '/api/auth/sign-in/email',
      method: 'POST',
      headers: { origin: this.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.user.email, password: PASSWORD }),
    });
    await response.body.text();
    if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}`);
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    this.cookie = (first ?? '').split(';')[0] ?? '';
    this.record.sample('sign-in', performance.now() - started);
  }

  /** Times one request; a status outside 2xx, or no answer, is an error of that action. */
  private async timed<T>(
    action: string,
    call: () => Promise<{ status: number; body: T }>,
  ): Promise<T | null> {
    const started = performance.now();
    try {
      const { status, body } = await call();
      if (status < 200 || status >= 300) {
        this.record.error(action, `${status} ${JSON.stringify(body).slice(0, 200)}`);
        return null;
      }
      this.record.sample(action, performance.now() - started);
      return body;
    } catch (error) {
      this.record.error(action, (error as Error).message);
      return null;
    }
  }

  private async call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
    const response = await this.pool.request({
      path,
      method,
      headers: {
        cookie: this.cookie,
        origin: this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    const type = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, body: (type.includes('json') ? JSON.parse(text) : text) as never };
  }

  private get(path: string) {
    return this.call('GET', path);
  }

  private eventsReady: Promise<void> = Promise.resolve();

  private openEvents() {
    if (this.stopping) return;
    const started = performance.now();
    let opened: () => void = () => {};
    this.eventsReady = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const socket = new WebSocket(`${this.origin.replace('http', 'ws')}/api/events`, {
      headers: { cookie: this.cookie, origin: this.origin },
      localAddress: this.user.localAddress,
    });
    this.events = socket;
    let ready = false;
    socket.on('message', (data) => {
      if (!ready && String(data).includes('"ready"')) {
        ready = true;
        this.record.sample('events-connect', performance.now() - started);
        opened();
      }
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      opened();
      if (this.stopping) return;
      // The web app reconnects; for the bench a socket the server ended is an error.
      this.record.error('events', `closed ${code}`);
      setTimeout(() => this.openEvents(), 1000);
    });
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)] as T;
  }

  private async openList() {
    const roll = this.rng();
    const path =
      roll < 0.5 || !this.user.sharedProjectId
        ? roll < 0.25
          ? '/api/notes'
          : `/api/notes?projectId=${this.user.projectId}`
        : `/api/notes?projectId=${this.user.sharedProjectId}`;
    await this.timed('list', () => this.get(path));
  }

  private async search() {
    const words = Array.from({ length: 1 + Math.floor(this.rng() * 3) }, () => this.pick(WORDS));
    // One query in five has a typo, as people make them (the server corrects it).
    if (this.rng() < 0.2 && words[0] && words[0].length > 4)
      words[0] = words[0].slice(0, 2) + words[0].slice(3);
    await this.timed('search', () => this.get(`/api/search?q=${encodeURIComponent(words.join(' '))}`));
  }

  private async capture(withProject = this.rng() < 0.5) {
    await this.timed('capture', () =>
      this.call('POST', '/api/ai/capture', {
        content: randomSentence(this.rng, 12 + Math.floor(this.rng() * 20)),
        ...(withProject ? { projectId: this.user.projectId } : {}),
      }),
    );
  }

  private async ai(action = this.rng() < 0.5 ? 'summarize' : 'grammar') {
    const content = Array.from({ length: 5 }, () => randomSentence(this.rng, 12)).join(' ');
    const body: unknown = await this.timed('ai', () =>
      this.call('POST', '/api/ai/enhance', { action, content }),
    );
    if (typeof body === 'string' && !body.includes('event: done')) this.record.error('ai', body.slice(-200));
  }

  private async importNote() {
    const form = new FormData();
    const text = `# Imported ${this.user.index}\n\n${randomSentence(this.rng, 40)}\n`;
    form.append('file', new Blob([text], { type: 'text/markdown' }), 'meeting.md');
    await this.timed('import', async () => {
      const response = await this.pool.request({
        path: `/api/import?projectId=${this.user.projectId}`,
        method: 'POST',
        headers: { cookie: this.cookie, origin: this.origin },
        body: form,
      });
      return { status: response.statusCode, body: await response.body.text() };
    });
  }

  private async exportNote() {
    await this.timed('export', () => this.get(`/api/notes/${this.pick(this.user.noteIds)}/export?format=md`));
  }

  private async edit() {
    if (this.user.sharedNoteId && this.rng() < 0.67) {
      await this.timed('open-note', () => this.get(`/api/notes/${this.user.sharedNoteId}`));
      await this.coEdit(this.user.sharedNoteId);
      return;
    }
    const noteId = this.pick(this.user.noteIds);
    const note = await this.timed('open-note', () => this.get(`/api/notes/${noteId}`));
    if (!note) return;
    let { content, version } = note as { content: string; version: number };
    const session = ++this.sessions;
    const saves = 10 + Math.floor(this.rng() * 10);
    for (let save = 0; save < saves && !this.stopping; save++) {
      await sleep(2000);
      // Ten characters a save: five a second, as the co-editors type.
      const marker = `u${this.user.index}s${session}k${save}`;
      const next = `${content} ${marker.padEnd(9, 'x')}`;
      const saved = await this.timed('autosave', () =>
        this.call('PATCH', `/api/notes/${noteId}`, { content: next, version }),
      );
      if (!saved) break;
      ({ content, version } = saved as { content: string; version: number });
      this.record.acknowledged({ noteId, kind: 'autosave', text: marker });
    }
  }

  private async coEdit(noteId: string) {
    const started = performance.now();
    const host = this.origin.replace('http://', '');
    const client: CollabClient = collabClient(host, this.cookie, noteId, {
      localAddress: this.user.localAddress,
    });
    const timeout = sleep(10_000).then(() => false);
    if (!(await Promise.race([client.synced.then(() => true), timeout]))) {
      this.record.error('collab-connect', 'not synced within 10 s');
      client.destroy();
      return;
    }
    this.record.sample('collab-connect', performance.now() - started);
    const session = ++this.sessions;
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText(`u${this.user.index}s${session}`);
    paragraph.insert(0, [text]);
    const fragment = client.doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
    // Each typed character waits for the server's acknowledgement (Hocuspocus counts unsynced changes).
    const pending: number[] = [];
    client.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      if (number !== 0) return;
      const now = performance.now();
      for (const at of pending.splice(0)) this.record.sample('co-edit', now - at);
    });
    const typing = ` ${Array.from({ length: 8 }, () => this.pick(WORDS)).join(' ')}`;
    const end = performance.now() + 20_000 + this.rng() * 20_000;
    for (let i = 0; performance.now() < end && !this.stopping; i++) {
      pending.push(performance.now());
      text.insert(text.length, typing[i % typing.length] ?? ' ');
      await sleep(200);
    }
    const acked = performance.now();
    while (client.provider.unsyncedChanges > 0 && performance.now() - acked < 10_000) await sleep(20);
    if (client.provider.unsyncedChanges > 0) this.record.error('co-edit', 'not acknowledged within 10 s');
    else this.record.acknowledged({ noteId, kind: 'co-edit', text: text.toString() });
    client.destroy();
  }
}

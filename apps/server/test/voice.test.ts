import type { AddressInfo } from 'node:net';
import {
  MESSAGES,
  type RealtimeEvent,
  VOICE_ERROR_CODES,
  VOICE_MESSAGES,
  type VoiceTurnResult,
  voiceCallDetailSchema,
  voiceCallListSchema,
  voiceOptionsSchema,
  voiceTurnResultSchema,
} from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BusEvent } from '../src/events/event-bus';
import { deleteUser } from '../src/modules/admin/user-admin';
import { createVoiceRepo } from '../src/modules/voice/voice.repo';
import { purgeDiscardedCalls } from '../src/modules/voice/voice.service';
import {
  dialects,
  nextMillisecond,
  request,
  setPlan,
  signUp,
  startTestApp,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';
import {
  BURST_SENTENCES,
  FAKE_MP3,
  makeWav,
  type SpeechServer,
  speechWav,
  startSpeechServer,
} from './speech-server';

const STT_MODEL = 'whisper-test';
/** 200 KB cap: 6.25 s of 16 kHz mono 16-bit; the length cap (5 s) is below it. */
const MAX_BYTES = 200_000;

type User = Awaited<ReturnType<typeof signUp>>;

function postWav(
  t: TestApp,
  cookie: string,
  callId: string,
  body: Buffer | string,
  contentType: string | null = 'audio/wav',
  offsetMs = 0,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/voice/calls/${callId}/utterances?offsetMs=${offsetMs}`,
    remoteAddress: '127.0.0.1',
    headers: {
      host: 'localhost:3000',
      origin: TEST_ORIGIN,
      cookie,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload: body,
  });
}

function api(t: TestApp, user: User) {
  return {
    get: (url: string) => request(t.app, 'GET', url, { cookie: user.cookie }),
    post: (url: string, body?: unknown) =>
      request(t.app, 'POST', url, { cookie: user.cookie, body: body ?? {} }),
    delete: (url: string) => request(t.app, 'DELETE', url, { cookie: user.cookie }),
    wav: (callId: string, body: Buffer | string, contentType?: string | null, offsetMs?: number) =>
      postWav(t, user.cookie, callId, body, contentType, offsetMs),
  };
}

/** /api/events as a second browser tab opens it; collects what arrives. */
async function openEvents(t: TestApp, cookie: string) {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const events: RealtimeEvent[] = [];
  const socket = new WebSocket(`ws://${host}/api/events`, { headers: { cookie, origin: `http://${host}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
  const waitFor = async (predicate: (event: RealtimeEvent) => boolean, timeoutMs = 3000) => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const found = events.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
  };
  return { socket, events, waitFor };
}

async function turnRows(t: TestApp, callId: string) {
  return t.database.db.selectFrom('voice_turns').selectAll().where('call_id', '=', callId).execute();
}

describe.each(dialects)('voice assistant on %s', (dialect) => {
  let t: TestApp;
  let speech: SpeechServer;
  const heard: BusEvent[] = [];

  beforeAll(async () => {
    speech = await startSpeechServer(STT_MODEL);
    t = await startTestApp(dialect, {
      DEMO_ACCOUNT: 'false',
      STT_BASE_URL: speech.baseUrl,
      STT_MODEL,
      STT_TIMEOUT_MS: '5000',
      TTS_BASE_URL: speech.baseUrl,
      TTS_VOICE: 'nova',
      VOICE_MAX_UTTERANCE_BYTES: String(MAX_BYTES),
      VOICE_MAX_UTTERANCE_SECONDS: '5',
    });
    t.bus.subscribe((message) => heard.push(message));
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
    await speech?.close();
  });

  async function startCall(user: User) {
    const response = await api(t, user).post('/api/voice/calls', { mode: 'server' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().call as { id: string; status: string };
  }

  it('offers the configured speech servers and limits', async () => {
    const user = await signUp(t.app);
    const response = await api(t, user).get('/api/voice/options');
    expect(response.statusCode).toBe(200);
    expect(voiceOptionsSchema.parse(response.json())).toEqual({
      sttServer: true,
      ttsServer: true,
      vapi: null,
      limits: {
        maxUtteranceBytes: MAX_BYTES,
        maxUtteranceSeconds: 5,
        utterancesPerMinute: 30,
        minutesPerDay: 120,
      },
    });
  });

  it('takes a call from utterances to a saved note, with notes, an answer and live events', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    expect(call.status).toBe('live');

    // A second live call is refused while this one runs.
    const second = await me.post('/api/voice/calls', { mode: 'server' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe(VOICE_ERROR_CODES.callActive);

    const first = await me.wav(call.id, speechWav(1), 'audio/wav', 1_000);
    expect(first.statusCode, first.body).toBe(201);
    const one = voiceTurnResultSchema.parse(first.json());
    expect(one.turn).toMatchObject({ speaker: 'user', offsetMs: 1_000, durationMs: 700 });
    expect(one.turn.text).toContain(BURST_SENTENCES[0]);
    expect(one.notes).toBeNull();
    expect(one.answer).toBeNull();

    // The content type may carry parameters.
    const secondTurn = await me.wav(call.id, speechWav(2), 'audio/wav; codecs=1', 4_500);
    expect(secondTurn.statusCode, secondTurn.body).toBe(201);
    const two = voiceTurnResultSchema.parse(secondTurn.json());
    expect(two.turn.text).toContain(BURST_SENTENCES[1]);
    expect(two.turn.text).not.toBe(one.turn.text);

    // The third user turn refreshes the notes; it asks about the call, so the assistant answers.
    const thirdTurn = await me.wav(call.id, speechWav(3), 'audio/wav', 9_000);
    expect(thirdTurn.statusCode, thirdTurn.body).toBe(201);
    const three = voiceTurnResultSchema.parse(thirdTurn.json());
    expect(three.turn.text).toContain(BURST_SENTENCES[2]);
    expect(three.notes?.decisions.join(' ')).toContain('blue design');
    expect(three.notes?.actionItems.join(' ')).toContain('Alice: send the budget');
    expect(three.notes?.summary).not.toBe('');
    expect(three.answer?.speaker).toBe('assistant');
    expect(three.answer?.text).toContain('blue design');

    // Every turn and the notes went to the owner's tabs, and to nobody else.
    const mine = heard.filter((m) => m.audience.length === 1 && m.audience[0] === user.user.id);
    const events = mine.map((m) => m.event as RealtimeEvent);
    expect(events.filter((e) => e.type === 'voice.turn')).toHaveLength(4);
    expect(events.some((e) => e.type === 'voice.notes' && e.callId === call.id)).toBe(true);

    const detail = voiceCallDetailSchema.parse((await me.get(`/api/voice/calls/${call.id}`)).json());
    expect(detail.turns.map((turn) => turn.speaker)).toEqual(['user', 'user', 'user', 'assistant']);
    expect(detail.notes.decisions.length).toBeGreaterThan(0);

    const list = voiceCallListSchema.parse((await me.get('/api/voice/calls')).json());
    expect(list.calls[0]).toMatchObject({ id: call.id, status: 'live', turnCount: 4 });
    expect(list.calls[0]?.preview.length).toBeLessThanOrEqual(60);
    expect(BURST_SENTENCES[0]?.startsWith(list.calls[0]?.preview.replace(/…$/, '') ?? 'x')).toBe(true);

    // The speech server got the protocol: multipart file, model, response_format=json.
    expect(speech.transcriptions.at(-1)).toMatchObject({
      model: STT_MODEL,
      responseFormat: 'json',
      fileName: 'utterance.wav',
      fileType: 'audio/wav',
    });

    const ended = await me.post(`/api/voice/calls/${call.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().call.status).toBe('ended');
    const afterEnd = await me.wav(call.id, speechWav(1));
    expect(afterEnd.statusCode).toBe(409);
    expect(afterEnd.json().error.code).toBe(VOICE_ERROR_CODES.callNotLive);

    const project = (await me.post('/api/projects', { name: 'Meetings' })).json();
    const saved = await me.post(`/api/voice/calls/${call.id}/save`, {
      title: 'Design call',
      projectId: project.id,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { note, call: savedCall } = saved.json();
    expect(savedCall).toMatchObject({ status: 'saved', noteId: note.id });
    const stored = (await me.get(`/api/notes/${note.id}`)).json();
    expect(stored).toMatchObject({ title: 'Design call', projectId: project.id });
    const content: string = stored.content;
    expect(content.indexOf('Summary')).toBeLessThan(content.indexOf('Transcript'));
    expect(content).toContain('Decisions');
    expect(content).toMatch(/- \[ \] Alice: send the budget/);
    expect(content).toContain(`**You** (00:01): ${BURST_SENTENCES[0]}`);
    expect(content).toContain(`**You** (00:04): ${BURST_SENTENCES[1]}`);
    expect(content).toMatch(/\*\*Assistant\*\* \(00:10\): .*blue design/);

    const again = await me.post(`/api/voice/calls/${call.id}/save`, {
      title: 'Twice',
      projectId: project.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(VOICE_ERROR_CODES.callSaved);

    // The call is over, so a new one may start.
    const next = await startCall(user);
    expect(next.id).not.toBe(call.id);
  });

  it("pushes each turn and the notes to the owner's other tabs on /api/events, to nobody else", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const otherTab = await openEvents(t, user.cookie);
    const strangerTab = await openEvents(t, stranger.cookie);
    try {
      const call = await startCall(user);
      const me = api(t, user);
      const results: VoiceTurnResult[] = [];
      for (const bursts of [1, 2, 3]) {
        results.push(voiceTurnResultSchema.parse((await me.wav(call.id, speechWav(bursts))).json()));
      }
      // Four turns (three said, one answer), each its own event in order; the notes once.
      for (const result of results) {
        const event = await otherTab.waitFor((e) => e.type === 'voice.turn' && e.turn.id === result.turn.id);
        expect(event).toEqual({ type: 'voice.turn', callId: call.id, turn: result.turn });
      }
      const answerId = results[2]?.answer?.id;
      expect(answerId).toBeDefined();
      await otherTab.waitFor((e) => e.type === 'voice.turn' && e.turn.id === answerId);
      const notes = await otherTab.waitFor((e) => e.type === 'voice.notes');
      expect(notes).toEqual({ type: 'voice.notes', callId: call.id, notes: results[2]?.notes });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(strangerTab.events.filter((e) => e.type.startsWith('voice.'))).toEqual([]);
    } finally {
      otherTab.socket.close();
      strangerTab.socket.close();
    }
  });

  it('allows one live call even for simultaneous starts, ends an abandoned one, lists the newest 20', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const starts = await Promise.all([
      me.post('/api/voice/calls', { mode: 'server' }),
      me.post('/api/voice/calls', { mode: 'browser' }),
    ]);
    expect(starts.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const live = starts.find((r) => r.statusCode === 201)?.json().call;

    // Its tab went away six minutes ago: a new call ends it (the transcript stays, to be saved).
    const said = await me.post(`/api/voice/calls/${live.id}/turns`, {
      speaker: 'user',
      text: 'Something worth keeping.',
      offsetMs: 0,
    });
    expect(said.statusCode, said.body).toBe(201);
    const abandon = (id: string) =>
      t.database.db
        .updateTable('voice_calls')
        .set({ last_activity_at: new Date(Date.now() - 6 * 60_000).toISOString() })
        .where('id', '=', id)
        .execute();
    await abandon(live.id);
    const silent = await startCall(user);
    expect((await me.get(`/api/voice/calls/${live.id}`)).json().call.status).toBe('ended');
    // One abandoned with nothing said is deleted, not left as an empty row.
    await abandon(silent.id);
    // Starts in one millisecond tie on their time: the newest 20 asserted below must not tie with live.
    await nextMillisecond();
    const fresh = await startCall(user);
    expect((await me.get(`/api/voice/calls/${silent.id}`)).statusCode).toBe(404);

    await me.post(`/api/voice/calls/${fresh.id}/end`);
    const ids = [fresh.id];
    for (let i = 0; i < 19; i++) {
      const call = await startCall(user);
      ids.push(call.id);
      await me.post(`/api/voice/calls/${call.id}/end`);
    }
    const list = voiceCallListSchema.parse((await me.get('/api/voice/calls')).json());
    expect(list.calls).toHaveLength(20);
    expect(new Set(list.calls.map((c) => c.id))).toEqual(new Set(ids));
    const started = list.calls.map((c) => c.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    expect(list.calls.map((c) => c.id)).not.toContain(live.id);
  });

  it('saves into Inbox without a project, and ends a live call on the way', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    expect((await me.wav(call.id, speechWav(2))).statusCode).toBe(201);
    const saved = await me.post(`/api/voice/calls/${call.id}/save`, { title: 'Quick call', projectId: null });
    expect(saved.statusCode, saved.body).toBe(201);
    const projects = (await me.get('/api/projects')).json();
    const inbox = (projects.projects ?? projects.items ?? projects).find?.(
      (p: { name: string }) => p.name === 'Inbox',
    );
    expect(saved.json().note.projectId).toBe(inbox?.id);
    expect(saved.json().note.content).toMatch(/- \[ \] Alice: send the budget/);
  });

  it('discards a call restorably: listed under discarded, restored, purged after 30 days', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    expect((await me.wav(call.id, speechWav(1))).statusCode).toBe(201);
    expect((await me.delete(`/api/voice/calls/${call.id}`)).statusCode).toBe(204);
    // Gone from the calls and every route but Restore; the turns are kept.
    expect((await me.get(`/api/voice/calls/${call.id}`)).statusCode).toBe(404);
    expect(
      (await me.post(`/api/voice/calls/${call.id}/save`, { title: 'x', projectId: null })).statusCode,
    ).toBe(404);
    expect((await me.delete(`/api/voice/calls/${call.id}`)).statusCode).toBe(404);
    expect(await turnRows(t, call.id)).toHaveLength(1);
    let list = (await me.get('/api/voice/calls')).json();
    expect(list.calls).toEqual([]);
    expect(list.discarded).toHaveLength(1);
    expect(list.discarded[0]).toMatchObject({ id: call.id, status: 'ended', turnCount: 1 });

    const restored = await me.post(`/api/voice/calls/${call.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().call).toMatchObject({ id: call.id, status: 'ended' });
    list = (await me.get('/api/voice/calls')).json();
    expect(list.calls.map((item: { id: string }) => item.id)).toEqual([call.id]);
    expect(list.discarded).toEqual([]);
    expect((await me.post(`/api/voice/calls/${call.id}/restore`)).statusCode).toBe(404);
    // Another user cannot restore it.
    const other = api(t, await signUp(t.app));
    expect((await me.delete(`/api/voice/calls/${call.id}`)).statusCode).toBe(204);
    expect((await other.post(`/api/voice/calls/${call.id}/restore`)).statusCode).toBe(404);

    // The hourly purge: a call discarded 29 days ago stays, one discarded 31 days ago goes with its turns.
    const recent = await startCall(user);
    expect((await me.wav(recent.id, speechWav(1))).statusCode).toBe(201);
    expect((await me.delete(`/api/voice/calls/${recent.id}`)).statusCode).toBe(204);
    const db = t.database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await db
      .updateTable('voice_calls')
      .set({ discarded_at: daysAgo(31) })
      .where('id', '=', call.id)
      .execute();
    await db
      .updateTable('voice_calls')
      .set({ discarded_at: daysAgo(29) })
      .where('id', '=', recent.id)
      .execute();
    expect(await purgeDiscardedCalls(createVoiceRepo(db))).toBeGreaterThanOrEqual(1);
    expect(await turnRows(t, call.id)).toHaveLength(0);
    list = (await me.get('/api/voice/calls')).json();
    expect(list.discarded.map((item: { id: string }) => item.id)).toEqual([recent.id]);
  });

  it('deletes a call where nothing was said at once (no empty row to restore)', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    // Still live: Discard ends it on the way.
    expect((await me.delete(`/api/voice/calls/${call.id}`)).statusCode).toBe(204);
    const list = (await me.get('/api/voice/calls')).json();
    expect(list).toEqual({ calls: [], discarded: [] });
    const rows = await t.database.db
      .selectFrom('voice_calls')
      .select('id')
      .where('id', '=', call.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses bad audio with a clear 4xx and stores nothing', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    const reached = speech.transcriptions.length;
    const expectError = async (
      response: Awaited<ReturnType<typeof me.wav>>,
      status: number,
      code: string,
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.code).toBe(code);
      expect(typeof response.json().error.message).toBe('string');
    };

    await expectError(await me.wav(call.id, Buffer.alloc(0)), 400, VOICE_ERROR_CODES.audioEmpty);
    await expectError(await me.wav(call.id, makeWav([])), 400, VOICE_ERROR_CODES.audioEmpty);
    await expectError(await me.wav(call.id, 'this is not audio at all'), 400, VOICE_ERROR_CODES.audioInvalid);
    await expectError(
      await me.wav(call.id, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(64, 7)])),
      400,
      VOICE_ERROR_CODES.audioInvalid,
    );
    // A real WAV, but 44.1 kHz stereo: not the accepted format.
    await expectError(
      await me.wav(call.id, makeWav([{ ms: 500, tone: true }], { sampleRate: 44_100, channels: 2 })),
      400,
      VOICE_ERROR_CODES.audioInvalid,
    );
    // A header that claims more data than the file holds.
    const truncated = speechWav(1).subarray(0, 2_000);
    await expectError(await me.wav(call.id, truncated), 400, VOICE_ERROR_CODES.audioInvalid);

    // Over the byte cap (7 s = 224 KB), and over the length cap (6 s = 192 KB, under the byte cap).
    const tooBig = await me.wav(call.id, makeWav([{ ms: 7_000, tone: true }]));
    await expectError(tooBig, 413, VOICE_ERROR_CODES.audioTooLarge);
    expect(tooBig.json().error.message).toBe(VOICE_MESSAGES.audioTooLarge(MAX_BYTES));
    await expectError(
      await me.wav(call.id, makeWav([{ ms: 6_000, tone: true }])),
      413,
      VOICE_ERROR_CODES.audioTooLong,
    );

    // Wrong or missing content type, even with a valid WAV inside.
    for (const type of ['application/json', 'text/plain', 'application/octet-stream', 'audio/mpeg', null]) {
      await expectError(await me.wav(call.id, speechWav(1), type), 415, VOICE_ERROR_CODES.contentType);
    }
    const json = await request(t.app, 'POST', `/api/voice/calls/${call.id}/utterances`, {
      cookie: user.cookie,
      body: { audio: 'base64...' },
    });
    await expectError(json, 415, VOICE_ERROR_CODES.contentType);
    await expectError(await me.wav(call.id, speechWav(1), 'audio/wav', -5), 400, 'VALIDATION_ERROR');

    // None of that reached the speech server.
    expect(speech.transcriptions.length).toBe(reached);

    // Silence is a valid WAV: the speech server hears no speech and refuses it (OpenAI's 400).
    const silence = await me.wav(call.id, makeWav([{ ms: 1_000, tone: false }]));
    await expectError(silence, 422, VOICE_ERROR_CODES.noSpeech);
    expect(silence.json().error.message).toContain('no speech');
    expect(speech.transcriptions.length).toBe(reached + 1);

    expect(await turnRows(t, call.id)).toHaveLength(0);
    // The call is still live and works.
    expect((await me.wav(call.id, speechWav(1))).statusCode).toBe(201);
  });

  it('refuses signed-out and FREE users', async () => {
    const anonymous = await request(t.app, 'GET', '/api/voice/options');
    expect(anonymous.statusCode).toBe(401);
    const user = await signUp(t.app);
    await setPlan(t, user.email, 'FREE', null);
    const me = api(t, user);
    for (const response of [
      await me.get('/api/voice/options'),
      await me.post('/api/voice/calls', { mode: 'server' }),
      await me.get('/api/voice/calls'),
      await me.post('/api/voice/speech', { text: 'Hello' }),
      await me.wav('any-call', speechWav(1)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'ACCESS_REQUIRED', message: MESSAGES.accessRequired });
    }
    const rows = await t.database.db
      .selectFrom('voice_calls')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 for another user's call and project", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const call = await startCall(owner);
    expect((await api(t, owner).wav(call.id, speechWav(1))).statusCode).toBe(201);
    const them = api(t, stranger);
    const responses = [
      await them.get(`/api/voice/calls/${call.id}`),
      await them.wav(call.id, speechWav(1)),
      await them.post(`/api/voice/calls/${call.id}/turns`, { speaker: 'user', text: 'Hi', offsetMs: 0 }),
      await them.post(`/api/voice/calls/${call.id}/end`),
      await them.post(`/api/voice/calls/${call.id}/save`, { title: 'Mine now', projectId: null }),
      await them.delete(`/api/voice/calls/${call.id}`),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await them.get('/api/voice/calls')).json().calls).toEqual([]);
    // Still the owner's, untouched.
    const detail = (await api(t, owner).get(`/api/voice/calls/${call.id}`)).json();
    expect(detail.call.status).toBe('live');
    expect(detail.turns).toHaveLength(1);

    // The owner cannot save into a project they cannot see.
    const theirs = (await them.post('/api/projects', { name: 'Private' })).json();
    const intoTheirs = await api(t, owner).post(`/api/voice/calls/${call.id}/save`, {
      title: 'Leak',
      projectId: theirs.id,
    });
    expect(intoTheirs.statusCode).toBe(404);
    expect((await them.get(`/api/notes?projectId=${theirs.id}`)).json().notes).toEqual([]);
    expect((await api(t, owner).get(`/api/voice/calls/${call.id}`)).json().call.status).toBe('live');
  });

  it('keeps the call usable when the speech server is down or failing', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    try {
      speech.mode = 'drop';
      const down = await me.wav(call.id, speechWav(1));
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toEqual({
        code: VOICE_ERROR_CODES.sttUnreachable,
        message: VOICE_MESSAGES.sttUnreachable(speech.baseUrl),
      });
      speech.mode = 'error';
      const failing = await me.wav(call.id, speechWav(1));
      expect(failing.statusCode).toBe(503);
      expect(failing.json().error.code).toBe(VOICE_ERROR_CODES.sttBusy);
      expect(failing.json().error.message).toContain('HTTP 500');
    } finally {
      speech.mode = 'ok';
    }
    expect(await turnRows(t, call.id)).toHaveLength(0);
    const detail = (await me.get(`/api/voice/calls/${call.id}`)).json();
    expect(detail.call.status).toBe('live');
    const back = await me.wav(call.id, speechWav(2));
    expect(back.statusCode).toBe(201);
    expect(back.json().turn.text).toContain(BURST_SENTENCES[1]);
  });

  it('stops at the daily minutes', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    await t.database.db
      .insertInto('voice_usage')
      .values({
        user_id: user.user.id,
        day: new Date().toISOString().slice(0, 10),
        audio_ms: 120 * 60_000 - 500,
      })
      .execute();
    const over = await me.wav(call.id, speechWav(1));
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: VOICE_ERROR_CODES.dailyLimit,
      message: VOICE_MESSAGES.dailyLimit,
    });
    expect(await turnRows(t, call.id)).toHaveLength(0);
  });

  it('takes text turns (browser recognition) and answers an addressed question', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = (await me.post('/api/voice/calls', { mode: 'browser' })).json().call;
    const say = (text: string, offsetMs: number) =>
      me.post(`/api/voice/calls/${call.id}/turns`, { speaker: 'user', text, offsetMs });
    expect((await say('We agreed to move the launch to March.', 0)).statusCode).toBe(201);
    expect((await say('Bob needs to update the roadmap tomorrow.', 3_000)).statusCode).toBe(201);
    const asked = await say('Notewise what did we agree about the launch', 6_000);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().answer.text).toContain('March');
    expect(asked.json().notes.actionItems).toEqual(['Bob: update the roadmap tomorrow.']);
    const empty = await say('   ', 7_000);
    expect(empty.statusCode).toBe(400);
  });

  it('removes calls, turns and usage with the account', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const call = await startCall(user);
    expect((await me.wav(call.id, speechWav(1))).statusCode).toBe(201);
    await me.post(`/api/voice/calls/${call.id}/end`);
    const userId = user.user.id;
    await deleteUser(t.database.db, userId, t.storage);
    const db = t.database.db;
    expect(await db.selectFrom('voice_calls').select('id').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(await turnRows(t, call.id)).toEqual([]);
    expect(await db.selectFrom('voice_usage').select('day').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
  });

  it('proxies spoken answers to the text-to-speech server', async () => {
    const user = await signUp(t.app);
    const response = await api(t, user).post('/api/voice/speech', {
      text: 'You decided on the blue design.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.equals(FAKE_MP3)).toBe(true);
    expect(speech.speechRequests.at(-1)).toEqual({
      model: 'tts-1',
      voice: 'nova',
      input: 'You decided on the blue design.',
    });
    const empty = await api(t, user).post('/api/voice/speech', { text: '' });
    expect(empty.statusCode).toBe(400);
    // The TTS server is not a free-for-all: the per-minute budget applies (30 in this config).
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await api(t, user).post('/api/voice/speech', { text: `Hi ${i}` })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(29);
    const limited = await api(t, user).post('/api/voice/speech', { text: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe(VOICE_ERROR_CODES.rateLimited);
  });
});

describe('voice assistant without speech servers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', VOICE_UTTERANCES_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it('says what to configure, refuses server mode and TTS, and limits turns per minute', async () => {
    const user = await signUp(t.app);
    const me = api(t, user);
    const options = (await me.get('/api/voice/options')).json();
    expect(options).toMatchObject({ sttServer: false, ttsServer: false, vapi: null });

    const server = await me.post('/api/voice/calls', { mode: 'server' });
    expect(server.statusCode).toBe(422);
    expect(server.json().error).toEqual({ code: VOICE_ERROR_CODES.sttOff, message: VOICE_MESSAGES.sttOff });
    expect((await me.post('/api/voice/calls', { mode: 'vapi' })).statusCode).toBe(400);

    const tts = await me.post('/api/voice/speech', { text: 'Hello' });
    expect(tts.statusCode).toBe(404);
    expect(tts.json().error.code).toBe(VOICE_ERROR_CODES.ttsOff);

    const call = (await me.post('/api/voice/calls', { mode: 'browser' })).json().call;
    const audio = await me.wav(call.id, speechWav(1));
    expect(audio.statusCode).toBe(422);
    expect(audio.json().error.code).toBe(VOICE_ERROR_CODES.sttOff);
    const say = (text: string) =>
      me.post(`/api/voice/calls/${call.id}/turns`, { speaker: 'user', text, offsetMs: 0 });
    expect((await say('One.')).statusCode).toBe(201);
    expect((await say('Two.')).statusCode).toBe(201);
    const third = await say('Three.');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe(VOICE_ERROR_CODES.rateLimited);
  });

  it('lets the CSP name no third-party origin without Vapi', async () => {
    const response = await request(t.app, 'GET', '/api/health');
    expect(String(response.headers['content-security-policy'])).not.toContain('vapi');
  });
});

describe('voice assistant in hosted (Vapi) mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      DEMO_ACCOUNT: 'false',
      VAPI_PUBLIC_KEY: 'public-key-123',
      VAPI_ASSISTANT_ID: 'assistant-456',
    });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it("exposes Vapi's public settings and lets the CSP reach Vapi", async () => {
    const user = await signUp(t.app);
    const options = (await api(t, user).get('/api/voice/options')).json();
    expect(options.vapi).toEqual({ publicKey: 'public-key-123', assistantId: 'assistant-456' });
    const csp = String((await request(t.app, 'GET', '/api/health')).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.vapi\.ai/);
    const call = await api(t, user).post('/api/voice/calls', { mode: 'vapi' });
    expect(call.statusCode).toBe(201);
    const turn = await api(t, user).post(`/api/voice/calls/${call.json().call.id}/turns`, {
      speaker: 'assistant',
      text: 'Hi, I am listening.',
      offsetMs: 100,
    });
    expect(turn.statusCode).toBe(201);
    expect(turn.json()).toMatchObject({ notes: null, answer: null, turn: { speaker: 'assistant' } });
  });
});

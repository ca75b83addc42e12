import { BACKGROUND_IMPORT_THRESHOLD, IMPORT_MESSAGES } from '@notewise/shared';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsInBackground } from '../src/modules/export-import/import-jobs';
import { createImporter } from '../src/modules/export-import/importer';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/*
 * An Evernote export is one file of many notes: a large one imports as a background job like a large
 * zip (decision 060), each note converted in a job of its own (decision 072), and a note the file
 * cannot give whole is named in the summary while the others arrive.
 */

const note = (i: number) =>
  `<note><title>Note ${i}</title><content><![CDATA[<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE en-note SYSTEM "http://xml.evernote.com/pub/enml2.dtd"><en-note><h2>Part ${i}</h2><div>Body of note ${i}, with <b>bold</b> words and <a href="https://example.com/${i}">a link</a>.</div><ul><li>first ${i}</li><li>second ${i}</li></ul><div><en-todo checked="${i % 2 === 0}"/>task ${i}</div></en-note>]]></content><created>20230101T000000Z</created><tag>bulk</tag></note>`;

/** `count` whole notes, then (when `cutShort`) the start of one more, as an interrupted export ends. */
function enex(count: number, cutShort = false): Uint8Array {
  const notes = Array.from({ length: count }, (_, i) => note(i + 1)).join('\n');
  const tail = cutShort
    ? `\n<note><title>Cut short</title><content><![CDATA[<en-note><div>The export stopped here`
    : '\n</en-export>';
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">\n<en-export export-date="20240101T000000Z" application="Evernote" version="10.0">\n${notes}${tail}`,
  );
}

describe('which .enex uploads go to the background', () => {
  it('by its size or its number of notes, never a file the request refuses', () => {
    const small = enex(BACKGROUND_IMPORT_THRESHOLD.files);
    expect(small.length).toBeLessThan(BACKGROUND_IMPORT_THRESHOLD.bytes);
    expect(runsInBackground('Small.enex', small)).toBe(false);
    expect(runsInBackground('Many.enex', enex(BACKGROUND_IMPORT_THRESHOLD.files + 1))).toBe(true);
    const big = strToU8(
      `<en-export><note><title>Big</title><content><![CDATA[<en-note>${'<div>words</div>'.repeat(140_000)}</en-note>]]></content></note></en-export>`,
    );
    expect(big.length).toBeGreaterThan(BACKGROUND_IMPORT_THRESHOLD.bytes);
    expect(runsInBackground('Big.enex', big)).toBe(true);
    // Not an Evernote export: refused in the request with its sentence, not in a job.
    expect(runsInBackground('Fake.enex', strToU8(`<html>${'<note>'.repeat(100)}</html>`))).toBe(false);
    // In a zip, an .enex counts by its unpacked size, which packs to far less.
    const zipped = zipSync({ 'Big.enex': big }, { level: 9 });
    expect(zipped.length).toBeLessThan(BACKGROUND_IMPORT_THRESHOLD.bytes);
    expect(runsInBackground('Notebooks.zip', zipped)).toBe(true);
  });
});

describe('each note of an .enex is converted in a job of its own', () => {
  it('thousands of notes arrive; the note the file ends inside is named, not counted over the limit', async () => {
    const importer = createImporter();
    try {
      const plan = await importer.plan('user-a', 'Work.enex', enex(1999, true));
      expect(plan.notes.map((n) => n.title)).toEqual(Array.from({ length: 1999 }, (_, i) => `Note ${i + 1}`));
      expect(plan.skipped).toEqual([
        { name: 'Work.enex › Cut short', reason: IMPORT_MESSAGES.skipEnexNoteCutShort },
      ]);
    } finally {
      await importer.close();
    }
  }, 120_000);

  it('a note past the worker time limit is skipped with its reason; the notes around it arrive', async () => {
    // The same limit once held the whole file: one slow note refused every note of the notebook.
    // Reading the file's XML takes milliseconds (the note's text is one CDATA section); converting
    // 40,000 paragraphs takes seconds.
    const importer = createImporter({ timeoutMs: 1000 });
    try {
      const slow = `<note><title>Slow</title><content><![CDATA[<en-note>${Array.from({ length: 40_000 }, (_, i) => `<div>P${i} <b>b</b> w.</div>`).join('')}</en-note>]]></content></note>`;
      const text = new TextDecoder()
        .decode(enex(20))
        .replace('<note><title>Note 11<', `${slow}\n<note><title>Note 11<`);
      const plan = await importer.plan('user-a', 'Work.enex', strToU8(text));
      expect(plan.notes.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${i + 1}`));
      expect(plan.skipped).toEqual([
        { name: 'Work.enex › Slow', reason: IMPORT_MESSAGES.skipEnexNoteTooComplex },
      ]);
    } finally {
      await importer.close();
    }
  }, 120_000);
});

describe.each(dialects)('a large .enex imports in the background (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    ({ cookie } = await signUp(t.app));
    projectId = (await request(t.app, 'POST', '/api/projects', { cookie, body: { name: 'Evernote' } })).json()
      .id;
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  const upload = (fileName: string, bytes: Uint8Array) => {
    const boundary = `----notewise${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/xml\r\n\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `/api/import?projectId=${projectId}`,
      remoteAddress: '127.0.0.1',
      headers: {
        host: 'localhost:3000',
        origin: TEST_ORIGIN,
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };

  it('answers 202 with a job; every note arrives; the note the file ends inside is named', async () => {
    const count = 300;
    const bytes = enex(count, true);
    const accepted = await upload('Work.enex', bytes);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const id = accepted.json().job.id as string;
    let job = accepted.json().job;
    const reading: number[] = [];
    while (job.status === 'running' || job.status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await request(t.app, 'GET', `/api/import-jobs/${id}`, { cookie })).json().job;
      if (job.progress.total === null) reading.push(job.progress.done);
    }
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    expect(job.progress).toEqual({ done: count, total: count });
    // Notes read only count up while the file is converted.
    expect(reading).toEqual([...reading].sort((a, b) => a - b));

    const { imported, skipped } = job.result;
    expect(imported.map((n: { title: string }) => n.title)).toEqual(
      Array.from({ length: count }, (_, i) => `Note ${i + 1}`),
    );
    expect(skipped).toEqual([
      { name: 'Work.enex › Cut short', reason: IMPORT_MESSAGES.skipEnexNoteCutShort },
    ]);
    const last = imported[count - 1];
    expect(last.converted).toContainEqual({ what: 'tags', count: 1 });
    const stored = (await request(t.app, 'GET', `/api/notes/${last.noteId}`, { cookie })).json();
    expect(stored.content).toBe(
      `## Part ${count}\n\nBody of note ${count}, with **bold** words and [a link](https://example.com/${count}).\n\n- first ${count}\n- second ${count}\n\n* [x] task ${count}`,
    );
    expect(stored.tags).toEqual(['bulk']);
    expect(stored.createdAt).toBe('2023-01-01T00:00:00.000Z');
  }, 300_000);
});

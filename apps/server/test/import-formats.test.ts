import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { markdownToDoc, markdownToTextFile } from '@notewise/editor';
import { IMPORT_MESSAGES, IMPORT_REPORT, type ImportedNote } from '@notewise/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocNode } from '../src/modules/export-import/doc-model';
import {
  type DraftStep,
  draftImport,
  enexNote,
  ImportRefused,
} from '../src/modules/export-import/import-files';
import { renderNoteDocx } from '../src/modules/export-import/note-docx';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/*
 * Evernote (.enex), Google Keep (Takeout) and Notion's `_all.csv` twin import with what they hold
 * (decision 059): counts per note taken from the source file (its ENML or JSON, by pattern, not by
 * our reader) against what the stored note holds; every dropped thing named in the summary; a hostile
 * XML file stays inert; a numbered list keeps its start number through import and export.
 */

const FORMATS = path.join(__dirname, 'fixtures/formats');
const ENEX = fs.readFileSync(path.join(FORMATS, 'evernote-sample.enex'), 'utf8');
const KEEP = path.join(FORMATS, 'google-keep-takeout');

function readTree(dir: string, base = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, readTree(path.join(dir, entry.name), rel));
    else out[rel] = new Uint8Array(fs.readFileSync(path.join(dir, entry.name)));
  }
  return out;
}

/** What the import worker's jobs make of an upload: each Evernote note converted as its own job would. */
function draft(fileName: string, bytes: Uint8Array): DraftStep[] {
  const steps: DraftStep[] = [];
  draftImport(fileName, bytes, (step) => steps.push(...('enex' in step ? enexNote(step.enex) : [step])));
  return steps;
}

interface Counts {
  headings: number;
  listItems: number;
  checked: number;
  unchecked: number;
  tables: number;
  rows: number;
  webLinks: number;
  noteLinks: number;
  images: number;
}

/** What a stored note holds, read by the editor's own parser. */
function storedCounts(markdown: string): Counts {
  const counts: Counts = {
    headings: 0,
    listItems: 0,
    checked: 0,
    unchecked: 0,
    tables: 0,
    rows: 0,
    webLinks: 0,
    noteLinks: 0,
    images: 0,
  };
  let lastHref: string | null = null;
  const walk = (node: DocNode) => {
    if (node.type === 'heading') counts.headings += 1;
    if (node.type === 'listItem') counts.listItems += 1;
    if (node.type === 'taskItem') counts[node.attrs?.checked ? 'checked' : 'unchecked'] += 1;
    if (node.type === 'table') counts.tables += 1;
    if (node.type === 'tableRow') counts.rows += 1;
    if (node.type === 'image') counts.images += 1;
    const href = node.marks?.find((mark) => mark.type === 'link')?.attrs?.href as string | undefined;
    if (node.type === 'text' && href && href !== lastHref) {
      if (href.startsWith('/quick-view')) counts.noteLinks += 1;
      else counts.webLinks += 1;
    }
    if (node.type === 'text') lastHref = href ?? null;
    for (const child of node.content ?? []) walk(child);
  };
  walk(markdownToDoc(markdown) as DocNode);
  return counts;
}

const matches = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

interface EnexSource {
  title: string;
  counts: Counts;
  tags: string[];
  created: string;
  updated: string;
  attachments: string[];
  encrypted: number;
}

/** Each `<note>` of the sample, counted on its XML text: the ENML's elements, tags, dates, resources. */
function enexSource(text: string): EnexSource[] {
  return [...text.matchAll(/<note>([\s\S]*?)<\/note>/g)].map(([, xml = '']) => {
    const enml = /<content><!\[CDATA\[([\s\S]*?)\]\]><\/content>/.exec(xml)?.[1] ?? '';
    const attributes = matches(xml, /<(author|source-url)>/g);
    const resourceNames = [
      ...xml.matchAll(/<resource>[\s\S]*?<mime>([^<]+)<\/mime>[\s\S]*?<file-name>([^<]+)</g),
    ];
    const iso = (stamp: string) =>
      stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6.000Z');
    const tasks = {
      checked: matches(enml, /<en-todo checked="true"|--en-checked:true/g),
      unchecked: matches(enml, /<en-todo(?! checked="true")|--en-checked:false/g),
    };
    return {
      title: (/<title>([^<]*)<\/title>/.exec(xml)?.[1] ?? '').replace(/&amp;/g, '&'),
      counts: {
        headings: matches(enml, /<h[1-6][\s>]/g),
        listItems: matches(enml, /<li[\s>]/g) - matches(enml, /--en-checked:/g),
        ...tasks,
        // Kept note attributes (author, source address) are a table of their own at the top.
        tables: matches(enml, /<table[\s>]/g) + (attributes > 0 ? 1 : 0),
        rows: matches(enml, /<tr[\s>]/g) + (attributes > 0 ? attributes + 1 : 0),
        webLinks: matches(enml, /<a href="https?:/g),
        noteLinks: matches(enml, /<a href="evernote:/g),
        images: matches(enml, /<en-media [^>]*type="image\//g),
      },
      tags: [...xml.matchAll(/<tag>([^<]+)<\/tag>/g)].map((m) => m[1] ?? ''),
      created: iso(/<created>([^<]+)</.exec(xml)?.[1] ?? ''),
      updated: iso(/<updated>([^<]+)</.exec(xml)?.[1] ?? ''),
      attachments: resourceNames.filter((m) => !m[1]?.startsWith('image/')).map((m) => m[2] ?? ''),
      encrypted: matches(enml, /<en-crypt[\s>]/g),
    };
  });
}

const countOf = (list: Array<{ what: string; count: number }> | undefined, what: string) =>
  (list ?? []).filter((item) => item.what === what).reduce((sum, item) => sum + item.count, 0);

/** A billion-laughs DOCTYPE with an external entity, in the export and in a note's ENML. */
const HOSTILE_DTD = `<!DOCTYPE en-export [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>`;
const HOSTILE = `<?xml version="1.0"?>
${HOSTILE_DTD}
<en-export><note><title>Laughs &lol9;</title><content><![CDATA[<?xml version="1.0"?>${HOSTILE_DTD.replace('en-export', 'en-note')}<en-note><div>&lol9; &xxe;</div></en-note>]]></content></note></en-export>`;

describe('Evernote, Keep and Notion readers (no database)', () => {
  it('each note of the .enex sample holds what its XML holds; dropped things are named', () => {
    const sources = enexSource(ENEX);
    expect(sources).toHaveLength(6);
    const notes = draft('Sample.enex', strToU8(ENEX)).flatMap((step) => ('note' in step ? [step.note] : []));
    expect(notes.map((note) => note.title)).toEqual(sources.map((source) => source.title));
    const totals = { checked: 0, unchecked: 0, headings: 0, tables: 0 };
    for (const [index, source] of sources.entries()) {
      const note = notes[index]!;
      // Note links become links once the request thread knows every note (tested over the API).
      const counts = storedCounts(note.prepared.content.replace(/\(#import-link-\d+\)/g, '(/quick-view)'));
      expect({ ...counts, images: note.images?.length ?? 0 }, source.title).toEqual(source.counts);
      expect(note.fields?.tags, source.title).toEqual(source.tags);
      expect([note.fields?.createdAt, note.fields?.updatedAt], source.title).toEqual([
        source.created,
        source.updated,
      ]);
      const dropped = note.report?.dropped ?? [];
      expect(
        dropped.filter((d) => d.what === 'attachments').flatMap((d) => d.names ?? []),
        source.title,
      ).toEqual(source.attachments);
      expect(countOf(dropped, 'encrypted text'), source.title).toBe(source.encrypted);
      // Everything dropped is visible where it was, by name.
      for (const name of source.attachments) expect(note.prepared.content).toContain(`\\[${name}\\]`);
      for (const kind of Object.keys(totals) as Array<keyof typeof totals>) totals[kind] += counts[kind];
    }
    // Checked by hand on the sample: 3 checked and 4 open checkboxes, 4 headings, a table and the
    // table of note details.
    expect(totals).toEqual({ checked: 3, unchecked: 4, headings: 4, tables: 2 });
    // The numbered list that starts at 3 keeps its number; nested items are nested.
    expect(notes[0]!.prepared.content).toContain('3. Who owns the API docs?\n4. Do we need');
    expect(notes[0]!.prepared.content).toContain(
      '- Weekly demo on Fridays\n  - Recorded for the remote team',
    );
    expect(notes[3]!.prepared.content).toContain('```\ntotal = sum(actual)\nprint(total)\n```');
    expect(notes[0]!.report?.approximated).toContainEqual({
      what: 'note details',
      count: 2,
      reason: IMPORT_REPORT.noteAttributes,
    });
  });

  it('a billion-laughs DOCTYPE and an external entity are never expanded or read', () => {
    const steps = draft('hostile.enex', strToU8(HOSTILE));
    expect(steps).toHaveLength(1);
    const note = 'note' in steps[0]! ? steps[0].note : null;
    expect(note?.title).toBe('Laughs &lol9;');
    expect(note?.prepared.content).not.toMatch(/lollol|root:/);
    expect(note!.prepared.content.length).toBeLessThan(200);
  });

  it('an .enex that is not an Evernote export is refused with a reason', () => {
    expect(() => draft('notes.enex', strToU8('<html><body>hi</body></html>'))).toThrow(ImportRefused);
    expect(() => draft('notes.enex', strToU8('<html/>'))).toThrow(IMPORT_MESSAGES.skipEnexUnreadable);
    // Inside a zip it is skipped with the same reason and the rest imports.
    const steps = draft('x.zip', zipSync({ 'a.enex': strToU8('<html/>'), 'b.md': strToU8('# B') }));
    expect(steps).toContainEqual({ skip: { name: 'a.enex', reason: IMPORT_MESSAGES.skipEnexUnreadable } });
    expect(steps.filter((step) => 'note' in step)).toHaveLength(1);
  });

  it('a 5 MB .enex of 500 notes imports every note, each attachment named', () => {
    // Most of an Evernote export's bytes are its resources: here a 6.4 KB PDF a note.
    const pdf = Buffer.alloc(6400, 7);
    const hash = crypto.createHash('md5').update(pdf).digest('hex');
    const body = `<en-note><h2>Heading</h2>${'<div>Some words of a note, <b>bold</b> and <a href="https://example.com">a link</a>.</div>'.repeat(12)}<ul><li>one</li><li>two</li></ul><div><en-media hash="${hash}" type="application/pdf"/></div></en-note>`;
    const data = pdf.toString('base64').replace(/.{76}/g, '$&\n');
    const note = (i: number) =>
      `<note><title>Note ${i}</title><content><![CDATA[${body}]]></content><created>20230101T000000Z</created><tag>bulk</tag><resource><data encoding="base64">${data}</data><mime>application/pdf</mime><resource-attributes><file-name>scan-${i}.pdf</file-name></resource-attributes></resource></note>`;
    const text = `<?xml version="1.0"?><en-export>${Array.from({ length: 500 }, (_, i) => note(i)).join('\n')}</en-export>`;
    expect(text.length).toBeGreaterThan(5_000_000);
    const steps = draft('Bulk.enex', strToU8(text));
    expect(steps).toHaveLength(500);
    steps.forEach((step, i) => {
      const imported = 'note' in step ? step.note : null;
      expect(imported?.prepared.content).toContain('- two');
      expect(imported?.fields?.tags).toEqual(['bulk']);
      expect(imported?.report?.dropped).toEqual([
        { what: 'attachments', count: 1, reason: IMPORT_REPORT.attachments, names: [`scan-${i}.pdf`] },
      ]);
    });
  }, 60_000);

  it('Keep Takeout: each JSON note holds what its fields hold; .html twins, trash and labels are listed', () => {
    const files = readTree(KEEP);
    const steps = draft('takeout.zip', zipSync(files));
    const notes = steps.flatMap((step) => ('note' in step ? [step.note] : []));
    const skipped = steps.flatMap((step) => ('skip' in step ? [step.skip] : []));
    const jsons = Object.keys(files).filter((name) => name.endsWith('.json'));
    for (const name of jsons) {
      const json = JSON.parse(new TextDecoder().decode(files[name]));
      const note = notes.find((n) => n.source === name);
      if (json.isTrashed) {
        expect(note, name).toBeUndefined();
        expect(skipped).toContainEqual({ name, reason: IMPORT_MESSAGES.skipKeepTrashed });
        continue;
      }
      const items: Array<{ isChecked: boolean }> = json.listContent ?? [];
      const attachments: Array<{ mimetype: string; filePath: string }> = json.attachments ?? [];
      const details = [json.isArchived, json.isPinned, json.color && json.color !== 'DEFAULT'].filter(
        Boolean,
      ).length;
      const counts = storedCounts(note!.prepared.content);
      expect(counts, name).toEqual({
        headings: 0,
        listItems: (json.annotations ?? []).length,
        checked: items.filter((item) => item.isChecked).length,
        unchecked: items.filter((item) => !item.isChecked).length,
        tables: details > 0 ? 1 : 0,
        rows: details > 0 ? details + 1 : 0,
        webLinks: (json.annotations ?? []).length,
        noteLinks: 0,
        images: attachments.filter((a) => a.mimetype.startsWith('image/')).length,
      });
      expect(note!.images?.length ?? 0, name).toBe(counts.images);
      expect(note!.title, name).toBe(json.title || path.basename(name, '.json'));
      expect(note!.fields?.tags, name).toEqual((json.labels ?? []).map((l: { name: string }) => l.name));
      expect(note!.fields?.createdAt, name).toBe(new Date(json.createdTimestampUsec / 1000).toISOString());
      expect(note!.fields?.updatedAt, name).toBe(new Date(json.userEditedTimestampUsec / 1000).toISOString());
      if (json.textContent) expect(note!.prepared.plainText, name).toContain(json.textContent.split('\n')[0]);
      const others = attachments.filter((a) => !a.mimetype.startsWith('image/')).map((a) => a.filePath);
      expect(
        (note!.report?.dropped ?? []).filter((d) => d.what === 'attachments').flatMap((d) => d.names ?? []),
        name,
      ).toEqual(others);
    }
    expect(notes).toHaveLength(4);
    for (const html of Object.keys(files).filter((name) => name.endsWith('.html')))
      expect(skipped).toContainEqual({ name: html, reason: IMPORT_MESSAGES.skipKeepHtml });
    expect(skipped).toContainEqual({
      name: 'Takeout/Keep/Labels.txt',
      reason: IMPORT_MESSAGES.skipKeepLabels,
    });
    // The attachment was shown by its note: nothing else is listed.
    expect(skipped).toHaveLength(Object.keys(files).filter((n) => n.endsWith('.html')).length + 2);
  });

  it("Notion's X.csv beside X_all.csv: the _all twin imports (all rows and columns), the other is listed", () => {
    const id = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    const steps = draft(
      'notion.zip',
      zipSync({
        [`Export/Tasks ${id}.csv`]: strToU8('Name,Status\nWrite,Done\n'),
        [`Export/Tasks ${id}_all.csv`]: strToU8('Name,Status,Owner\nWrite,Done,Kim\nReview,Open,Lee\n'),
        [`Export/Alone ${id}.csv`]: strToU8('Name\nOnly\n'),
      }),
    );
    const notes = steps.flatMap((step) => ('note' in step ? [step.note] : []));
    expect(notes.map((n) => [n.source, n.title])).toEqual([
      [`Export/Alone ${id}.csv`, 'Alone'],
      [`Export/Tasks ${id}_all.csv`, 'Tasks'],
    ]);
    expect(notes[1]!.prepared.content).toContain('| Owner |');
    expect(storedCounts(notes[1]!.prepared.content).rows).toBe(3);
    expect(steps).toContainEqual({
      skip: { name: `Export/Tasks ${id}.csv`, reason: IMPORT_MESSAGES.skipNotionTwin },
    });
  });

  it('a numbered list keeps its start, a loose list stays one list (Markdown, ENML, Word export)', async () => {
    const [md] = draft(
      'n.md',
      strToU8('# N\n\n3. three\n\n4. four\n\n5. five\n\n- a\n\n- b\n\n  more\n- c\n'),
    );
    const content = 'note' in md! ? md.note.prepared.content : '';
    const doc = markdownToDoc(content) as DocNode;
    expect(doc.content?.map((block) => [block.type, block.attrs?.start, block.content?.length])).toEqual([
      ['orderedList', 3, 3],
      ['bulletList', undefined, 3],
    ]);
    expect(markdownToTextFile(content)).toMatch(/^3\. three\n4\. four\n5\. five\n/);
    // The Word export numbers it from 3 too (the PDF export reads the same attribute).
    const docx = await renderNoteDocx('N', doc);
    expect(new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/numbering.xml'])).toContain(
      '<w:start w:val="3"/>',
    );
    const enex = `<en-export><note><title>L</title><content><![CDATA[<en-note><ol start="7"><li>seven</li><li>eight</li></ol></en-note>]]></content></note></en-export>`;
    const [note] = draft('l.enex', strToU8(enex));
    expect('note' in note! && note.note.prepared.content).toBe('7. seven\n8. eight');
  });
});

describe.each(dialects)('Evernote and Keep imports over the API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  async function account() {
    const a = await signUp(t.app, {});
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ...(body !== undefined ? { body } : {}) });
    const project = (await call('POST', '/api/projects', { name: 'Inbox' })).json();
    const upload = async (fileName: string, bytes: Uint8Array, layout: 'chosen' | 'folders' = 'chosen') => {
      const boundary = `----e1${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/import?projectId=${project.id}&layout=${layout}`,
        headers: {
          host: 'localhost:3000',
          origin: TEST_ORIGIN,
          cookie: a.cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      return response;
    };
    const imported = async (fileName: string, bytes: Uint8Array, layout: 'chosen' | 'folders' = 'chosen') => {
      const response = await upload(fileName, bytes, layout);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        imported: ImportedNote[];
        skipped: Array<{ name: string; reason: string }>;
      };
    };
    const note = async (id: string) => (await call('GET', `/api/notes/${id}`)).json();
    return { ...a, call, project, upload, imported, note };
  }

  it('an .enex: tags, dates, checklists, the image stored and served, a note link leads to the note, the PDF named', async () => {
    const a = await account();
    const result = await a.imported('Work.enex', strToU8(ENEX));
    const sources = enexSource(ENEX);
    expect(result.imported.map((n) => n.title)).toEqual(sources.map((s) => s.title));
    expect(result.skipped).toEqual([]);
    for (const [index, source] of sources.entries()) {
      const summary = result.imported[index]!;
      const stored = await a.note(summary.noteId);
      expect(stored.tags, source.title).toEqual(source.tags);
      expect([stored.createdAt, stored.updatedAt], source.title).toEqual([source.created, source.updated]);
      expect(storedCounts(stored.content), source.title).toEqual(source.counts);
      expect(summary.imagesImported ?? 0, source.title).toBe(source.counts.images);
      expect(countOf(summary.converted, 'links'), source.title).toBe(source.counts.noteLinks);
    }
    const budget = await a.note(result.imported[3]!.noteId);
    const link = /\[Project kickoff & plan\]\(\/quick-view\?project=[^&]+&note=([^)]+)\)/.exec(
      budget.content,
    );
    expect(link?.[1]).toBe(result.imported[0]!.noteId);
    const photo = await a.note(result.imported[4]!.noteId);
    const image = /!\[whiteboard\.png\]\((\/api\/images\/[^)]+)\)/.exec(photo.content)?.[1];
    expect((await a.call('GET', image!)).statusCode).toBe(200);
    expect(result.imported[4]!.dropped).toContainEqual({
      what: 'attachments',
      count: 1,
      reason: IMPORT_REPORT.attachments,
      names: ['receipt.pdf'],
    });
    expect(result.imported[5]!.dropped).toContainEqual({
      what: 'encrypted text',
      count: 1,
      reason: IMPORT_REPORT.encrypted,
    });
  });

  it('.enex files in a zip: each notebook is a folder (a project with "one project per folder")', async () => {
    const a = await account();
    const result = await a.imported(
      'evernote.zip',
      zipSync({
        'Work.enex': strToU8(ENEX),
        'Home.enex': strToU8(ENEX.replace(/<note>[\s\S]*<\/note>/, '')),
      }),
      'folders',
    );
    expect(result.imported).toHaveLength(6);
    const projects = (await a.call('GET', '/api/projects')).json();
    const work = (projects.projects ?? projects).find((p: { name: string }) => p.name === 'Work');
    expect(work).toBeDefined();
    expect(new Set(result.imported.map((n) => n.projectId))).toEqual(new Set([work.id]));
  });

  it('a hostile .enex imports as inert text; a file that is not one is refused with its reason', async () => {
    const a = await account();
    const result = await a.imported('hostile.enex', strToU8(HOSTILE));
    expect(result.imported).toHaveLength(1);
    const stored = await a.note(result.imported[0]!.noteId);
    expect(stored.content).not.toMatch(/lollol|root:/);
    const refused = await a.upload('fake.enex', strToU8('{"not": "xml"}'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(IMPORT_MESSAGES.skipEnexUnreadable);
  });

  it('a Keep Takeout zip: checklists keep their state, labels are tags, the photo is stored; twins and trash listed', async () => {
    const a = await account();
    const result = await a.imported('takeout.zip', zipSync(readTree(KEEP)));
    expect(result.imported.map((n) => n.title).sort()).toEqual([
      'Book ideas',
      'Parking spot',
      'Shopping',
      'Voice memo',
    ]);
    const by = (title: string) => result.imported.find((n) => n.title === title)!;
    const shopping = await a.note(by('Shopping').noteId);
    // Takeout's `Keep` folder is a folder like any other: a path tag here (a project with "folders").
    expect(shopping.tags).toEqual(['home', 'Keep']);
    expect(shopping.content).toContain('- [x] Oat milk\n- [ ] Apples\n- [ ] Dish soap\n- [x] Rice');
    expect(shopping.createdAt).toBe('2023-11-03T08:26:40.000Z');
    expect(by('Parking spot').imagesImported).toBe(1);
    const parking = await a.note(by('Parking spot').noteId);
    const image = /\((\/api\/images\/[^)]+)\)/.exec(parking.content)?.[1];
    expect((await a.call('GET', image!)).statusCode).toBe(200);
    expect((await a.note(by('Book ideas').noteId)).tags).toEqual(['writing', 'ideas', 'Keep']);
    expect(result.skipped.map((s) => s.reason).sort()).toEqual(
      [
        ...Array(5).fill(IMPORT_MESSAGES.skipKeepHtml),
        IMPORT_MESSAGES.skipKeepLabels,
        IMPORT_MESSAGES.skipKeepTrashed,
      ].sort(),
    );
  });

  it('a numbered list from 3 keeps its start in the Markdown and text exports', async () => {
    const a = await account();
    const result = await a.imported('list.md', strToU8('3. three\n4. four\n'));
    const id = result.imported[0]!.noteId;
    const md = await a.call('GET', `/api/notes/${id}/export?format=md`);
    expect(md.body).toContain('3. three\n4. four');
    const txt = await a.call('GET', `/api/notes/${id}/export?format=txt`);
    expect(txt.body).toContain('3. three\n4. four');
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markdownToDoc, sanitizeMarkdown } from '@notewise/editor';
import { IMPORT_LIMITS, IMPORT_MESSAGES, IMPORT_REPORT } from '@notewise/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentHeader, safeFileStem, UniqueNames } from '../src/modules/export-import/file-names';
import { decodeText, safeEntryPath } from '../src/modules/export-import/import-files';
import { renderNoteDocx } from '../src/modules/export-import/note-docx';
import { renderNotePdf } from '../src/modules/export-import/note-pdf';
import { createRenderPool, EXPORT_BUSY_MESSAGE } from '../src/modules/export-import/render-pool';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/** Export and import: real files read back by independent readers (unzip, pdftotext). */

const RICH_NOTE = [
  '# Heading One',
  '',
  'Plain then **bold words** and *italic words* and <u>underlined</u> and <mark data-color="#fef08a">marked</mark> and <span style="color: #ef4444">red text</span>.',
  '',
  '> A quoted line',
  '',
  '- first bullet',
  '- second bullet',
  '',
  '1. step one',
  '2. step two',
  '',
  '* [ ] open task',
  '* [x] done task',
].join('\n');

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'notewise-pdf-')), 'note.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(fileName: string, bytes: Uint8Array, contentType = 'application/octet-stream') {
  const boundary = `----notewise${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('note converters (hand-built documents with every editor node)', () => {
  // Built by hand so the converters are tested on every node, not only what Markdown parsing makes.
  const doc = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Section' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'struck', marks: [{ type: 'strike' }] },
          { type: 'text', text: ' and ' },
          { type: 'text', text: 'inline code', marks: [{ type: 'code' }] },
          { type: 'hardBreak' },
          { type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
        ],
      },
      {
        type: 'codeBlock',
        attrs: { language: 'js' },
        content: [{ type: 'text', text: 'const x = 1;\n  return x;' }],
      },
      { type: 'horizontalRule' },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableHeader',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Name' }] }],
              },
              {
                type: 'tableHeader',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Qty' }] }],
              },
            ],
          },
          {
            type: 'tableRow',
            content: [
              {
                type: 'tableCell',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Apples' }] }],
              },
              { type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: '3' }] }] },
            ],
          },
        ],
      },
      { type: 'image', attrs: { src: 'https://example.com/a.png', alt: 'diagram' } },
      { type: 'futureWidget', content: [{ type: 'text', text: 'unknown node text' }] },
    ],
  };

  it('PDF keeps every node as text, code in a monospaced font, in order', async () => {
    const pdf = await renderNotePdf('Converters', doc);
    const text = pdfText(pdf);
    const order = [
      'Converters',
      'Section',
      'struck',
      'inline code',
      'a link',
      'const x = 1;',
      'return x;',
      'Name',
      'Qty',
      'Apples',
      '[image: diagram]',
      'unknown node text',
    ];
    let at = -1;
    for (const piece of order) {
      const next = text.indexOf(piece, at + 1);
      expect(next, `${piece} after position ${at} in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }
    expect(pdf.toString('latin1')).toMatch(/DejaVuSansMono/);
    // No download and no screenshot: the fonts are embedded and text is text.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('Word keeps strike, code font, table cells and unknown nodes', async () => {
    const docx = await renderNoteDocx('Converters', doc);
    const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']!);
    expect(xml).toMatch(/<w:strike\/>[\s\S]*?struck/);
    expect(xml).toMatch(/Courier New[\s\S]*?inline code/);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/Apples/);
    expect(xml).toContain('unknown node text');
    expect(xml).toContain('[image: diagram]');
  });
});

describe('file names, paths and text decoding', () => {
  it('makes names safe on every system, unique per folder', () => {
    expect(safeFileStem('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(safeFileStem('  ..hidden.. ')).toBe('hidden');
    expect(safeFileStem('CON')).toBe('_CON');
    expect(safeFileStem('nul.txt')).toBe('_nul.txt');
    expect(safeFileStem('\u202eevil\u0000')).toBe('evil');
    expect(safeFileStem('')).toBe('Untitled');
    expect([...safeFileStem('é'.repeat(300))]).toHaveLength(100);
    const names = new UniqueNames();
    expect([names.take('Plan', '.md'), names.take('plan', '.md'), names.take('Plan', '.md')]).toEqual([
      'Plan.md',
      'plan (2).md',
      'Plan (3).md',
    ]);
    expect(attachmentHeader('naïve "x".pdf')).toBe(
      `attachment; filename="na_ve _x_.pdf"; filename*=UTF-8''na%C3%AFve%20%22x%22.pdf`,
    );
  });

  it('refuses archive paths that leave the archive', () => {
    for (const bad of [
      '../x.md',
      'a/../../x.md',
      '/etc/passwd',
      'C:\\x.md',
      'c:x.md',
      '..\\..\\x.md',
      'a/\u0000.md',
    ]) {
      expect(safeEntryPath(bad), bad).toBeNull();
    }
    expect(safeEntryPath('./a//b/./c.md')).toBe('a/b/c.md');
  });

  it('reads UTF-8, UTF-16 with a BOM and Windows-1252; refuses binary', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toBe('hé');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toBe('hé');
    expect(decodeText(Uint8Array.from([0x93, 0x68, 0x69, 0x94, 0x80]))).toBe('“hi”€');
    expect(decodeText(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00]))).toBeNull();
  });
});

// Generous time limits: here the worker starts from TypeScript (tsx), seconds on a loaded machine.
describe('render worker', () => {
  const longNote = Array.from(
    { length: 3000 },
    (_, i) => `Paragraph ${i} with **bold** words to lay out.`,
  ).join('\n\n');

  it('keeps the event loop free while a long note renders, and limits the queue', async () => {
    const pool = createRenderPool({ maxWaiting: 2 });
    try {
      const rendering = pool.render('pdf', 'Long', longNote);
      const queued = pool.render('docx', 'Short', 'x');
      const refused = pool.render('pdf', 'Third', 'y');
      await expect(pool.render('pdf', 'Fourth', 'z')).rejects.toMatchObject({
        statusCode: 503,
        message: EXPORT_BUSY_MESSAGE,
      });
      // Timers keep firing while the worker lays out the PDF.
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const pdf = await rendering;
      clearInterval(ticker);
      expect(ticks).toBeGreaterThan(5);
      expect(pdfText(pdf)).toContain('Paragraph 599 with bold words');
      expect((await queued).subarray(0, 2).toString()).toBe('PK');
      expect((await refused).subarray(0, 4).toString()).toBe('%PDF');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('stops a render past its time limit and carries on with a fresh worker', async () => {
    // Limits far apart: the long note takes several times the limit even on an idle machine (10,000
    // paragraphs once finished inside it there), the short one well under a second on a loaded one.
    const pool = createRenderPool({ timeoutMs: 2500 });
    const veryLong = Array.from(
      { length: 50_000 },
      (_, i) => `Paragraph ${i} with **bold** words to lay out.`,
    ).join('\n\n');
    try {
      await expect(pool.render('pdf', 'Longer', veryLong)).rejects.toMatchObject({ statusCode: 413 });
      const small = await pool.render('pdf', 'Small', 'Still works');
      expect(pdfText(small)).toContain('Still works');
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe.each(dialects)('export and import on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  async function account(name = 'Writer') {
    const a = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ...(body !== undefined ? { body } : {}) });
    const project = (await call('POST', '/api/projects', { name: 'Recipes: "best" / 2026' })).json();
    const upload = (projectId: string, fileName: string, bytes: Uint8Array) => {
      const body = multipart(fileName, bytes);
      return t.app.inject({
        method: 'POST',
        url: `/api/import?projectId=${projectId}`,
        headers: {
          host: 'localhost:3000',
          origin: TEST_ORIGIN,
          cookie: a.cookie,
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
    };
    return { ...a, call, project, upload };
  }

  it('exports a note as Markdown with front matter, plain text, PDF and Word', async () => {
    const a = await account();
    const note = (
      await a.call('POST', '/api/notes', {
        projectId: a.project.id,
        title: 'Café plan: "Q1"',
        content: RICH_NOTE,
      })
    ).json();

    const md = await a.call('GET', `/api/notes/${note.id}/export?format=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ plan- -Q1-.md"; filename*=UTF-8''Caf%C3%A9%20plan-%20-Q1-.md`,
    );
    expect(md.body).toMatch(
      /^---\ntitle: "Café plan: \\"Q1\\""\nproject: "Recipes: \\"best\\" \/ 2026"\ncreated: \d{4}-.+Z\nupdated: .+Z\n---\n\n# Heading One/,
    );

    const txt = await a.call('GET', `/api/notes/${note.id}/export?format=txt`);
    expect(txt.headers['content-type']).toMatch(/^text\/plain/);
    expect(txt.body).toContain('Plain then bold words and italic words');
    expect(txt.body).not.toContain('**');

    const pdf = await a.call('GET', `/api/notes/${note.id}/export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    const order = [
      'Café plan: "Q1"',
      'Heading One',
      'bold words',
      'italic words',
      'underlined',
      'marked',
      'red text',
      'A quoted line',
      'first bullet',
      'second bullet',
      'step one',
      'step two',
      '☐ open task',
      '☑ done task',
    ];
    let at = -1;
    for (const piece of order) {
      const next = text.indexOf(piece, at + 1);
      expect(next, `${piece} in order in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }

    const docx = await a.call('GET', `/api/notes/${note.id}/export?format=docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-disposition']).toMatch(/\.docx"; filename\*=UTF-8''Caf%C3%A9/);
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    // Real runs: the formatting sits in the run properties of the very run holding the words.
    expect(xml).toMatch(
      /<w:r><w:rPr><w:b\/>(?:(?!<\/w:r>)[\s\S])*?<w:t xml:space="preserve">bold words<\/w:t>/,
    );
    expect(xml).toMatch(
      /<w:r><w:rPr>(?:(?!<\/w:r>)[\s\S])*?<w:i\/>(?:(?!<\/w:r>)[\s\S])*?italic words<\/w:t>/,
    );
    expect(xml).toMatch(/<w:u w:val="single"\/>(?:(?!<\/w:r>)[\s\S])*?underlined/);
    expect(xml).toMatch(/<w:color w:val="EF4444"\/>(?:(?!<\/w:r>)[\s\S])*?red text/);
    expect(xml).toMatch(/w:fill="FEF08A"(?:(?!<\/w:r>)[\s\S])*?marked/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?Heading One/);
    // Real list numbering: list paragraphs point at numbering definitions, numbered ones decimal.
    const numbered = [
      ...xml.matchAll(
        /<w:numPr><w:ilvl w:val="0"\/><w:numId w:val="(\d+)"\/><\/w:numPr>(?:(?!<\/w:p>)[\s\S])*?<w:t[^>]*>([^<]+)</g,
      ),
    ].map((m) => [m[1], m[2]]);
    const numIdOf = (words: string) => numbered.find(([, text]) => text === words)?.[0];
    expect(numIdOf('first bullet')).toBeDefined();
    expect(numIdOf('step one')).toBeDefined();
    expect(numIdOf('step one')).toBe(numIdOf('step two'));
    expect(numIdOf('step one')).not.toBe(numIdOf('first bullet'));
    const numbering = strFromU8(files['word/numbering.xml']!);
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(xml).toContain('☐ ');
    expect(xml).toContain('☑ ');

    const bad = await a.call('GET', `/api/notes/${note.id}/export?format=exe`);
    expect(bad.statusCode).toBe(400);
  });

  it("exports the editor's code, tables, rules, strike and images, and round-trips them", async () => {
    const a = await account();
    const content = [
      'Text ~~gone~~ and `inline code`',
      '',
      '```js',
      'const a = 1;',
      '  return a;',
      '```',
      '',
      '---',
      '',
      '| Name | Qty |',
      '| --- | --- |',
      '| Apples | 3 |',
      '',
      '![diagram](https://example.com/a.png)',
      '',
      '#### Deep heading',
    ].join('\n');
    const note = (
      await a.call('POST', '/api/notes', { projectId: a.project.id, title: 'Schema', content })
    ).json();
    const pdf = await a.call('GET', `/api/notes/${note.id}/export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    let at = -1;
    for (const piece of [
      'gone',
      'inline code',
      'const a = 1;',
      'return a;',
      'Name',
      'Qty',
      'Apples',
      '[image: diagram]',
      'Deep heading',
    ]) {
      const next = text.indexOf(piece, at + 1);
      expect(next, `${piece} in order in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }
    expect(pdf.rawPayload.toString('latin1')).toMatch(/DejaVuSansMono/);

    const docx = await a.call('GET', `/api/notes/${note.id}/export?format=docx`);
    const xml = strFromU8(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml']!);
    expect(xml).toMatch(/<w:strike\/>(?:(?!<\/w:r>)[\s\S])*?gone/);
    expect(xml).toMatch(/Courier New(?:(?!<\/w:r>)[\s\S])*?inline code/);
    expect(xml).toMatch(/Courier New(?:(?!<\/w:r>)[\s\S])*?const a = 1;/);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:pStyle w:val="Heading4"\/>[\s\S]*?Deep heading/);

    const md = await a.call('GET', `/api/notes/${note.id}/export?format=md`);
    const back = await a.upload(a.project.id, 'Schema.md', md.rawPayload);
    const reimported = (await a.call('GET', `/api/notes/${back.json().imported[0].noteId}`)).json();
    expect(reimported.content).toBe(note.content);
    expect(markdownToDoc(reimported.content)).toEqual(markdownToDoc(note.content));
  });

  it('authorizes export like reading: strangers 404, members of a shared project yes', async () => {
    const owner = await account('Owner');
    const stranger = await account('Stranger');
    const member = await account('Member');
    const shared = (
      await owner.call('POST', '/api/shared-projects', { name: 'Team', color: 'green' })
    ).json();
    const note = (
      await owner.call('POST', '/api/notes', {
        projectId: shared.id,
        title: 'Shared plan',
        content: 'Team text',
      })
    ).json();
    expect((await member.call('POST', '/api/shared-projects/join', { code: shared.code })).statusCode).toBe(
      200,
    );

    for (const format of ['md', 'txt', 'pdf', 'docx']) {
      expect((await stranger.call('GET', `/api/notes/${note.id}/export?format=${format}`)).statusCode).toBe(
        404,
      );
      expect((await member.call('GET', `/api/notes/${note.id}/export?format=${format}`)).statusCode).toBe(
        200,
      );
    }
    expect((await stranger.call('GET', `/api/projects/${shared.id}/export`)).statusCode).toBe(404);
    const anonymous = await request(t.app, 'GET', `/api/notes/${note.id}/export?format=md`);
    expect(anonymous.statusCode).toBe(401);

    // The member's whole-account export includes the shared project, in its own folder.
    const all = await member.call('GET', '/api/export');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/zip');
    const names = Object.keys(unzipSync(new Uint8Array(all.rawPayload)));
    expect(names).toContain('Team/Shared plan.md');
    expect(names.some((name) => name.startsWith('Recipes- -best- - 2026/'))).toBe(false); // empty project: no files
    // The stranger's export has none of it.
    const theirs = Object.keys(
      unzipSync(new Uint8Array((await stranger.call('GET', '/api/export')).rawPayload)),
    );
    expect(theirs.some((name) => name.startsWith('Team/'))).toBe(false);
  });

  it('project zip: one folder, unique safe names, front matter, every note across pages', async () => {
    const a = await account();
    for (let i = 0; i < 205; i++) {
      await a.call('POST', '/api/notes', {
        projectId: a.project.id,
        title: i < 3 ? 'Same: name?' : `Note ${i}`,
        content: `Body ${i}`,
      });
    }
    const zip = await a.call('GET', `/api/projects/${a.project.id}/export`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="Recipes- -best- - 2026\.zip"/);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(205);
    expect(
      names.filter((name) => /^Recipes- -best- - 2026\/Same- name-( \(\d\))?\.md$/.test(name)),
    ).toHaveLength(3);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(205);
    expect(strFromU8(files['Recipes- -best- - 2026/Note 204.md']!)).toMatch(
      /^---\ntitle: "Note 204"[\s\S]*\n---\n\nBody 204\n$/,
    );
  });

  it('Markdown export re-imports to the same document (round trip)', async () => {
    const a = await account();
    const note = (
      await a.call('POST', '/api/notes', { projectId: a.project.id, title: 'Round trip', content: RICH_NOTE })
    ).json();
    const md = await a.call('GET', `/api/notes/${note.id}/export?format=md`);
    const target = (await a.call('POST', '/api/projects', { name: 'Imported' })).json();
    const imported = await a.upload(target.id, 'Round trip.md', md.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json();
    expect(result.skipped).toEqual([]);
    expect(result.imported).toHaveLength(1);
    const back = (await a.call('GET', `/api/notes/${result.imported[0].noteId}`)).json();
    expect(back.title).toBe('Round trip');
    expect(back.projectId).toBe(target.id);
    expect(markdownToDoc(back.content)).toEqual(markdownToDoc(note.content));
    expect(back.content).toBe(note.content);
  });

  it('imports a Markdown zip from another app: nested folders, front matter, unreadable images counted', async () => {
    const a = await account();
    const cp1252 = Uint8Array.from([
      ...Buffer.from('Caf'),
      0xe9,
      ...Buffer.from(' cr'),
      0xe8,
      ...Buffer.from('me'),
    ]);
    const zip = zipSync({
      'Vault/Daily/2026-01-01.md': strToU8(
        '---\ntitle: "New year: plans"\ntags: [a, b]\n---\n\n# Goals\n\nSee [[Other page|the other page]] and ![[photo.png]].\n',
      ),
      'Vault/Projects/Deep/Bear note.md': strToU8(
        '# Bear title\n\nText with ![cat](assets/cat.png) inside.\n',
      ),
      'Vault/Projects/Deep/assets/cat.png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
      'Vault/photo.png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
      'Notion Page 0123456789abcdef0123456789abcdef.md': strToU8('Just text, no heading.\n'),
      'legacy.txt': cp1252,
      'binary.txt': Uint8Array.from([0, 1, 2, 3, 4, 5]),
      'empty.md': new Uint8Array(),
      'script.md': strToU8(
        '# Hostile\n\n<script>alert(1)</script><img src=x onerror=alert(1)>[x](javascript:alert(1))\n',
      ),
      '.obsidian/workspace.json': strToU8('{}'),
      'readme.pdf': strToU8('%PDF'),
    });
    const response = await a.upload(a.project.id, 'vault.zip', zip);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const titles = result.imported.map((note: { title: string }) => note.title).sort();
    expect(titles).toEqual(['Bear title', 'Hostile', 'New year: plans', 'Notion Page', 'legacy']);
    const reasons = Object.fromEntries(
      result.skipped.map((skip: { name: string; reason: string }) => [skip.name, skip.reason]),
    );
    expect(reasons['empty.md']).toBe(IMPORT_MESSAGES.skipEmpty);
    expect(reasons['binary.txt']).toBe(IMPORT_MESSAGES.skipNotText);
    // Both pictures are named by a note and found (no longer "not in the archive"); four bytes are no
    // picture, so the upload pipeline refuses them and each note's summary counts one.
    expect(reasons['Vault/photo.png']).toBeUndefined();
    for (const source of ['Vault/Daily/2026-01-01.md', 'Vault/Projects/Deep/Bear note.md']) {
      const summary = result.imported.find((note: { source: string }) => note.source === source);
      expect(summary.dropped).toContainEqual({
        what: 'images',
        count: 1,
        reason: IMPORT_REPORT.imageRejected,
      });
    }
    expect(reasons['.obsidian/workspace.json']).toBe(IMPORT_MESSAGES.skipHidden);
    expect(reasons['readme.pdf']).toBe(IMPORT_MESSAGES.skipUnsupported);

    const byTitle = async (title: string) => {
      const id = result.imported.find((note: { title: string }) => note.title === title).noteId;
      return (await a.call('GET', `/api/notes/${id}`)).json();
    };
    const daily = await byTitle('New year: plans');
    expect(daily.content).not.toContain('tags:');
    expect(daily.content).toContain('# Goals');
    expect(daily.tags).toEqual(['a', 'b', 'Vault/Daily']); // the folder as a path tag
    // A link to a note not in the upload keeps its text, without the brackets.
    expect(daily.content).toContain('See the other page and');
    expect((await byTitle('legacy')).content).toBe('Café crème');
    const hostile = (await byTitle('Hostile')).content;
    // Through the sanitizer: no link to javascript:, and raw HTML only ever as visible text (decision 023).
    const hostileDoc = markdownToDoc(hostile);
    expect(JSON.stringify(hostileDoc)).not.toMatch(/"href":"javascript/i);
    expect(sanitizeMarkdown(hostile)).toBe(hostile);
    const htmlNodes = JSON.stringify(hostileDoc).match(/"type":"(\w+)"/g) ?? [];
    expect(htmlNodes.every((type) => /doc|paragraph|text|codeBlock|heading|link/.test(type))).toBe(true);
    expect((await byTitle('Bear title')).content).toBe('Text with  inside.');
  });

  it('refuses zip bombs, oversized and unsupported uploads with clear messages; writes nothing outside', async () => {
    const a = await account();
    const bomb = zipSync({ 'zeros.md': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const refusedBomb = await a.upload(a.project.id, 'bomb.zip', bomb);
    expect(refusedBomb.statusCode).toBe(400);
    expect(refusedBomb.json().error.message).toBe(IMPORT_MESSAGES.zipBomb);

    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= IMPORT_LIMITS.maxZipEntries; i++) many[`n${i}.md`] = strToU8('x');
    const refusedMany = await a.upload(a.project.id, 'many.zip', zipSync(many));
    expect(refusedMany.statusCode).toBe(400);
    expect(refusedMany.json().error.message).toBe(IMPORT_MESSAGES.zipTooManyEntries);

    const notZip = await a.upload(a.project.id, 'broken.zip', strToU8('this is not a zip'));
    expect(notZip.json().error.message).toBe(IMPORT_MESSAGES.zipUnreadable);

    const exe = await a.upload(a.project.id, 'tool.exe', strToU8('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe(IMPORT_MESSAGES.unsupportedType);

    const huge = await a.upload(
      a.project.id,
      'huge.md',
      new Uint8Array(IMPORT_LIMITS.maxUploadBytes + 10).fill(97),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(IMPORT_MESSAGES.tooLarge);

    const marker = `escape-${Date.now()}.md`;
    const traversal = zipSync({
      [`../../${marker}`]: strToU8('# Escaped'),
      [`/tmp/${marker}`]: strToU8('# Absolute'),
      [`..\\..\\${marker}`]: strToU8('# Backslashes'),
      'ok.md': strToU8('# Fine'),
    });
    const response = await a.upload(a.project.id, 'traversal.zip', traversal);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.imported.map((note: { title: string }) => note.title)).toEqual(['Fine']);
    expect(
      result.skipped.filter((skip: { reason: string }) => skip.reason === IMPORT_MESSAGES.skipUnsafePath),
    ).toHaveLength(3);
    for (const base of [t.testDb.dataDir, process.cwd(), os.tmpdir(), '/']) {
      expect(fs.existsSync(path.resolve(base, '../..', marker))).toBe(false);
      expect(fs.existsSync(path.resolve(base, marker))).toBe(false);
    }
    expect(fs.existsSync(`/tmp/${marker}`)).toBe(false);

    // A form with a field and no file; a form with two files (only one is read).
    const boundary = '----notewisefields';
    const fieldOnly = await t.app.inject({
      method: 'POST',
      url: `/api/import?projectId=${a.project.id}`,
      headers: {
        host: 'localhost:3000',
        origin: TEST_ORIGIN,
        cookie: a.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json().error.message).toBe(IMPORT_MESSAGES.noFile);
    const part = (name: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/markdown\r\n\r\n${body}\r\n`;
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: `/api/import?projectId=${a.project.id}`,
      headers: {
        host: 'localhost:3000',
        origin: TEST_ORIGIN,
        cookie: a.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `${part('one.md', '# One')}${part('two.md', '# Two')}--${boundary}--\r\n`,
    });
    expect(twoFiles.statusCode).toBe(200);
    expect(twoFiles.json().imported.map((n: { title: string }) => n.title)).toEqual(['One']);
    const badProject = await a.upload('not-a-project', 'x.md', strToU8('# x'));
    expect(badProject.statusCode).toBe(404);

    const empty = await a.upload(a.project.id, 'empty.txt', new Uint8Array());
    expect(empty.json()).toMatchObject({
      imported: [],
      skipped: [{ name: 'empty.txt', reason: IMPORT_MESSAGES.skipEmpty }],
    });
  });

  it('imports .txt and .docx; checks the project and the plan like creating a note', async () => {
    const a = await account();
    const txt = await a.upload(
      a.project.id,
      'Shopping.txt',
      strToU8('milk\n# not a heading\n\n**not bold**'),
    );
    const txtNote = (await a.call('GET', `/api/notes/${txt.json().imported[0].noteId}`)).json();
    expect(txtNote.title).toBe('Shopping');
    expect(txtNote.content).toBe('milk\\\n\\# not a heading\n\n\\*\\*not bold\\*\\*');

    const docxBytes = await renderNoteDocx('From Word', markdownToDoc(RICH_NOTE));
    const docx = await a.upload(a.project.id, 'From Word.docx', docxBytes);
    expect(docx.statusCode, docx.body).toBe(200);
    const docxNote = (await a.call('GET', `/api/notes/${docx.json().imported[0].noteId}`)).json();
    expect(docxNote.content).toContain('**bold words**');
    expect(docxNote.content).toContain('*italic words*');
    expect(docxNote.content).toMatch(/1\. step one/);

    const stranger = await account('Stranger');
    const foreign = await stranger.upload(a.project.id, 'x.md', strToU8('# x'));
    expect(foreign.statusCode).toBe(404);
    const json = await a.call('POST', `/api/import?projectId=${a.project.id}`, { file: 'x' });
    expect(json.statusCode).toBe(415);

    await t.database.db
      .updateTable('users')
      .set({ plan: 'FREE', plan_expires_at: null })
      .where('email', '=', a.email)
      .execute();
    t.sessions.forgetUser(a.user.id);
    const free = await a.upload(a.project.id, 'x.md', strToU8('# x'));
    expect(free.statusCode).toBe(403);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { markdownToDoc, sanitizeMarkdown } from '@notewise/editor';
import { IMPORT_LIMITS, IMPORT_REPORT, type ImportResult } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMammothHtml } from '../src/modules/export-import/docx-html';
import { docxParts, imageAllowance } from '../src/modules/export-import/docx-import';
import { htmlToDoc } from '../src/modules/export-import/docx-to-doc';
import { InflateBudget } from '../src/modules/export-import/import-budget';
import { docxNote } from '../src/modules/export-import/import-files';
import { renderNoteDocx } from '../src/modules/export-import/note-docx';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/*
 * Word import fidelity (decision 054): the mammoth.js test documents (BSD-2, fixtures/third-party/
 * mammoth) counted in their XML and in the imported note, our own .docx export read back block by
 * block, and what the summary says about what was approximated or dropped.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures/third-party/mammoth');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

interface Counts {
  headings: number;
  listItems: number;
  tasks: number;
  tables: number;
  rows: number;
  links: number;
  images: number;
}

/** What a .docx holds, counted in its XML (independently of mammoth). */
function sourceCounts(docx: Uint8Array): Counts {
  const files = unzipSync(docx);
  const xml = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml']
    .map((name) => (files[name] ? strFromU8(files[name]) : ''))
    .join('');
  const count = (pattern: RegExp) => xml.match(pattern)?.length ?? 0;
  return {
    headings: count(/<w:pStyle w:val="Heading\d"\/>/g),
    // Footnotes and endnotes arrive as a numbered list at the end.
    listItems: count(/<w:numPr>/g) + count(/<w:(?:footnote|endnote)Reference /g),
    tasks: count(/<w:t[^>]*>[☐☑☒]/g),
    tables: count(/<w:tbl>/g),
    rows: count(/<w:tr[ >]/g),
    links: count(/<w:hyperlink r:id=/g),
    images: count(/<a:blip r:embed=/g),
  };
}

/** What an imported note holds, counted in its editor document. */
function noteCounts(markdown: string): Counts {
  const counts: Counts = { headings: 0, listItems: 0, tasks: 0, tables: 0, rows: 0, links: 0, images: 0 };
  const linked = new Set<string>();
  const visit = (node: JSONContent) => {
    if (node.type === 'heading') counts.headings += 1;
    if (node.type === 'listItem') counts.listItems += 1;
    if (node.type === 'taskItem') counts.tasks += 1;
    if (node.type === 'table') counts.tables += 1;
    if (node.type === 'tableRow') counts.rows += 1;
    if (node.type === 'image') counts.images += 1;
    for (const mark of node.marks ?? []) if (mark.type === 'link') linked.add(String(mark.attrs?.href));
    node.content?.forEach(visit);
  };
  visit(markdownToDoc(markdown));
  counts.links = linked.size;
  return counts;
}

async function importDocx(bytes: Uint8Array, name = 'file.docx') {
  const budget = new InflateBudget(IMPORT_LIMITS.maxTotalUncompressedBytes);
  const read = docxParts(bytes, budget, imageAllowance(budget));
  if (!('parts' in read)) throw new Error(`refused: ${read.refused}`);
  const [step] = await docxNote(name, read.parts);
  if (!step || !('note' in step)) throw new Error(`not imported: ${JSON.stringify(step)}`);
  return step.note;
}

/** Every editor node and mark our .docx export writes. */
const EVERYTHING = [
  '# Plan',
  '',
  'Intro with **bold**, *italic*, <u>underline</u>, ~~strike~~, `code` and a [link](https://example.com/a?b=1).',
  '',
  '## Lists',
  '',
  '- first',
  '- second',
  '  - nested a',
  '  - nested b',
  '- third',
  '',
  '1. one',
  '2. two',
  '   1. two point one',
  '',
  '- [ ] open task',
  '- [x] done task',
  '  - [ ] nested task',
  '    - nested bullet under a task',
  '- [ ] another',
  '',
  '* after the checklist',
  '',
  '### Code',
  '',
  '```ts',
  'const x = 1;',
  '  return x;',
  '```',
  '',
  '```',
  'plain code, no language',
  '```',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| a | 1 |',
  '| b **bold** | [l](https://x.org) |',
  '',
  '> A quote with *emphasis*',
  '',
  '---',
  '',
  '#### Small heading',
  '',
  'Last paragraph with <u>**both**</u> and a link [back to the plan](#plan).',
].join('\n');

describe('Word import: the mammoth.js test documents', () => {
  const files = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.docx'));

  it.each(files)(
    '%s: headings, list items, tasks, tables, rows, links and images all arrive',
    async (name) => {
      const bytes = fixture(name);
      const note = await importDocx(bytes, name);
      const source = sourceCounts(bytes);
      const imported = noteCounts(note.prepared.content);
      // Word linked (not embedded) pictures cannot be fetched: reported as dropped instead.
      const linkedOnly = name === 'external-picture.docx';
      expect(imported).toEqual({ ...source, images: linkedOnly ? 0 : source.images });
      if (linkedOnly)
        expect(note.report?.dropped).toContainEqual(
          expect.objectContaining({ what: 'linked images', count: 1 }),
        );
      // Bookmarks (`_GoBack` in several of these) and footnote back-links never become text.
      expect(note.prepared.content).not.toMatch(/<a id=|_GoBack|↑|&#32;/);
      expect(note.images?.length ?? 0).toBe(imported.images);
    },
  );

  it('counts are not vacuous: the corpus has tables, lists, links, images and footnotes', async () => {
    const total = files
      .map((name) => sourceCounts(fixture(name)))
      .reduce((sum, counts) => {
        for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += counts[key];
        return sum;
      });
    expect(total.tables).toBeGreaterThan(0);
    expect(total.listItems).toBeGreaterThan(0);
    expect(total.links).toBeGreaterThan(0);
    expect(total.images).toBeGreaterThan(1);
  });

  it('keeps underline, strikethrough, table cells and footnotes as a list at the end', async () => {
    expect((await importDocx(fixture('underline.docx'))).prepared.content).toBe('**The <u>Sunset</u> Tree**');
    expect((await importDocx(fixture('strikethrough.docx'))).prepared.content).toBe(
      "~~Today's Special: Salmon~~ Sold out",
    );
    expect((await importDocx(fixture('tables.docx'))).prepared.content).toBe(
      'Above\n\n| Top left | Top right |\n| --- | --- |\n| Bottom left | Bottom right |\n\nBelow',
    );
    const footnotes = await importDocx(fixture('footnotes.docx'));
    expect(footnotes.prepared.content).toBe('Ouch\\[1\\].\\[2\\]\n\n1. A tachyon walks into a bar.\n2. Fin.');
    expect(footnotes.report?.converted).toContainEqual({ what: 'footnotes', count: 2 });
  });

  it('says what was approximated or dropped: comments, text boxes, merged cells, super/subscript', async () => {
    expect((await importDocx(fixture('comments.docx'))).report?.dropped).toEqual([
      { what: 'comments', count: 2, reason: IMPORT_REPORT.comments },
    ]);
    const textBox = await importDocx(fixture('text-box.docx'));
    expect(textBox.report?.approximated).toContainEqual(expect.objectContaining({ what: 'text boxes' }));
    expect(textBox.prepared.content).toContain('Datum plane');

    // Merged cells keep every column in place; a list in a cell becomes its lines.
    const { doc, counts } = htmlToDoc(
      parseMammothHtml(
        '<table><tr><td colspan="2"><p>wide</p></td><td><p>c</p></td></tr>' +
          '<tr><td rowspan="2"><p>tall</p></td><td><p>x</p></td><td><ul><li>one</li><li>two</li></ul></td></tr>' +
          '<tr><td><p>y</p></td><td><p>z</p></td></tr></table><p>H<sub>2</sub>O and x<sup>2</sup></p>',
      ),
    );
    const { docToMarkdown } = await import('@notewise/editor');
    expect(docToMarkdown(doc)).toBe(
      [
        '| wide |  | c |',
        '| --- | --- | --- |',
        '| tall | x | • one<br>• two |',
        '|  | y | z |',
        '',
        'H2O and x2',
      ].join('\n'),
    );
    expect(counts).toMatchObject({ mergedCells: 2, blocksInCells: 1, superSubscripts: 2 });
  });

  it('drops bookmarks and internal links without losing the heading they sit in', async () => {
    const exported = unzipSync(
      new Uint8Array(await renderNoteDocx('Marks', markdownToDoc('## Results\n\nSee results.'))),
    );
    let xml = strFromU8(exported['word/document.xml']!);
    // Word's own shapes: a bookmark around the heading's text, a link to it (as a table of contents has).
    xml = xml.replace(
      /(<w:pStyle w:val="Heading2"\/><\/w:pPr>)/,
      '$1<w:bookmarkStart w:id="7" w:name="_Toc123"/>',
    );
    xml = xml.replace(/(>Results<\/w:t><\/w:r>)/, '$1<w:bookmarkEnd w:id="7"/>');
    xml = xml.replace(
      /(<w:r>(?:(?!<w:r>).)*?>See results\.<\/w:t><\/w:r>)/,
      '<w:hyperlink w:anchor="_Toc123">$1</w:hyperlink>',
    );
    expect(xml).toMatch(
      /bookmarkStart.*Results.*bookmarkEnd.*hyperlink w:anchor="_Toc123"><w:r>.*See results/,
    );
    expect(xml).toContain('_Toc123');
    const note = await importDocx(zipSync({ ...exported, 'word/document.xml': strToU8(xml) }));
    expect(note.prepared.content).toBe('## Results\n\nSee results.');
    expect(note.report?.dropped).toContainEqual(
      expect.objectContaining({ what: 'internal links', count: 1 }),
    );
  });

  it('unpacks at most 20 images of a document (the rest are reported, not read)', async () => {
    const files = unzipSync(fixture('tiny-picture.docx'));
    const png = files['word/media/image1.png']!;
    const many: Record<string, Uint8Array> = { ...files };
    for (let index = 2; index <= 25; index++) many[`word/media/image${index}.png`] = png;
    const budget = new InflateBudget(IMPORT_LIMITS.maxTotalUncompressedBytes);
    const read = docxParts(zipSync(many), budget, imageAllowance(budget));
    if (!('parts' in read)) throw new Error('refused');
    expect(Object.keys(read.parts).filter((name) => name.startsWith('word/media/'))).toHaveLength(
      IMPORT_LIMITS.maxDocxImages,
    );
  });
});

describe('Word import: our own export reads back as the same document', () => {
  it('tables, code blocks, checklists, headings, lists, links, quotes, rules and marks, block by block', async () => {
    const source = sanitizeMarkdown(EVERYTHING);
    const docx = await renderNoteDocx('Round trip', markdownToDoc(source));
    const note = await importDocx(new Uint8Array(docx), 'Round trip.docx');
    expect(note.title).toBe('Round trip');
    const before = markdownToDoc(source).content ?? [];
    const after = markdownToDoc(note.prepared.content).content ?? [];
    expect(after.map((block) => block.type)).toEqual(before.map((block) => block.type));
    for (const [index, block] of before.entries()) expect(after[index], `block ${index}`).toEqual(block);
    expect(note.prepared.content).toBe(source);
    expect(noteCounts(note.prepared.content)).toEqual(noteCounts(source));
  });
});

describe.each(dialects)('Word import over HTTP on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  async function account() {
    const a = await signUp(t.app, { name: 'Word user' });
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ...(body !== undefined ? { body } : {}) });
    const project = (await call('POST', '/api/projects', { name: 'Imports' })).json();
    const upload = (fileName: string, bytes: Uint8Array) => {
      const boundary = `----docx${Math.random().toString(16).slice(2)}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      return t.app.inject({
        method: 'POST',
        url: `/api/import?projectId=${project.id}`,
        headers: {
          host: 'localhost:3000',
          origin: TEST_ORIGIN,
          cookie: a.cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(head),
          Buffer.from(bytes),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    return { ...a, call, upload, project };
  }

  it('stores a Word image through the upload pipeline and shows it in the note', async () => {
    const a = await account();
    const response = await a.upload('tiny-picture.docx', fixture('tiny-picture.docx'));
    expect(response.statusCode, response.body).toBe(200);
    const [imported] = (response.json() as ImportResult).imported;
    expect(imported?.imagesImported).toBe(1);
    const note = (await a.call('GET', `/api/notes/${imported?.noteId}`)).json();
    const url = /!\[\]\((\/api\/images\/[0-9a-f-]{36}-[0-9a-f]{32}\.webp)\)/.exec(note.content)?.[1];
    expect(url, note.content).toBeDefined();
    const image = await a.call('GET', url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('keeps every picture of a document with more than ten intact (no placeholder is the start of another)', async () => {
    const a = await account();
    const files = unzipSync(fixture('tiny-picture.docx'));
    const xml = strFromU8(files['word/document.xml']!);
    const paragraph = /<w:p[ >].*?<\/w:p>/s.exec(xml)?.[0] ?? '';
    expect(paragraph).toContain('<w:drawing>');
    const twelve = xml.replace(paragraph, paragraph.repeat(12));
    const response = await a.upload(
      'twelve.docx',
      zipSync({ ...files, 'word/document.xml': strToU8(twelve) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [imported] = (response.json() as ImportResult).imported;
    const note = (await a.call('GET', `/api/notes/${imported?.noteId}`)).json();
    const sources = [...note.content.matchAll(/!\[[^\]]*\]\(([^)]*)\)/g)].map((match) => match[1]);
    expect(sources.length).toBe(imported?.imagesImported);
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) expect(source).toMatch(/^\/api\/images\/[0-9a-f-]{36}-[0-9a-f]{32}\.webp$/);
  });

  it('leaves out an image the pipeline refuses and says so; keeps the summary for every file of a zip', async () => {
    const a = await account();
    const files = unzipSync(fixture('tiny-picture.docx'));
    const broken = zipSync({ ...files, 'word/media/image1.png': strToU8('<svg onload="alert(1)"></svg>') });
    const zip = zipSync({ 'broken.docx': broken, 'tables.docx': fixture('tables.docx') });
    const response = await a.upload('word.zip', zip);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    const brokenNote = result.imported.find((note) => note.source === 'broken.docx');
    expect(brokenNote?.imagesImported).toBe(0);
    expect(brokenNote?.dropped).toContainEqual({
      what: 'images',
      count: 1,
      reason: IMPORT_REPORT.imageRejected,
    });
    const content = (await a.call('GET', `/api/notes/${brokenNote?.noteId}`)).json().content;
    expect(content).not.toMatch(/api\/images|svg|import-/);
    const tables = result.imported.find((note) => note.source === 'tables.docx');
    expect(tables?.converted).toEqual([
      { what: 'tables', count: 1 },
      { what: 'table rows', count: 2 },
    ]);
  });

  it('re-imports our own .docx export through the API as the same note', async () => {
    const a = await account();
    const created = (
      await a.call('POST', '/api/notes', {
        projectId: a.project.id,
        title: 'Everything',
        content: EVERYTHING,
      })
    ).json();
    const exported = await a.call('GET', `/api/notes/${created.id}/export?format=docx`);
    expect(exported.statusCode).toBe(200);
    const response = await a.upload('Everything.docx', exported.rawPayload);
    const [imported] = (response.json() as ImportResult).imported;
    const note = (await a.call('GET', `/api/notes/${imported?.noteId}`)).json();
    expect(note.title).toBe('Everything');
    expect(note.content).toBe(created.content);
  });
});

describe('Word import: any HTML mammoth could write becomes a valid note', () => {
  const TAGS = [
    'p',
    'h1',
    'h3',
    'ul',
    'ol',
    'li',
    'table',
    'tr',
    'td',
    'th',
    'pre',
    'blockquote',
    'strong',
    'em',
    'u',
    's',
    'sup',
    'code',
    'a',
    'div',
  ];
  type Tree = string | { tag: string; attrs: string; children: Tree[] };
  const leaf = fc.oneof(
    fc.constantFrom('word', ' ', '☐ task', '☒ done', '', '[1]', '&amp; <b>', 'x\ny'),
    fc.constantFrom(
      '<br />',
      '<img src="/api/images/import-x-0" alt="a" />',
      '<input type="checkbox" checked="checked" />',
      '<hr />',
    ),
  );
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.record({
        tag: fc.constantFrom(...TAGS),
        attrs: fc.constantFrom(
          '',
          ' href="https://x.example"',
          ' href="#_Toc1"',
          ' id="_Toc1"',
          ' colspan="3"',
          ' rowspan="2"',
          ' href="javascript:alert(1)"',
          ' class="doc-title"',
        ),
        children: fc.array(tie('node'), { maxLength: 4 }),
      }),
    ),
  })).node;
  const html = (node: Tree): string =>
    typeof node === 'string'
      ? node
      : `<${node.tag}${node.attrs}>${node.children.map(html).join('')}</${node.tag}>`;

  it('never throws, keeps every word and never writes a bookmark or an unsafe link', async () => {
    const { docToMarkdown } = await import('@notewise/editor');
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 6 }), (nodes) => {
        const source = nodes.map(html).join('');
        const markdown = docToMarkdown(htmlToDoc(parseMammothHtml(source)).doc);
        expect(markdown).not.toMatch(/<a |_Toc1\)|javascript:/);
        if (source.includes('word')) expect(markdown).toContain('word');
      }),
      { numRuns: 400 },
    );
  });
});

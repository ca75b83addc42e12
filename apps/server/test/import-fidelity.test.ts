import fs from 'node:fs';
import path from 'node:path';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_REPORT,
  type ImportedNote,
  MAX_NOTE_TITLE_LENGTH,
} from '@notewise/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../src/modules/export-import/front-matter';
import { convertMarkdown, importDate } from '../src/modules/export-import/markdown-import';
import { dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from './helpers';

/*
 * Markdown imports keep what people wrote (decision 053): front matter, tags, dates, wikilinks,
 * embeds, images, callouts, folders. Checked on a real third-party vault (kepano/kepano-obsidian, MIT,
 * fixtures/third-party/kepano-obsidian) with counts per file, and on small cases for each rule.
 */

const VAULT = path.join(__dirname, 'fixtures/third-party/kepano-obsidian/vault');

function readTree(dir: string, base = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, readTree(path.join(dir, entry.name), rel));
    else out[rel] = new Uint8Array(fs.readFileSync(path.join(dir, entry.name)));
  }
  return out;
}

/**
 * What a vault file holds, counted on its text (not by our reader): headings, list items, tasks and
 * quotes of the body, and the properties table the import adds (header row + one row per property).
 */
function sourceCounts(text: string, properties: number): Record<string, number> {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const lines = body.split('\n');
  const tasks = lines.filter((line) => /^\s*[-*+] \[[ xX]\]/.test(line)).length;
  const counts: Record<string, number> = {
    headings: lines.filter((line) => /^#{1,6} /.test(line)).length,
    'list items': lines.filter((line) => /^\s*([-*+]|\d+[.)]) /.test(line)).length - tasks,
    tasks,
    quotes: lines.filter((line, index) => line.startsWith('>') && !lines[index - 1]?.startsWith('>')).length,
    tables: properties > 0 ? 1 : 0,
    'table rows': properties > 0 ? properties + 1 : 0,
  };
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
}

const noImages = { image: () => ({ missing: true }) as const };

describe('Markdown rules (hand-written cases)', () => {
  it('reads front matter: lists, flow lists, quotes, block text; a nested map is kept as text', () => {
    const front = readFrontMatter(
      '---\ntags:\n  - a\n  - "b: c"\naliases: [x, "y, z"]\ntitle: \'It\'\'s\'\nabout: |\n  line 1\n  line 2\nmeta:\n  key: value\n---\nBody',
    );
    expect(front?.body).toBe('Body');
    expect(Object.fromEntries(front!.properties.map((p) => [p.key, p.value]))).toEqual({
      tags: ['a', 'b: c'],
      aliases: ['x', 'y, z'],
      title: "It's",
      about: 'line 1\nline 2',
      meta: 'key: value',
    });
  });

  it('title, tags (list or string, # stripped, nested kept), dates, other properties as a table', () => {
    const note = convertMarkdown(
      '---\ntitle: Plans\ntags: "#work, life/home"\ncreated: 2024-02-03 10:00\nupdated: 2024-03-01T08:00:00+01:00\naliases: [P]\nrating: 7\n---\nText',
      'file.md',
      noImages,
    );
    expect(note.title).toBe('Plans');
    expect(note.tags).toEqual(['work', 'life/home']);
    expect(note.createdAt).toBe('2024-02-03T10:00:00.000Z');
    expect(note.updatedAt).toBe('2024-03-01T07:00:00.000Z');
    expect(note.content).toBe('| Property | Value |\n| --- | --- |\n| aliases | P |\n| rating | 7 |\n\nText');
    expect(note.report.approximated).toEqual([
      { what: 'properties', count: 2, reason: IMPORT_REPORT.propertiesAsTable },
    ]);
  });

  it('a date in the future or not a date is never stored: it stays visible in the table', () => {
    expect(importDate('2999-01-01')).toBeNull();
    expect(importDate('yesterday')).toBeNull();
    expect(importDate('2023-09-12')).toBe('2023-09-12T00:00:00.000Z');
    const note = convertMarkdown('---\ncreated: 2999-01-01\n---\n', 'n.md', noImages);
    expect(note.createdAt).toBeUndefined();
    expect(note.content).toContain('| created | 2999-01-01 |');
    expect(note.report.approximated).toContainEqual({
      what: 'dates',
      count: 1,
      reason: IMPORT_REPORT.badDates,
    });
  });

  it('the export’s `shared: true` is read beside its `project:`; a `shared` of anyone else stays a property', () => {
    const ours = convertMarkdown(
      '---\ntitle: "Plan"\nproject: "Team"\nshared: true\n---\n\nText',
      'f.md',
      noImages,
    );
    expect(ours).toMatchObject({ projectName: 'Team', sharedProject: true, content: 'Text' });
    const theirs = convertMarkdown('---\ntitle: Plan\nshared: true\n---\n\nText', 'f.md', noImages);
    expect(theirs.sharedProject).toBeUndefined();
    expect(theirs.content).toContain('| shared | true |');
  });

  it('an empty title falls back to the heading, a long one is cut to the longest a note may have', () => {
    expect(convertMarkdown('---\ntitle: ""\n---\n# Heading\n\nText', 'f.md', noImages).title).toBe('Heading');
    const long = convertMarkdown(
      `---\ntitle: ${'é'.repeat(MAX_NOTE_TITLE_LENGTH + 5)}\n---\n`,
      'f.md',
      noImages,
    );
    expect(long.title).toBe('é'.repeat(MAX_NOTE_TITLE_LENGTH));
  });

  it('a note that is only properties is not empty', () => {
    const note = convertMarkdown('---\nstatus: done\n---\n', 'only.md', noImages);
    expect(note.title).toBe('only');
    expect(note.content).toContain('| status | done |');
  });

  it('inline #tags become tags, but not in code, URLs, headings, links or numbers', () => {
    const note = convertMarkdown(
      '# Heading\n\nSee #idea and #project/sub-task, (#paren).\n`#code` https://x.org/#frag [a](#anchor) #123 a#b\n\n```\n#fenced\n```',
      'n.md',
      noImages,
    );
    expect(note.tags).toEqual(['idea', 'project/sub-task', 'paren']);
  });

  it("Bear's tags with spaces (#to read#) are one tag; http pictures stay as links and are counted", () => {
    const note = convertMarkdown(
      'Books #to read# and #later\n\n![cover](http://example.com/c.png)',
      'n.md',
      noImages,
    );
    expect(note.tags).toEqual(['to read', 'later']);
    expect(note.content).toContain('[cover](http://example.com/c.png)');
    expect(note.report.approximated).toContainEqual({
      what: 'http images',
      count: 1,
      reason: IMPORT_REPORT.httpImages,
    });
  });

  it('callouts become a titled quote with their type, never a literal [!tip]', () => {
    const note = convertMarkdown(
      '> [!tip]- Remember\n> Water the plants\n\n> [!WARNING]\n> Hot',
      'n.md',
      noImages,
    );
    expect(note.content).toBe('> **Tip: Remember**\n>\n> Water the plants\n\n> **Warning**\n>\n> Hot');
    expect(note.content).not.toContain('[!');
    expect(note.report.approximated).toContainEqual({
      what: 'callouts',
      count: 2,
      reason: IMPORT_REPORT.callouts,
    });
  });

  it('embeds: images with size and anchor found, notes become links, .base is an unsupported embed', () => {
    const asked: string[] = [];
    const note = convertMarkdown(
      '![[a.png|100]] ![[a.png#x]] ![alt](sub/b.png) ![[gone.png]] ![[Note]] ![[Movies.base#Fav]] [[Other#Part|label]] [o](obsidian://open?vault=V&file=F%2FThird)',
      'n.md',
      {
        image: (reference) => {
          asked.push(reference);
          return reference === 'gone.png' ? { missing: true } : { src: `/i/${asked.length}.img` };
        },
      },
    );
    // Wikilinks and embeds are read first, then Markdown images.
    expect(asked).toEqual(['a.png', 'a.png', 'gone.png', 'sub/b.png']);
    expect(note.content).toBe(
      '![](/i/1.img) ![](/i/2.img) ![alt](/i/4.img) gone.png [Note](#import-link-1) Movies.base\\#Fav [label](#import-link-2) [o](#import-link-3)',
    );
    expect(note.links.map((link) => link.target)).toEqual(['Note', 'Other', 'Third']);
    expect(note.report.dropped).toEqual([
      {
        what: 'unsupported embeds',
        count: 1,
        reason: IMPORT_REPORT.unsupportedEmbeds,
        names: ['Movies.base'],
      },
      { what: 'images', count: 1, reason: IMPORT_REPORT.imagesMissing, names: ['gone.png'] },
    ]);
  });
});

/**
 * Per file of the vault, counted by hand from the source: tags (front matter and inline, plus the
 * folder as a path tag; `categories` and the folder `Categories` are one tag), the `created` date,
 * properties kept in the table, links resolved to notes of the subset and not, `.base` embeds, images.
 */
const EXPECTED: Record<
  string,
  {
    tags: string[];
    created?: string;
    properties?: number;
    links?: number;
    unresolved?: number;
    unsupported?: number;
    images?: number;
  }
> = {
  'Categories/Books.md': { tags: ['categories'], unsupported: 1 },
  'Categories/Movies.md': { tags: ['categories'], unsupported: 2 },
  'Categories/Podcasts.md': { tags: ['categories'], properties: 1, unresolved: 1, unsupported: 1 },
  'Daily/2023-09-12.md': { tags: ['Daily'], unsupported: 1 },
  'Notes/2023-09-12 Meeting with Steph.md': {
    tags: ['Notes'],
    created: '2023-09-12',
    properties: 6,
    links: 3,
    unresolved: 3,
  },
  'Notes/Evergreen notes turn ideas into objects that you can manipulate.md': {
    tags: ['0🌲', 'Notes'],
    created: '2023-09-14',
    properties: 6,
    links: 3,
    unresolved: 12,
  },
  'References/Out of Control.md': {
    tags: ['References'],
    created: '2023-09-12',
    properties: 11,
    links: 2,
    unresolved: 3,
    images: 1,
  },
  'References/Kyoto.md': {
    tags: ['References'],
    created: '2023-09-12',
    properties: 5,
    links: 1,
    unresolved: 2,
    unsupported: 3,
  },
  'References/Jazz.md': { tags: ['music/genres', 'References'], unsupported: 1 },
  'Readme.md': { tags: [] },
};

describe.each(dialects)('Markdown import fidelity on %s', (dialect) => {
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
    const upload = async (bytes: Uint8Array, layout: 'chosen' | 'folders' = 'chosen') => {
      const boundary = `----e1${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vault.zip"\r\nContent-Type: application/zip\r\n\r\n`,
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
      type Summary = { imported: ImportedNote[]; skipped: Array<{ name: string; reason: string }> };
      // A large upload runs as a background job (decision 060): its kept summary is the answer.
      if (response.statusCode === 202) {
        const id = response.json().job.id as string;
        for (;;) {
          const { job } = (await call('GET', `/api/import-jobs/${id}`)).json();
          if (job.status !== 'running') {
            expect(job.status, JSON.stringify(job.error)).toBe('done');
            return job.result as Summary;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Summary;
    };
    const note = async (id: string) => (await call('GET', `/api/notes/${id}`)).json();
    return { ...a, call, project, upload, note };
  }

  const countOf = (list: Array<{ what: string; count: number }> | undefined, what: string) =>
    (list ?? []).filter((item) => item.what === what).reduce((sum, item) => sum + item.count, 0);

  it('imports a real Obsidian vault: tags, dates, properties, links, embeds and its image, counted per file', async () => {
    const a = await account();
    const result = await a.upload(zipSync(readTree(VAULT)));
    expect(result.imported).toHaveLength(25);
    // The vault's one picture is shown by the note whose cover it is: nothing is left over.
    expect(result.skipped).toEqual([]);
    const bySource = new Map(result.imported.map((n) => [n.source, n]));
    for (const [source, want] of Object.entries(EXPECTED)) {
      const summary = bySource.get(source)!;
      const stored = await a.note(summary.noteId);
      expect(stored.tags, source).toEqual(want.tags);
      if (want.created) expect(stored.createdAt, source).toBe(`${want.created}T00:00:00.000Z`);
      expect(countOf(summary.approximated, 'properties'), source).toBe(want.properties ?? 0);
      expect(countOf(summary.converted, 'links'), source).toBe(want.links ?? 0);
      expect(countOf(summary.approximated, 'unresolved links'), source).toBe(want.unresolved ?? 0);
      expect(countOf(summary.dropped, 'unsupported embeds'), source).toBe(want.unsupported ?? 0);
      expect(summary.imagesImported ?? 0, source).toBe(want.images ?? 0);
      expect(countOf(summary.dropped, 'images'), source).toBe(0);
      expect(stored.content, source).not.toMatch(/\[\[|\[!|#import-link/);
    }
    // Every file: what the stored note holds, as the summary says, matches what the file held.
    const kinds = new Set([
      'headings',
      'list items',
      'tasks',
      'quotes',
      'tables',
      'table rows',
      'code blocks',
    ]);
    let headings = 0;
    let tasks = 0;
    for (const summary of result.imported) {
      const text = fs.readFileSync(path.join(VAULT, summary.source), 'utf8');
      const kept = Object.fromEntries(
        (summary.converted ?? []).filter((c) => kinds.has(c.what)).map((c) => [c.what, c.count]),
      );
      expect(kept, summary.source).toEqual(sourceCounts(text, countOf(summary.approximated, 'properties')));
      headings += kept.headings ?? 0;
      tasks += kept.tasks ?? 0;
    }
    // grep -rhE '^#{1,6} ' over the vault's notes: 14; its three tasks are Minimal Theme's.
    expect([headings, tasks]).toEqual([14, 3]);
    // The summary names what did not resolve.
    expect(bySource.get('Notes/2023-09-12 Meeting with Steph.md')!.approximated).toContainEqual({
      what: 'unresolved links',
      count: 3,
      reason: IMPORT_REPORT.unresolvedLinks,
      names: ['Meetings', 'Emergence'],
    });
    // A wikilink leads to the imported note; its image is stored and served.
    const meeting = await a.note(bySource.get('Notes/2023-09-12 Meeting with Steph.md')!.noteId);
    const href = /\[Out of Control\]\((\/quick-view\?project=[^&]+&note=([^)]+))\)/.exec(meeting.content);
    expect(href?.[2]).toBe(bySource.get('References/Out of Control.md')!.noteId);
    const book = await a.note(href![2]!);
    expect(book.title).toBe('Out of Control');
    const image = /!\[\]\((\/api\/images\/[^)]+)\)/.exec(book.content)?.[1];
    expect(image).toBeDefined();
    expect((await a.call('GET', image!)).statusCode).toBe(200);
    expect(book.tags).toContain('References');
  });

  it('images in the archive are found with |size, #anchor and relative paths; missing ones are counted as missing', async () => {
    const a = await account();
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
        .png()
        .toBuffer(),
    );
    const result = await a.upload(
      zipSync({
        'v/Notes/Pics.md': strToU8(
          '![[a.png|100]]\n\n![[a.png#anchor]]\n\n![x](../img/b.png)\n\n![[gone.png]]\n\n![[Board.base]]',
        ),
        'v/img/a.png': png,
        'v/img/b.png': png,
        'v/img/unused.png': png,
      }),
    );
    const [pics] = result.imported;
    expect(pics?.imagesImported).toBe(3);
    expect(countOf(pics?.dropped, 'images')).toBe(1);
    expect(countOf(pics?.dropped, 'unsupported embeds')).toBe(1);
    expect(result.skipped).toEqual([{ name: 'v/img/unused.png', reason: IMPORT_MESSAGES.skipImageUnused }]);
    const stored = await a.note(pics!.noteId);
    expect(stored.content.match(/!\[[^\]]*\]\(\/api\/images\//g)).toHaveLength(3);
    expect(stored.content).toContain('gone.png');
  });

  it('wikilinks resolve by file name, then title, case-insensitive; unresolved keep their text', async () => {
    const a = await account();
    const result = await a.upload(
      zipSync({
        'A.md': strToU8('[[b]] [[The Title|by title]] \\[x [[Nowhere]] [[A#Top]] ![[B]] [md](B.md)'),
        'sub/B.md': strToU8('# B\n\nback to [[a]]'),
        'C file.md': strToU8('---\ntitle: The title\n---\ntext'),
      }),
    );
    const a1 = result.imported.find((n) => n.source === 'A.md')!;
    expect(countOf(a1.converted, 'links')).toBe(5);
    expect(countOf(a1.approximated, 'unresolved links')).toBe(1);
    const content = (await a.note(a1.noteId)).content;
    const ids = [...content.matchAll(/&note=([^)]+)\)/g)].map((m) => m[1]);
    const id = (source: string) => result.imported.find((n) => n.source === source)!.noteId;
    expect(ids).toEqual([id('sub/B.md'), id('C file.md'), id('A.md'), id('sub/B.md'), id('sub/B.md')]);
    expect(content).toContain(' \\[x Nowhere ');
  });

  it('Notion (page ids in names and links) and Bear (TextBundle, #tag/sub) exports', async () => {
    const a = await account();
    const id1 = '0123456789abcdef0123456789abcdef';
    const id2 = 'fedcba9876543210fedcba9876543210';
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    );
    const result = await a.upload(
      zipSync({
        [`Export/Plan ${id1}.md`]: strToU8(`# Plan\n\nSee [Sub page](Plan%20${id1}/Sub%20page%20${id2}.md).`),
        [`Export/Plan ${id1}/Sub page ${id2}.md`]: strToU8('# Sub page\n\nDetails.'),
        // A database: its rows link to their pages (one is not in the upload).
        [`Export/Plan ${id1}/Tasks ${id2.replace('f', '0')}.csv`]: strToU8(
          'Name,Status,Notes\r\nSub page,Done,"a, ""b""\r\nline"\r\nGhost,Open,\r\n',
        ),
        'Trip.textbundle/text.markdown': strToU8('Kyoto notes #travel/japan\n\n![](assets/pic.png)'),
        'Trip.textbundle/assets/pic.png': png,
        'Trip.textbundle/info.json': strToU8('{}'),
      }),
    );
    const by = (title: string) => result.imported.find((n) => n.title === title)!;
    expect(result.imported.map((n) => n.title).sort()).toEqual(['Plan', 'Sub page', 'Tasks', 'Trip']);
    const tasks = await a.note(by('Tasks').noteId);
    expect(tasks.content).toBe(
      [
        '| Name | Status | Notes |',
        '| --- | --- | --- |',
        `| [Sub page](/quick-view?project=${a.project.id}&note=${by('Sub page').noteId}) | Done | a, "b" line |`,
        '| Ghost | Open |  |',
      ].join('\n'),
    );
    expect(countOf(by('Tasks').approximated, 'unresolved links')).toBe(1);
    const plan = await a.note(by('Plan').noteId);
    expect(plan.content).toContain(
      `[Sub page](/quick-view?project=${a.project.id}&note=${by('Sub page').noteId})`,
    );
    expect((await a.note(by('Sub page').noteId)).tags).toEqual(['Export/Plan']); // the page id left out
    const trip = await a.note(by('Trip').noteId);
    expect(trip.tags).toEqual(['travel/japan']);
    expect(by('Trip').imagesImported).toBe(1);
    expect(trip.content).toMatch(/!\[\]\(\/api\/images\//);
  });

  it('one project per top-level folder: nested folders kept as a path tag, root notes in the chosen project', async () => {
    const a = await account();
    const result = await a.upload(
      zipSync({
        'Vault/Work/Deep/Er/x.md': strToU8('x'),
        'Vault/Home/y.md': strToU8('y'),
        'Vault/z.md': strToU8('z'),
        // A path longer than a tag may be keeps its last folders.
        'Vault/Home/A folder with a long name/Another long folder name here/w.md': strToU8('w'),
      }),
      'folders',
    );
    const projects = (await a.call('GET', '/api/projects')).json().projects as Array<{
      id: string;
      name: string;
    }>;
    const named = (name: string) => projects.find((p) => p.name === name)?.id;
    const bySource = new Map(result.imported.map((n) => [n.source, n]));
    const x = await a.note(bySource.get('Vault/Work/Deep/Er/x.md')!.noteId);
    expect(x.projectId).toBe(named('Work'));
    expect(x.tags).toEqual(['Deep/Er']);
    expect((await a.note(bySource.get('Vault/Home/y.md')!.noteId)).projectId).toBe(named('Home'));
    expect((await a.note(bySource.get('Vault/z.md')!.noteId)).projectId).toBe(a.project.id);
    const w = await a.note(
      bySource.get('Vault/Home/A folder with a long name/Another long folder name here/w.md')!.noteId,
    );
    expect(w.tags).toEqual(['Another long folder name here']);
  });

  it('one upload makes at most 50 folder projects; the rest go into the chosen project, said per note', async () => {
    const a = await account();
    const files: Record<string, Uint8Array> = {};
    for (let index = 0; index <= IMPORT_LIMITS.maxImportProjects; index += 1)
      files[`F${String(index).padStart(2, '0')}/n.md`] = strToU8(`note ${index}`);
    const result = await a.upload(zipSync(files), 'folders');
    const projects = (await a.call('GET', '/api/projects?limit=100')).json().projects as Array<{
      name: string;
    }>;
    expect(projects).toHaveLength(IMPORT_LIMITS.maxImportProjects + 1); // and Inbox
    const last = result.imported.find((n) => n.source === 'F50/n.md')!;
    expect(last.projectId).toBeUndefined();
    expect(last.approximated).toContainEqual({
      what: 'project',
      count: 1,
      reason: IMPORT_REPORT.tooManyProjects,
    });
    expect((await a.note(last.noteId)).tags).toEqual(['F50']);
  });

  it('the whole-account zip re-imports into the same projects with the same dates (round trip)', async () => {
    const a = await account();
    const second = (await a.call('POST', '/api/projects', { name: 'Garden' })).json();
    const made = [
      (
        await a.call('POST', '/api/notes', {
          projectId: a.project.id,
          title: 'One',
          content: 'First **note**',
        })
      ).json(),
      (
        await a.call('POST', '/api/notes', {
          projectId: second.id,
          title: 'Two',
          content: '- [ ] water\n- [x] dig',
        })
      ).json(),
    ];
    const zip = await a.call('GET', '/api/export');
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual([
      'Garden/Two.md',
      'Inbox/One.md',
    ]);
    const b = await account();
    // Into the chosen project, the unused `project:` is said, not dropped silently.
    const flat = await b.upload(new Uint8Array(zip.rawPayload));
    expect(flat.imported.map((n) => n.approximated)).toEqual([
      [{ what: 'project', count: 1, reason: IMPORT_REPORT.projectNotUsed }],
      [{ what: 'project', count: 1, reason: IMPORT_REPORT.projectNotUsed }],
    ]);
    const result = await b.upload(new Uint8Array(zip.rawPayload), 'folders');
    expect(result.skipped).toEqual([]);
    const projects = (await b.call('GET', '/api/projects')).json().projects as Array<{
      id: string;
      name: string;
    }>;
    expect(projects.map((p) => p.name).sort()).toEqual(['Garden', 'Inbox']);
    for (const original of made) {
      const summary = result.imported.find((n) => n.title === original.title)!;
      const back = await b.note(summary.noteId);
      expect(back.content).toBe(original.content);
      expect(back.createdAt).toBe(original.createdAt);
      expect(back.updatedAt).toBe(original.updatedAt);
      expect(back.tags).toEqual([]);
      const project = projects.find((p) => p.id === back.projectId)!;
      expect(project.name).toBe(original.projectId === second.id ? 'Garden' : 'Inbox');
    }
  });
});

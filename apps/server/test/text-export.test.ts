import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headingTitle, readImportedMarkdown } from '../src/modules/export-import/note-markdown';
import { dialects, request, signUp, startTestApp, type TestApp } from './helpers';

/** The plain-text export keeps list structure; a title taken from an H1 keeps only its words. */

describe('a title taken from a heading', () => {
  it('loses badges, link and emphasis markup', () => {
    const readme = [
      '# [![Build](https://ci.example/badge.svg)](https://ci.example) **Fast** [Notewise](https://x.example) `cli` ![npm](https://img.example/npm.svg)',
      '',
      'Body.',
    ].join('\n');
    expect(readImportedMarkdown(readme, 'README.md')).toEqual({
      title: 'Fast Notewise cli',
      content: 'Body.',
    });
    expect(headingTitle('![Logo only](https://x.example/logo.png)')).toBe('Logo only');
    expect(headingTitle('Plain \\*not emphasis\\*')).toBe('Plain *not emphasis*');
    // A heading with nothing to read stays in the note; the file name is the title.
    expect(readImportedMarkdown('# ![](https://x.example/a.png)\n\nText', 'Empty.md').title).toBe('Empty');
  });
});

describe.each(dialects)('plain-text export on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
    await t?.testDb.destroy();
  });

  it('keeps list markers, numbering, nesting and checkbox state', async () => {
    const a = await signUp(t.app, { name: 'Texter' });
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ...(body !== undefined ? { body } : {}) });
    const project = (await call('POST', '/api/projects', { name: 'Lists' })).json();
    const content = [
      'Plan:',
      '',
      '1. design',
      '   - sketch',
      '   - review',
      '2. build',
      '',
      '- [x] done',
      '- [ ] open',
    ].join('\n');
    const note = (
      await call('POST', '/api/notes', { projectId: project.id, title: 'Steps', content })
    ).json();
    const txt = await call('GET', `/api/notes/${note.id}/export?format=txt`);
    expect(txt.statusCode).toBe(200);
    expect(txt.body).toBe(
      [
        'Steps',
        '',
        'Plan:',
        '',
        '1. design',
        '   - sketch',
        '   - review',
        '2. build',
        '',
        '[x] done',
        '[ ] open',
        '',
      ].join('\n'),
    );
  });
});

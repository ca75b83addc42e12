import { describe, expect, it } from 'vitest';
import { findRoute, getDocumentTitle, getMobileBarTitle, getPageTitle, paths } from './route-table';

describe('route table', () => {
  it('titles every route of docs/product.md §2, and unknown paths with the product name', () => {
    expect(getDocumentTitle('/')).toBe('Capture · Notewise');
    expect(getDocumentTitle('/notes')).toBe('All Notes · Notewise');
    expect(getPageTitle('/project/42')).toBe('Project Notes');
    expect(getPageTitle('/projects/42')).toBe('Project Notes');
    expect(getPageTitle('/shared-project/123456')).toBe('Shared Project');
    expect(getPageTitle('/success')).toBe('Payment Successful');
    expect(getDocumentTitle('/trash')).toBe('Trash · Notewise');
    expect(getDocumentTitle('/no/such/page')).toBe('Notewise');
  });

  it('shows the product in the mobile bar where the page heading already says the title', () => {
    expect(getMobileBarTitle('/projects')).toBe('Notewise');
    expect(getMobileBarTitle('/notes')).toBe('Notewise');
    expect(getMobileBarTitle('/shared-projects')).toBe('Notewise');
    expect(getMobileBarTitle('/quick-view')).toBe('Quick View');
    expect(getMobileBarTitle('/project/42')).toBe('Project Notes');
    expect(getMobileBarTitle('/')).toBe('Capture');
  });

  it('guards every route except /, /help-center, /editor, /success, /cancel and /reset-password', () => {
    const open = ['/', '/help-center', '/editor', '/success', '/cancel', '/reset-password'];
    // The Help Center's article URLs and short aliases (decision 019).
    open.push('/help-center/getting-started', '/help', '/help/getting-started');
    for (const path of open) expect(findRoute(path)?.guarded).toBe(false);
    const guarded = [
      '/projects',
      '/notes',
      '/pinned-notes',
      '/quick-view',
      '/shared-projects',
      '/settings',
      '/trash',
    ];
    for (const path of [...guarded, '/tutorial', '/project/1', '/projects/1', '/shared-project/1']) {
      expect(findRoute(path)?.guarded).toBe(true);
    }
  });

  it('builds links with encoded parts', () => {
    expect(paths.quickView({ project: 'p 1', note: 'n1' })).toBe('/quick-view?project=p+1&note=n1');
    expect(paths.quickView()).toBe('/quick-view');
    expect(paths.project('a/b', 'n1')).toBe('/project/a%2Fb?highlightNote=n1');
  });
  it("writes Quick View's query exactly as URLSearchParams would (decision 089)", () => {
    const values = ['a1b2-c3', "it's (a) ~test! & more=x", 'späce / ünï?#%', ''];
    for (const project of values)
      for (const note of values) {
        const expected = new URLSearchParams();
        if (project) expected.set('project', project);
        if (note) expected.set('note', note);
        const search = expected.toString();
        expect(paths.quickView({ project, note })).toBe(search ? `/quick-view?${search}` : '/quick-view');
      }
    expect(paths.quickView({ sharedProject: 's 1' })).toBe('/quick-view?sharedProject=s+1');
  });
});

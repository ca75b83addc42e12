import { isSafeLinkHref } from '@notewise/editor';
import { describe, expect, it } from 'vitest';
import { normalizeHref } from './link-menu';

describe('normalizeHref', () => {
  it('adds https to a bare domain and mailto to a bare address', () => {
    expect(normalizeHref('example.com')).toBe('https://example.com');
    expect(normalizeHref('example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(normalizeHref('  team@example.com ')).toBe('mailto:team@example.com');
  });

  it('keeps schemes, paths, relative links and anchors as typed', () => {
    for (const href of [
      'https://x.org',
      'mailto:a@b.co',
      '/notes/1',
      './page.md',
      '../up.md',
      '#part',
      '?q=1',
    ]) {
      expect(normalizeHref(href)).toBe(href);
    }
  });

  it('leaves unsafe targets for the schema check to refuse', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
    ]) {
      expect(isSafeLinkHref(normalizeHref(href))).toBe(false);
    }
    for (const href of ['example.com', 'team@example.com', '/notes/1', '../guides/setup.md']) {
      expect(isSafeLinkHref(normalizeHref(href))).toBe(true);
    }
  });
});

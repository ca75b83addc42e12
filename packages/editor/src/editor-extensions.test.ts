import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { createEditorExtensions, editorSchema } from './index';

describe('createEditorExtensions', () => {
  it('builds the schema in Node, without a DOM', () => {
    expect(typeof document).toBe('undefined');
    const schema = getSchema(createEditorExtensions());
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'taskItem',
        'taskList',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(
      ['bold', 'code', 'highlight', 'italic', 'link', 'strike', 'textStyle', 'underline'].sort(),
    );
    expect(Object.keys(schema.nodes.image?.spec.attrs ?? {})).toEqual(['src', 'alt', 'title']);
    expect(schema.nodes.image?.isInline).toBe(true);
    expect(Object.keys(schema.nodes.codeBlock?.spec.attrs ?? {})).toEqual(['language']);
    expect(schema.nodes.heading?.spec.attrs?.level).toBeDefined();
    expect(schema.nodes.taskItem?.spec.content).toBe('paragraph block*');
  });

  it('exports that schema as editorSchema', () => {
    expect(Object.keys(editorSchema.nodes)).toEqual(Object.keys(getSchema(createEditorExtensions()).nodes));
  });

  it('adds the placeholder only when asked', () => {
    const names = (extensions: ReturnType<typeof createEditorExtensions>) => extensions.map((e) => e.name);
    expect(names(createEditorExtensions())).not.toContain('placeholder');
    expect(names(createEditorExtensions({ placeholder: 'Write…' }))).toContain('placeholder');
  });

  it('leaves out the undo/redo history for collaboration only', () => {
    const starterKit = (options?: Parameters<typeof createEditorExtensions>[0]) =>
      createEditorExtensions(options).find((extension) => extension.name === 'starterKit');
    expect(starterKit()?.options.undoRedo).not.toBe(false);
    expect(starterKit({ collaboration: true })?.options.undoRedo).toBe(false);
    expect(Object.keys(getSchema(createEditorExtensions({ collaboration: true })).nodes)).toEqual(
      Object.keys(editorSchema.nodes),
    );
  });

  it('configures links: safe protocols only, autolink on, no open on click, rel set', () => {
    const starterKit = createEditorExtensions().find((extension) => extension.name === 'starterKit');
    const link = starterKit?.options.link;
    expect(link).toMatchObject({ autolink: true, openOnClick: false });
    expect(link.HTMLAttributes.rel).toBe('noopener noreferrer nofollow');
    expect(link.isAllowedUri('https://example.com')).toBe(true);
    expect(link.isAllowedUri('JaVaScRiPt:alert(1)')).toBe(false);
    expect(link.isAllowedUri('data:text/html,x')).toBe(false);
  });

  it('renders only palette colours and sizes, and only safe hrefs', () => {
    const { textStyle, highlight, link } = editorSchema.marks;
    const render = (mark: ReturnType<NonNullable<typeof textStyle>['create']>) =>
      mark.type.spec.toDOM?.(mark, true);
    expect(render(textStyle!.create({ color: '#ef4444', fontSize: '18px' }))).toEqual([
      'span',
      { style: 'color: #ef4444; font-size: 18px' },
      0,
    ]);
    expect(render(textStyle!.create({ color: 'red; background: url(x)', fontSize: '1000px' }))).toEqual([
      'span',
      {},
      0,
    ]);
    expect(render(highlight!.create({ color: 'url(x)' }))).toEqual([
      'mark',
      { 'data-color': '#fef08a', style: 'background-color: #fef08a; color: inherit' },
      0,
    ]);
    expect(render(link!.create({ href: 'javascript:alert(1)' }))).toMatchObject(['a', { href: '' }, 0]);
  });

  it('gives highlights the first palette colour by default', () => {
    expect(editorSchema.marks.highlight?.create().attrs.color).toBe('#fef08a');
  });

  it('renders code blocks, table cells and images only with checked attributes', () => {
    const { codeBlock, tableCell, tableHeader, image } = editorSchema.nodes;
    expect(codeBlock!.spec.toDOM?.(codeBlock!.create({ language: 'ts' }))).toEqual([
      'pre',
      {},
      ['code', { class: 'language-ts' }, 0],
    ]);
    expect(tableCell!.spec.toDOM?.(tableCell!.create({ align: 'center' }))).toEqual([
      'td',
      { colspan: 1, rowspan: 1, colwidth: null, style: 'text-align: center' },
      0,
    ]);
    expect(tableHeader!.spec.toDOM?.(tableHeader!.create())).toEqual([
      'th',
      { colspan: 1, rowspan: 1, colwidth: null },
      0,
    ]);
    expect(image!.spec.toDOM?.(image!.create({ src: '/api/images/1', alt: 'a fox' }))).toEqual([
      'img',
      { src: '/api/images/1', alt: 'a fox', title: null },
    ]);
  });

  it.each([
    ['image', { src: 'javascript:alert(1)' }],
    ['image', { src: 'data:image/png;base64,AAAA' }],
    ['image', { src: 'http://tracker.example/p.gif' }],
    ['image', { src: '' }],
    ['tableCell', { align: 'left; background: url(x)' }],
    ['tableHeader', { colspan: 'abc' }],
    ['tableCell', { rowspan: 1e9 }],
    ['tableCell', { colwidth: ['1px; background: red'] }],
    ['codeBlock', { language: 'js nw-admin' }],
    ['bulletList', { tight: 'yes' }],
  ])('refuses to build a %s with %j', (name, attrs) => {
    expect(() => editorSchema.nodes[name]!.create(attrs)).toThrow(RangeError);
  });

  it('accepts safe image sources: https and relative', () => {
    for (const src of ['https://x.io/a.png', '/api/images/1', 'a b.png', '../img/c.gif']) {
      expect(editorSchema.nodes.image!.create({ src }).attrs.src).toBe(src);
    }
  });
});

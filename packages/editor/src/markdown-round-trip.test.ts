import { FONT_SIZES, HIGHLIGHT_COLORS, TEXT_COLORS } from '@notewise/shared';
import type { JSONContent } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docToMarkdown, editorSchema, markdownToDoc, sanitizeMarkdown } from './index';

/*
 * Property: for every normalised document D, markdownToDoc(docToMarkdown(D)) deep-equals D.
 *
 * "Normalised" (the shapes markdownToDoc produces, see markdown-to-doc.ts) is built into the
 * generator: no empty text, adjacent text with equal marks merged (done by the schema below), no
 * empty paragraph except as the only block of the document/a quote or as the required first
 * paragraph of a list item (then not followed by another paragraph), text without line breaks,
 * safe links with the default target/rel/class and one-line titles, palette colours and sizes
 * only, ordered lists numbered from 0-999999999 and without a `type`; code only on text; images
 * with a safe src and a non-empty alt or none; table cells with one paragraph, a header row of
 * tableHeader cells, rows as wide as the header, alignment per column; a loose list has a blank
 * line to show for it (two items, or an item with a paragraph and more) and a tight list only items
 * whose blocks may follow each other directly.
 * Leading/trailing/repeated whitespace is NOT normalised: it round-trips (as `&#32;` where needed).
 */

/** ROUND_TRIP_RUNS=20000 for a deeper search. */
const RUNS = Number(process.env.ROUND_TRIP_RUNS ?? 500);

/** Single characters, including everything Markdown or HTML might read as syntax. */
const character = fc.constantFrom(
  ...Array.from('abcXYZ019 \t *_[]()<>\\#-+=~`!&;.:|"\'{}/@\u00a0\u2003\u2028\u000c\u200b\ufeffé中😀'),
);
/** Multi-character snippets that look like syntax at a block start or inline. */
const snippet = fc.constantFrom(
  '**',
  '__',
  '***',
  '# ',
  '## x #',
  '- ',
  '+ ',
  '* ',
  '1. ',
  '2) ',
  '> ',
  '[ ] ',
  '[x] ',
  '<br>',
  '<u>',
  '</span>',
  '<script>',
  '&amp;',
  '&copy;',
  '&#x26;',
  '&#32;',
  '&lt;',
  '\\',
  '    ',
  '===',
  '---',
  '```',
  '~~~',
  '<!-- c -->',
  'https://x.io',
  'www.x.io',
  '[a](b)',
  '![i](x)',
  '<https://a.b>',
  'snake_case',
  '2*3*4',
);
const text = fc
  .array(fc.oneof(character, snippet), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

const link = fc.record({
  href: fc.constantFrom(
    'https://example.com',
    'http://a.b/c_(d)*e?f=1&g=2#h',
    'mailto:someone@example.com',
    'https://example.com/with space',
    'https://x.y/&amp;<>\\[]',
    'HTTPS://EXAMPLE.COM/ä😀',
  ),
  title: fc.option(fc.constantFrom('Title', 'a "quoted" \\ title', '&lt; (x)'), { nil: null }),
});

const markSet = fc
  .record({
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    highlight: fc.option(fc.constantFrom(...HIGHLIGHT_COLORS.map((color) => color.value)), { freq: 3 }),
    color: fc.option(fc.constantFrom(...TEXT_COLORS.flatMap((color) => (color.value ? [color.value] : []))), {
      freq: 3,
    }),
    fontSize: fc.option(fc.constantFrom(...FONT_SIZES), { freq: 3 }),
    link: fc.option(link, { freq: 3 }),
    strike: fc.boolean(),
    code: fc.boolean(),
  })
  .map(
    ({ bold, italic, underline, highlight, color, fontSize, link, strike, code }): JSONContent['marks'] => [
      ...(bold ? [{ type: 'bold' }] : []),
      ...(italic ? [{ type: 'italic' }] : []),
      ...(underline ? [{ type: 'underline' }] : []),
      ...(strike ? [{ type: 'strike' }] : []),
      ...(code ? [{ type: 'code' }] : []),
      ...(highlight ? [{ type: 'highlight', attrs: { color: highlight } }] : []),
      ...(color || fontSize ? [{ type: 'textStyle', attrs: { color, fontSize } }] : []),
      ...(link ? [{ type: 'link', attrs: link }] : []),
    ],
  );

const image = fc.record({
  src: fc.constantFrom('/api/images/1', 'https://x.io/a b.png', 'rel(1).png', 'https://x.io/&amp;?q=<1>'),
  alt: fc.option(text, { nil: null }),
  title: fc.option(fc.constantFrom('Title', 'a "quoted" \\ title'), { nil: null }),
});

type InlineRun = { marks: JSONContent['marks']; content: string | null | { image: JSONContent['attrs'] } };

/** Inline content: runs of text, images and hard breaks drawing on a few mark sets, so marks overlap and continue. */
const inline = (minLength: number) =>
  fc.array(markSet, { minLength: 1, maxLength: 3 }).chain((markSets) =>
    fc.array(
      fc.record<InlineRun>({
        marks: fc.constantFrom(...markSets),
        content: fc.oneof(
          { weight: 5, arbitrary: text },
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: image.map((attrs) => ({ image: attrs })) },
        ),
      }),
      { minLength, maxLength: 6 },
    ),
  );

const withoutCode = (marks: JSONContent['marks']) => marks?.filter((mark) => mark.type !== 'code');

const toInlineJson = (runs: InlineRun[]): JSONContent[] =>
  runs.map(({ marks, content }) => {
    if (content === null) return { type: 'hardBreak', marks: withoutCode(marks) };
    if (typeof content === 'string') return { type: 'text', text: content, marks };
    return { type: 'image', attrs: content.image, marks: withoutCode(marks) };
  });

const paragraph = inline(1).map((runs) => ({ type: 'paragraph', content: toInlineJson(runs) }));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), inline(0))
  .map(([level, runs]) => ({ type: 'heading', attrs: { level }, content: toInlineJson(runs) }));
const emptyParagraph: JSONContent = { type: 'paragraph' };

const codeBlock = fc
  .tuple(
    fc.constantFrom(null, 'js', 'c++', 'f`o', 'a\\b', '&amp;', 'föö'),
    fc.array(fc.oneof(character, fc.constantFrom('\n', '```', '~~~', '    ', '<div>', '&amp;', '\\', '`')), {
      maxLength: 12,
    }),
  )
  .map(([language, parts]) => {
    const code = parts.join('');
    return {
      type: 'codeBlock',
      attrs: { language },
      ...(code ? { content: [{ type: 'text', text: code }] } : {}),
    };
  });
const horizontalRule: JSONContent = { type: 'horizontalRule' };

const table = fc
  .tuple(
    fc.array(fc.constantFrom(null, 'left', 'right', 'center'), { minLength: 1, maxLength: 3 }),
    fc.integer({ min: 0, max: 2 }),
  )
  .chain(([aligns, bodyRows]) =>
    fc
      .array(fc.array(inline(0), { minLength: aligns.length, maxLength: aligns.length }), {
        minLength: bodyRows + 1,
        maxLength: bodyRows + 1,
      })
      .map((rows) => ({
        type: 'table',
        content: rows.map((cells, rowIndex) => ({
          type: 'tableRow',
          content: cells.map((runs, column) => ({
            type: rowIndex === 0 ? 'tableHeader' : 'tableCell',
            attrs: { align: aligns[column] },
            content: [{ type: 'paragraph', content: toInlineJson(runs) }],
          })),
        })),
      })),
  );

/** A paragraph that starts with text, so it never serialises to a lone `<br>` (an HTML block). */
const textFirstParagraph = paragraph.map((p) => ({
  ...p,
  content: [{ type: 'text', text: 'x' }, ...(p.content ?? [])],
}));

/**
 * A loose list shows a blank line (two items, or an item with a paragraph and more blocks) and a
 * paragraph with text directly in an item: only paragraphs render differently in a loose list.
 */
function looseIsVisible(items: JSONContent[]): boolean {
  // A task item's checkbox is text of its first paragraph.
  const isText = (item: JSONContent, block: JSONContent | undefined, index: number) =>
    block?.type === 'paragraph' &&
    ((block.content?.length ?? 0) > 0 || (index === 0 && item.type === 'taskItem'));
  const hasText = items.some((item) => item.content?.some((block, index) => isText(item, block, index)));
  if (!hasText) return false;
  const [only] = items;
  if (items.length > 1 || !only) return true;
  const blocks = only.content ?? [];
  return blocks.length > 2 || (blocks.length === 2 && isText(only, blocks[0], 0));
}

function block(depth: number): fc.Arbitrary<JSONContent> {
  if (depth === 0) return fc.oneof(paragraph, heading, codeBlock, fc.constant(horizontalRule));
  const child = block(depth - 1);
  const item = (type: string, attrs: fc.Arbitrary<Record<string, unknown>>) =>
    fc
      .tuple(attrs, fc.option(paragraph, { freq: 4 }), fc.array(child, { maxLength: 2 }))
      .map(([itemAttrs, first, rest]) => {
        // An empty first paragraph followed by a paragraph is not normalised: promote that paragraph.
        const content = first ?? (rest[0]?.type === 'paragraph' ? rest.shift()! : emptyParagraph);
        return { type, attrs: itemAttrs, content: [content, ...rest] };
      });
  /** Blocks that may start on the line right below an item's first paragraph. */
  const directly = fc.oneof(
    codeBlock,
    heading,
    fc.constant(horizontalRule),
    table,
    child.map((inner) => ({
      type: 'blockquote',
      content: [inner],
    })),
  );
  const tightItem = (type: string, attrs: fc.Arbitrary<Record<string, unknown>>) =>
    fc.tuple(attrs, textFirstParagraph, fc.option(directly, { freq: 2 })).map(([itemAttrs, first, next]) => ({
      type,
      attrs: itemAttrs,
      content: [first, ...(next ? [next] : [])],
    }));
  /** Items of a list and its `tight` attribute: loose lists with a blank line to show, or tight ones. */
  const items = (type: string, attrs: fc.Arbitrary<Record<string, unknown>> = fc.constant({})) =>
    fc.oneof(
      fc.array(item(type, attrs), { minLength: 1, maxLength: 3 }).map((content) =>
        // Without a blank line to show, the list reads as tight (and its items may all follow directly).
        looseIsVisible(content) ? { tight: false, content } : { tight: true, content },
      ),
      fc
        .array(tightItem(type, attrs), { minLength: 1, maxLength: 3 })
        .map((content) => ({ tight: true, content })),
    );
  return fc.oneof(
    { weight: 3, arbitrary: paragraph },
    { weight: 1, arbitrary: heading },
    { weight: 1, arbitrary: codeBlock },
    { weight: 1, arbitrary: fc.constant(horizontalRule) },
    { weight: 1, arbitrary: table },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.array(child, { minLength: 1, maxLength: 3 }), fc.constant<JSONContent[]>([emptyParagraph]))
        .map((content) => ({ type: 'blockquote', content })),
    },
    {
      weight: 1,
      arbitrary: items('listItem').map(({ tight, content }) => ({
        type: 'bulletList',
        attrs: { tight },
        content,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 999_999 })), items('listItem'))
        .map(([start, { tight, content }]) => ({ type: 'orderedList', attrs: { start, tight }, content })),
    },
    {
      weight: 1,
      arbitrary: items('taskItem', fc.record({ checked: fc.boolean() })).map(({ tight, content }) => ({
        type: 'taskList',
        attrs: { tight },
        content,
      })),
    },
  );
}

/** Runs the generated JSON through the schema: fills default attributes, sorts and merges marks. */
const normalised = (doc: JSONContent): JSONContent => editorSchema.nodeFromJSON(doc).toJSON() as JSONContent;

const documents = fc
  .oneof(
    { weight: 20, arbitrary: fc.array(block(3), { minLength: 1, maxLength: 5 }) },
    { weight: 1, arbitrary: fc.constant<JSONContent[]>([emptyParagraph]) },
  )
  .map((content) => normalised({ type: 'doc', content }));

describe('Markdown round trip (property)', () => {
  it(`markdownToDoc(docToMarkdown(doc)) equals doc for random documents (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(documents, (doc) => {
        editorSchema.nodeFromJSON(doc).check();
        const markdown = docToMarkdown(doc);
        expect(markdownToDoc(markdown), markdown).toEqual(doc);
        expect(sanitizeMarkdown(markdown)).toBe(markdown);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

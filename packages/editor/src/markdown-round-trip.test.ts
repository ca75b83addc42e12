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
 * only, heading levels 1-3, ordered lists numbered from 0-999999999 and without a `type`.
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
  })
  .map(({ bold, italic, underline, highlight, color, fontSize, link }): JSONContent['marks'] => [
    ...(bold ? [{ type: 'bold' }] : []),
    ...(italic ? [{ type: 'italic' }] : []),
    ...(underline ? [{ type: 'underline' }] : []),
    ...(highlight ? [{ type: 'highlight', attrs: { color: highlight } }] : []),
    ...(color || fontSize ? [{ type: 'textStyle', attrs: { color, fontSize } }] : []),
    ...(link ? [{ type: 'link', attrs: link }] : []),
  ]);

/** Inline content: runs of text and hard breaks drawing on a few mark sets, so marks overlap and continue. */
const inline = (minLength: number) =>
  fc.array(markSet, { minLength: 1, maxLength: 3 }).chain((markSets) =>
    fc.array(
      fc.record({
        marks: fc.constantFrom(...markSets),
        content: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.constant(null) }),
      }),
      { minLength, maxLength: 6 },
    ),
  );

const toInlineJson = (runs: { marks: JSONContent['marks']; content: string | null }[]): JSONContent[] =>
  runs.map(({ marks, content }) =>
    content === null ? { type: 'hardBreak', marks } : { type: 'text', text: content, marks },
  );

const paragraph = inline(1).map((runs) => ({ type: 'paragraph', content: toInlineJson(runs) }));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 3 }), inline(0))
  .map(([level, runs]) => ({ type: 'heading', attrs: { level }, content: toInlineJson(runs) }));
const emptyParagraph: JSONContent = { type: 'paragraph' };

function block(depth: number): fc.Arbitrary<JSONContent> {
  if (depth === 0) return fc.oneof(paragraph, heading);
  const child = block(depth - 1);
  const item = (type: string, attrs: fc.Arbitrary<Record<string, unknown>>) =>
    fc
      .tuple(attrs, fc.option(paragraph, { freq: 4 }), fc.array(child, { maxLength: 2 }))
      .map(([itemAttrs, first, rest]) => {
        // An empty first paragraph followed by a paragraph is not normalised: promote that paragraph.
        const content = first ?? (rest[0]?.type === 'paragraph' ? rest.shift()! : emptyParagraph);
        return { type, attrs: itemAttrs, content: [content, ...rest] };
      });
  const items = (type: string, attrs: fc.Arbitrary<Record<string, unknown>> = fc.constant({})) =>
    fc.array(item(type, attrs), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    { weight: 3, arbitrary: paragraph },
    { weight: 1, arbitrary: heading },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.array(child, { minLength: 1, maxLength: 3 }), fc.constant<JSONContent[]>([emptyParagraph]))
        .map((content) => ({ type: 'blockquote', content })),
    },
    { weight: 1, arbitrary: items('listItem').map((content) => ({ type: 'bulletList', content })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 999_999 })), items('listItem'))
        .map(([start, content]) => ({ type: 'orderedList', attrs: { start }, content })),
    },
    {
      weight: 1,
      arbitrary: items('taskItem', fc.record({ checked: fc.boolean() })).map((content) => ({
        type: 'taskList',
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

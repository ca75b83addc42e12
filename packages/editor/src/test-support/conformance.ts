import { createRequire } from 'node:module';
import { HtmlRenderer, Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';
import gfmFixture from '../fixtures/gfm-examples.json' with { type: 'json' };
import { sanitizeMarkdown } from '../index';

/*
 * Markdown -> document -> Markdown, judged by rendering the input and the output with a renderer
 * that is not ours and comparing the HTML: commonmark.js (the reference implementation) for the
 * CommonMark examples, markdown-it with its GFM table and strikethrough rules for the GFM ones.
 */

export interface ConformanceExample {
  number: number;
  section: string;
  markdown: string;
}

export interface ConformanceResult extends ConformanceExample {
  before: string;
  after: string;
  output: string;
  identical: boolean;
  /** The input holds raw HTML (kept as visible text or a code block by design, so it renders differently). */
  rawHtml: boolean;
}

const require = createRequire(import.meta.url);

/** The 652 examples of CommonMark 0.31.2 (the `commonmark-spec` package). */
export function commonMarkExamples(): ConformanceExample[] {
  const spec = require('commonmark-spec') as { tests: ConformanceExample[] };
  return spec.tests.map(({ number, section, markdown }) => ({ number, section, markdown }));
}

/** The GFM table and strikethrough examples (vendored, see fixtures/gfm-examples.LICENSE.md). */
export function gfmExamples(): ConformanceExample[] {
  return gfmFixture.examples;
}

const commonMarkParser = new Parser();
const commonMarkRenderer = new HtmlRenderer();
const gfmRenderer = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);

function renderCommonMark(markdown: string): string {
  return commonMarkRenderer.render(commonMarkParser.parse(markdown));
}

function renderGfm(markdown: string): string {
  return gfmRenderer.render(markdown);
}

function hasRawHtmlCommonMark(markdown: string): boolean {
  const walker = commonMarkParser.parse(markdown).walker();
  for (let step = walker.next(); step; step = walker.next()) {
    if (step.node.type === 'html_block' || step.node.type === 'html_inline') return true;
  }
  return false;
}

function hasRawHtmlGfm(markdown: string): boolean {
  return gfmRenderer
    .parse(markdown, {})
    .some(
      (token) =>
        token.type === 'html_block' || (token.children ?? []).some((child) => child.type === 'html_inline'),
    );
}

/** Emphasis inside the same emphasis (`<em>a <em>b</em></em>`) looks exactly like one level of it. */
function flattenNestedEmphasis(html: string): string {
  const open: { name: string; dropped: boolean }[] = [];
  return html.replace(/<(\/?)(em|strong|del|s)>/g, (tag, slash: string, name: string) => {
    if (slash) {
      const index = open.findLastIndex((element) => element.name === name);
      const [element] = index === -1 ? [] : open.splice(index, 1);
      return element?.dropped ? '' : tag;
    }
    const dropped = open.some((element) => element.name === name);
    open.push({ name, dropped });
    return dropped ? '' : tag;
  });
}

/**
 * Differences no reader sees: `<br />` vs `<br>`, whitespace outside `<pre>` (a browser shows any
 * run of it as one space, or nothing between blocks), and emphasis nested in the same emphasis
 * (a ProseMirror mark cannot nest in itself; it renders the same).
 */
export function normaliseHtml(html: string): string {
  return flattenNestedEmphasis(html)
    .replace(/\s*\/>/g, '>')
    .split(/(<pre[\s\S]*?<\/pre>)/)
    .map((part) => (part.startsWith('<pre') ? part : part.replace(/\s+/g, ' ').replace(/> </g, '><')))
    .join('')
    .trim();
}

function run(
  examples: readonly ConformanceExample[],
  render: (markdown: string) => string,
  hasRawHtml: (markdown: string) => boolean,
): ConformanceResult[] {
  return examples.map((example) => {
    const output = sanitizeMarkdown(example.markdown);
    const before = normaliseHtml(render(example.markdown));
    const after = normaliseHtml(render(output));
    return {
      ...example,
      before,
      after,
      output,
      identical: before === after,
      rawHtml: hasRawHtml(example.markdown),
    };
  });
}

export function runCommonMark(): ConformanceResult[] {
  return run(commonMarkExamples(), renderCommonMark, hasRawHtmlCommonMark);
}

export function runGfm(): ConformanceResult[] {
  return run(gfmExamples(), renderGfm, hasRawHtmlGfm);
}

/** `section: failed/total` for every section with a failure, worst first. */
export function failingSections(results: readonly ConformanceResult[]): string[] {
  const bySection = new Map<string, { failed: number; rawHtml: number; total: number }>();
  for (const result of results) {
    const entry = bySection.get(result.section) ?? { failed: 0, rawHtml: 0, total: 0 };
    entry.total++;
    if (!result.identical) {
      entry.failed++;
      if (result.rawHtml) entry.rawHtml++;
    }
    bySection.set(result.section, entry);
  }
  return [...bySection.entries()]
    .filter(([, entry]) => entry.failed > 0)
    .sort((a, b) => b[1].failed - a[1].failed)
    .map(
      ([section, { failed, rawHtml, total }]) =>
        `${section}: ${failed}/${total} differ${rawHtml > 0 ? ` (${rawHtml} with raw HTML)` : ''}`,
    );
}

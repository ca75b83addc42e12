import { createEditorExtensions, markdownToDoc } from '@notewise/editor';
import { generateHTML } from '@tiptap/react';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import '@/features/editor/rich-text-editor.css';
import { headingAnchor } from './help-articles';
import './help-center.css';

const extensions = createEditorExtensions();

/**
 * Renders an article with the product's own editor schema and styles (the same conversion notes go
 * through), with an id on each heading. The schema only keeps absolute http(s) links, so in-app links (`/projects`) are written
 * against this origin first and turned back into paths the router follows.
 */
function articleHtml(markdown: string, origin: string): string {
  const absolute = markdown.replace(/\]\((\/[^)\s]*)\)/g, (_, path: string) => `](${origin}${path})`);
  const html = generateHTML(markdownToDoc(absolute), extensions);
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const link of template.content.querySelectorAll('a[href]')) {
    const url = new URL(link.getAttribute('href') ?? '', origin);
    if (url.origin !== origin) continue;
    link.setAttribute('href', `${url.pathname}${url.search}${url.hash}`);
    link.removeAttribute('target');
    link.removeAttribute('rel');
  }
  // Headings get stable ids, so other screens can link to a section (`/help-center/ai-actions#...`).
  for (const heading of template.content.querySelectorAll('h2, h3')) {
    heading.id = headingAnchor(heading.textContent ?? '');
  }
  return template.innerHTML;
}

export function ArticleBody({ markdown }: { markdown: string }) {
  const navigate = useNavigate();
  const html = useMemo(() => articleHtml(markdown, window.location.origin), [markdown]);

  // In-app links change route without reloading; modified clicks keep the browser's behaviour.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest('a[href^="/"]');
    if (!link) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/');
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click only delegates to the links inside, which keep their own keyboard behaviour.
    <div
      className="nw-prose nw-help-article"
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated from repo Markdown through the editor schema, which keeps only its own nodes, marks and safe links.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

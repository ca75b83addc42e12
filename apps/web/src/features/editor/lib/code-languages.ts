import type { LanguageFn } from 'highlight.js';

/** A language the code block picker offers, with its highlight.js grammar (each its own lazy chunk). */
export interface CodeLanguage {
  /** Stored in the code block's `language` attribute (the Markdown fence's info string). */
  id: string;
  label: string;
  load: () => Promise<{ default: LanguageFn }>;
}

/** Plain text: the picker's first choice, stored as no language. */
export const PLAIN_TEXT_LABEL = 'Plain text';

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { id: 'bash', label: 'Bash', load: () => import('highlight.js/lib/languages/bash') },
  { id: 'c', label: 'C', load: () => import('highlight.js/lib/languages/c') },
  { id: 'cpp', label: 'C++', load: () => import('highlight.js/lib/languages/cpp') },
  { id: 'csharp', label: 'C#', load: () => import('highlight.js/lib/languages/csharp') },
  { id: 'css', label: 'CSS', load: () => import('highlight.js/lib/languages/css') },
  { id: 'diff', label: 'Diff', load: () => import('highlight.js/lib/languages/diff') },
  { id: 'go', label: 'Go', load: () => import('highlight.js/lib/languages/go') },
  { id: 'html', label: 'HTML', load: () => import('highlight.js/lib/languages/xml') },
  { id: 'java', label: 'Java', load: () => import('highlight.js/lib/languages/java') },
  { id: 'javascript', label: 'JavaScript', load: () => import('highlight.js/lib/languages/javascript') },
  { id: 'json', label: 'JSON', load: () => import('highlight.js/lib/languages/json') },
  { id: 'markdown', label: 'Markdown', load: () => import('highlight.js/lib/languages/markdown') },
  { id: 'php', label: 'PHP', load: () => import('highlight.js/lib/languages/php') },
  { id: 'python', label: 'Python', load: () => import('highlight.js/lib/languages/python') },
  { id: 'ruby', label: 'Ruby', load: () => import('highlight.js/lib/languages/ruby') },
  { id: 'rust', label: 'Rust', load: () => import('highlight.js/lib/languages/rust') },
  { id: 'sql', label: 'SQL', load: () => import('highlight.js/lib/languages/sql') },
  { id: 'typescript', label: 'TypeScript', load: () => import('highlight.js/lib/languages/typescript') },
  { id: 'yaml', label: 'YAML', load: () => import('highlight.js/lib/languages/yaml') },
];

/** Fence names people write for the same languages (```js, ```sh ...). */
const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  yml: 'yaml',
  md: 'markdown',
  xml: 'html',
  svg: 'html',
  htm: 'html',
  'c++': 'cpp',
  cs: 'csharp',
  golang: 'go',
  patch: 'diff',
};

/** The picker's language for a stored `language` attribute, or undefined (plain or unknown). */
export function findCodeLanguage(language: unknown): CodeLanguage | undefined {
  if (typeof language !== 'string' || !language) return undefined;
  const name = language.trim().toLowerCase();
  const id = ALIASES[name] ?? name;
  return CODE_LANGUAGES.find((candidate) => candidate.id === id);
}

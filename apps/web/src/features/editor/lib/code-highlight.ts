import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { createLowlight } from 'lowlight';
import { type CodeLanguage, findCodeLanguage } from './code-languages';

type Lowlight = ReturnType<typeof createLowlight>;
type HastNode = ReturnType<Lowlight['highlight']>['children'][number];

/**
 * Syntax highlighting of code blocks, web only: decorations over the shared schema's `codeBlock`
 * (the document is untouched, so co-editing and storage never see it). lowlight and each grammar
 * are dynamic imports, fetched when the first code block with that language shows up; until then
 * the block is plain monospace text.
 */

const highlightKey = new PluginKey<DecorationSet>('nwCodeHighlight');

let lowlightPromise: Promise<Lowlight> | null = null;
// Set once lowlight has loaded, so decorating stays synchronous.
let lowlightSync: Lowlight | null = null;
const loadedLanguages = new Set<string>();
const pendingLanguages = new Map<string, Promise<void>>();
const waitingViews = new Set<EditorView>();

function loadLowlight(): Promise<Lowlight> {
  lowlightPromise ??= import('lowlight').then(({ createLowlight: create }) => {
    lowlightSync = create();
    return lowlightSync;
  });
  return lowlightPromise;
}

function loadLanguage(language: CodeLanguage): Promise<void> {
  let pending = pendingLanguages.get(language.id);
  if (!pending) {
    pending = Promise.all([loadLowlight(), language.load()]).then(([lowlight, grammar]) => {
      lowlight.register(language.id, grammar.default);
      loadedLanguages.add(language.id);
      // Redraw every editor that asked for it (the plugin recomputes on this meta).
      for (const view of waitingViews) {
        if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(highlightKey, 'loaded'));
      }
    });
    // A failed chunk (offline) leaves the block plain; a later code block retries.
    pending.catch(() => pendingLanguages.delete(language.id));
    pendingLanguages.set(language.id, pending);
  }
  return pending;
}

/** Token spans as [from, to, class] relative to the start of the code text. */
type Tokens = ReadonlyArray<readonly [number, number, string]>;

function tokensOf(
  nodes: readonly HastNode[],
  classes: readonly string[],
  offset: { value: number },
  out: Array<readonly [number, number, string]>,
) {
  for (const node of nodes) {
    if (node.type === 'text') {
      const from = offset.value;
      offset.value += node.value.length;
      if (classes.length > 0) out.push([from, offset.value, classes.join(' ')]);
    } else if (node.type === 'element') {
      const own = node.properties.className;
      const names = Array.isArray(own) ? own.filter((name): name is string => typeof name === 'string') : [];
      tokensOf(node.children as HastNode[], [...classes, ...names], offset, out);
    }
  }
}

// Unchanged code blocks are the same node objects from one state to the next: highlight them once.
const tokenCache = new WeakMap<ProseMirrorNode, Tokens>();

function highlightBlock(node: ProseMirrorNode, lowlight: Lowlight, languageId: string): Tokens {
  const cached = tokenCache.get(node);
  if (cached) return cached;
  const out: Array<readonly [number, number, string]> = [];
  tokensOf(lowlight.highlight(languageId, node.textContent).children, [], { value: 0 }, out);
  tokenCache.set(node, out);
  return out;
}

/** Decorations for every highlightable code block; asks for missing grammars (and `view` to wait). */
function decorate(doc: ProseMirrorNode, view: EditorView | null): DecorationSet {
  const decorations: Decoration[] = [];
  const lowlight = lowlightSync;
  doc.descendants((node, position) => {
    if (node.type.name !== 'codeBlock') return true;
    const language = findCodeLanguage(node.attrs.language);
    if (!language) return false;
    if (!lowlight || !loadedLanguages.has(language.id)) {
      if (view) waitingViews.add(view);
      void loadLanguage(language).then(undefined, () => undefined);
      return false;
    }
    const start = position + 1;
    for (const [from, to, className] of highlightBlock(node, lowlight, language.id)) {
      decorations.push(Decoration.inline(start + from, start + to, { class: className }));
    }
    return false;
  });
  return DecorationSet.create(doc, decorations);
}

function hasCodeBlock(doc: ProseMirrorNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.type.name === 'codeBlock') found = true;
    return !found;
  });
  return found;
}

export const CodeHighlight = Extension.create({
  name: 'codeHighlight',

  addProseMirrorPlugins() {
    let currentView: EditorView | null = null;
    return [
      new Plugin<DecorationSet>({
        key: highlightKey,
        state: {
          init: (_, state) =>
            hasCodeBlock(state.doc) ? decorate(state.doc, currentView) : DecorationSet.empty,
          apply: (tr, previous, _old, state) => {
            if (!tr.docChanged && tr.getMeta(highlightKey) !== 'loaded') return previous;
            return hasCodeBlock(state.doc) ? decorate(state.doc, currentView) : DecorationSet.empty;
          },
        },
        props: {
          decorations: (state) => highlightKey.getState(state),
        },
        view: (view) => {
          currentView = view;
          // The first state was decorated before the view existed: ask again now that one does.
          if (hasCodeBlock(view.state.doc)) decorate(view.state.doc, view);
          return {
            destroy: () => {
              waitingViews.delete(view);
              currentView = null;
            },
          };
        },
      }),
    ];
  },
});

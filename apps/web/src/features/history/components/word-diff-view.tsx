import { useMemo } from 'react';
import { diffWords } from '../lib/word-diff';

/**
 * The words that changed from `before` to `after`: added ones underlined on green (<ins>), removed
 * ones struck through on red (<del>), each also named for screen readers, so colour is not the only cue.
 */
export function WordDiffView({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  if (parts === null) {
    return (
      <p className="text-sm text-muted">Too long to compare. Restore or copy the version to see it whole.</p>
    );
  }
  if (parts.every((part) => part.kind === 'same')) {
    return <p className="text-sm text-muted">No changes: this is the current text.</p>;
  }
  return (
    <p className="text-[15px] leading-relaxed whitespace-pre-wrap">
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'added') {
          return (
            <ins key={key} className="bg-success/15 text-fg underline decoration-success decoration-2">
              <span className="sr-only">[added: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          );
        }
        if (part.kind === 'removed') {
          return (
            <del key={key} className="bg-danger-soft text-fg line-through decoration-danger decoration-2">
              <span className="sr-only">[removed: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          );
        }
        return <span key={key}>{part.text}</span>;
      })}
    </p>
  );
}

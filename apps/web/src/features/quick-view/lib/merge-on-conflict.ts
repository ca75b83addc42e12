import { mergedText, mergeThreeWay } from '@notewise/shared';

interface Text {
  title: string;
  markdown: string;
}

/**
 * A save answered 409: mine and theirs both started from `base`. `auto` is the merge to save without
 * asking (the edits touched different lines and at most one side renamed the note), null when the
 * user must choose; `both` is "Keep both": every overlap keeps my text, then theirs, marked.
 */
export function mergeOnConflict(base: Text, mine: Text, theirs: Text): { auto: Text | null; both: Text } {
  const merge = mergeThreeWay(base.markdown, mine.markdown, theirs.markdown);
  const renamedHere = mine.title !== base.title;
  const renamedThere = theirs.title !== base.title;
  const titlesClash = renamedHere && renamedThere && mine.title !== theirs.title;
  const title = renamedHere ? mine.title : theirs.title;
  return {
    auto: merge.conflicts === 0 && !titlesClash ? { title, markdown: mergedText(merge) } : null,
    both: { title, markdown: mergedText(merge, () => 'both') },
  };
}

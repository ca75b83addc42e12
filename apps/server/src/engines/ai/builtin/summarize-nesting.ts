import type { Unit } from './summarize-choose';
import { visible } from './summarize-parts';

// Lists nested in lists (agenda items and what was said under them): each item's parent, and what
// a parent is to a summary.

/** An agenda item as the bold topic of what was decided under it, without its link ('[#1054](...)'). */
export function topicLabel(text: string): string {
  const topic = visible(text)
    .replace(/\s*\[[^\]]*\]\s*$/, '')
    .replace(/[*_]/g, '')
    .replace(/[:;,]$/, '')
    .trim();
  return `**${topic}${/[?!.]$/.test(topic) ? '' : ':'}** `;
}

/** A label with nothing after it once links are taken out ('**Calendar**:'). */
export const EMPTY_LABEL = /^[*_]*[\p{L}\p{N}][^:]{0,30}?[*_]*:[*_]*\s*(?:<>)?$/u;
/** An item that is an issue's or pull request's title: it ends with its reference ('Update the CoC [#851](...)'). */
export const ISSUE_TITLE = /(?:\[#\d+\](?:\([^)]*\))?|\(#\d+\)|#\d+)\W*$/;
/** '@sam to ...', 'Sean will ...': an owner and a task, whatever else the line ends with. */
export const OWNED_TASK = /^@?[\p{L}][\p{L}\d_.'-]*\s+(?:to|will|should|must|needs? to)\s+\p{L}/iu;

/** A list line's indentation in columns (a tab is four). */
export const indentOf = (line: string) => (/^[ \t]*/.exec(line)?.[0] ?? '').replace(/\t/g, '    ').length;

/** Each item's parent: the nearest item before it that is indented less. */
export function nest(heads: Array<Unit | undefined>, indents: number[]): void {
  for (const [index, unit] of heads.entries()) {
    if (!unit) continue;
    const indent = indents[index] ?? 0;
    for (let before = index - 1; before >= 0; before -= 1) {
      if ((indents[before] ?? 0) >= indent) continue;
      const parent = heads[before];
      if (parent) unit.parent = parent;
      break;
    }
  }
}

/**
 * An agenda item with items under it is a topic, not a task; a decision or task under it keeps it
 * as its topic ('Open Up Community Board Seat' / 'Rough consensus to move forward with this.').
 */
export function settleNesting(units: Unit[]): void {
  for (const unit of units) {
    if (!unit.parent) continue;
    const parent = unit.parent;
    if (parent.actionOnly) {
      parent.must = false;
      parent.actionOnly = false;
      if (parent.role === 'action') parent.role = undefined;
    }
  }
  for (const unit of units) if (unit.must && unit.parent && !unit.parent.filler) unit.parent.must = true;
}

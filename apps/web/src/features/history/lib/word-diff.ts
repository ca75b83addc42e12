/** One run of the comparison: text both sides have, or text only the newer / the older side has. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many words on either side the texts are not compared ("too long to compare"). */
export const MAX_DIFF_WORDS = 20_000;
/**
 * Past this many inserted or removed tokens the comparison stops: Myers' algorithm keeps one row per
 * edit (memory grows with its square), and a diff that size is no longer readable anyway.
 */
export const MAX_DIFF_EDITS = 4_000;

// Words (letters and digits, with inner apostrophes or hyphens), runs of white space, and each other
// character on its own, so a changed comma does not mark the whole word beside it.
const TOKEN = /\s+|[\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*|[^\s\p{L}\p{N}_]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const countWords = (tokens: string[]) => tokens.reduce((n, t) => (/\S/.test(t) ? n + 1 : n), 0);

/**
 * A word-level diff from `before` to `after` (Myers' O(ND) shortest edit script over tokens), or null
 * when either text has more than MAX_DIFF_WORDS words or the texts differ in more than MAX_DIFF_EDITS
 * tokens. Adjacent parts of one kind are joined.
 */
export function diffWords(before: string, after: string): DiffPart[] | null {
  const a = tokenize(before);
  const b = tokenize(after);
  if (countWords(a) > MAX_DIFF_WORDS || countWords(b) > MAX_DIFF_WORDS) return null;
  // The common start and end need no search (most edits touch a small part of a note).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = editScript(a.slice(start, endA), b.slice(start, endB));
  if (!middle) return null;
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  for (const part of middle) push(part.kind, part.text);
  push('same', a.slice(endA).join(''));
  return parts;
}

/** Myers' algorithm with the trace kept per step (window -d..d only), then walked back. */
function editScript(a: string[], b: string[]): DiffPart[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    if (d > MAX_DIFF_EDITS) return null;
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const reversed: DiffPart[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    if (d === 0) {
      while (x > 0) reversed.push({ kind: 'same', text: a[--x] as string });
      break;
    }
    const row = trace[d] as Int32Array;
    const at = (k: number) => row[k + d] ?? 0;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      reversed.push({ kind: 'same', text: a[x - 1] as string });
      x--;
      y--;
    }
    if (x === prevX) reversed.push({ kind: 'added', text: b[y - 1] as string });
    else reversed.push({ kind: 'removed', text: a[x - 1] as string });
    x = prevX;
    y = prevY;
  }
  return reversed.reverse();
}

/**
 * Models sometimes wrap their whole answer in a code fence (```markdown ... ```) despite the prompt.
 * This removes such a leading fence line and, when one was removed, the closing fence at the end,
 * while streaming: only the first line (while it may still be a fence) and a possible closing fence
 * at the end are held back. Leading and trailing whitespace of the answer is trimmed too.
 * An answer whose note itself starts with a code block (`inputStartsWithFence`) is left as it is.
 */
export async function* stripCodeFence(
  source: AsyncIterable<string>,
  inputStartsWithFence = false,
): AsyncGenerator<string> {
  let head = '';
  let decided = false;
  let fenced = false;
  let tail = '';
  let started = false;

  for await (const chunk of source) {
    let text = chunk;
    if (!decided) {
      head += text;
      const trimmed = head.trimStart();
      if (trimmed === '') continue;
      const mayBeFence = trimmed.length < 3 ? '```'.startsWith(trimmed) : trimmed.startsWith('```');
      if (mayBeFence && !inputStartsWithFence) {
        const newline = trimmed.indexOf('\n');
        if (newline < 0) continue;
        fenced = true;
        text = trimmed.slice(newline + 1);
      } else {
        text = trimmed;
      }
      decided = true;
      head = '';
    }
    const combined = tail + text;
    // Hold back a final line break with what may still become a closing fence (and trailing blanks).
    const hold = /[ \t]*\n[ \t]*`{0,3}[ \t]*(?:\n[ \t]*)*$/.exec(combined) ?? /[ \t\n]+$/.exec(combined);
    const cut = hold ? hold.index : combined.length;
    let out = combined.slice(0, cut);
    tail = combined.slice(cut);
    if (!started) {
      out = out.trimStart();
      if (out === '') {
        tail = tail.trimStart();
        continue;
      }
      started = true;
    }
    if (out) yield out;
  }

  if (!decided) {
    const rest = head.trim();
    if (rest) yield rest;
    return;
  }
  const rest = fenced && /^\s*```\s*$/.test(tail) ? '' : tail.trimEnd();
  if (rest && (started || rest.trim())) yield started ? rest : rest.trimStart();
}

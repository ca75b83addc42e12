// Latency summaries and the lost-edit ledger: what the capacity bench counts and checks.

export interface ActionFigure {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `samples` (milliseconds), rounded to 0.1 ms. */
export function summarize(samples: number[]): ActionFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => {
    if (sorted.length === 0) return 0;
    const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
    return Math.round(value * 10) / 10;
  };
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** Samples per action name, merged from several load-generator processes. */
export function mergeSamples(parts: Record<string, number[]>[]): Record<string, number[]> {
  const merged: Record<string, number[]> = {};
  for (const part of parts) {
    for (const [action, values] of Object.entries(part))
      merged[action] = [...(merged[action] ?? []), ...values];
  }
  return merged;
}

/**
 * What the server acknowledged, per note: for an autosave the marker its last answered PATCH carried,
 * for a co-edit the paragraph a client typed once the server had confirmed all of it. Each must be in
 * the stored note at the end, or the edit was lost.
 */
export interface Acknowledged {
  noteId: string;
  kind: 'autosave' | 'co-edit';
  /** Text that must appear in the stored note's plain text. */
  text: string;
}

export interface LostEdit extends Acknowledged {
  stored: string | null;
}

/** The acknowledged edits that the stored notes (note id -> plain text) do not hold. */
export function lostEdits(acknowledged: Acknowledged[], stored: Map<string, string>): LostEdit[] {
  const lost: LostEdit[] = [];
  for (const edit of acknowledged) {
    const text = stored.get(edit.noteId);
    if (text === undefined || !normalize(text).includes(normalize(edit.text))) {
      lost.push({ ...edit, stored: text === undefined ? null : text.slice(-200) });
    }
  }
  return lost;
}

/** Plain text joins paragraphs with line breaks; what a person typed is compared by its words. */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The step a configuration holds: the last one whose every action's p99 stayed within the budget
 * (`perAction` overrides it for the actions it names) with no error. Steps are in ramp order; a
 * failed step ends the ramp.
 */
export function maximumUsers(
  steps: { users: number; errors: number; actions: Record<string, ActionFigure> }[],
  budgetMs: number,
  perAction: Record<string, number> = {},
): number {
  let held = 0;
  for (const step of steps) {
    const over = Object.entries(step.actions).some(
      ([action, figure]) => figure.p99 > (perAction[action] ?? budgetMs),
    );
    if (step.errors > 0 || over) break;
    held = step.users;
  }
  return held;
}

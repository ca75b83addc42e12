/** docs/product.md §9: the enhanced text types itself out at 20 ms per character... */
export const MS_PER_CHAR = 20;
/**
 * ...unless it is far behind the stream: then the hidden rest shrinks by elapsed/CATCH_UP_MS of itself
 * per tick (exponential catch-up), so a long result takes seconds, not minutes.
 */
export const CATCH_UP_MS = 1_000;
/** The shortest time between two updates of the host (each one re-renders the whole text). */
export const MIN_TICK_MS = 20;

/** How many more characters to show after `elapsedMs`, with `backlog` characters not shown yet. */
export function charsToReveal(backlog: number, elapsedMs: number): number {
  if (backlog <= 0 || elapsedMs <= 0) return 0;
  const steady = elapsedMs / MS_PER_CHAR;
  const catchUp = backlog * Math.min(1, elapsedMs / CATCH_UP_MS);
  return Math.min(backlog, Math.max(steady, catchUp));
}

/** Never cut between the two halves of a surrogate pair (an emoji would show as garbage). */
function safeCut(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return Math.max(0, Math.min(index, text.length));
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index + 1 : index;
}

export interface TypewriterOptions {
  /** Reveal gradually (false: show whatever has arrived at once, e.g. under prefers-reduced-motion). */
  paced?: boolean;
  now?: () => number;
}

export interface Typewriter {
  /** More streamed text (appended to what has arrived). */
  push(text: string): void;
  /** The whole output is known: resolves once all of it has been shown. */
  finish(output: string): Promise<void>;
  /** Stops at once; nothing more is shown and finish() never resolves. */
  cancel(): void;
  /** onFrame has been called at least once. */
  readonly started: boolean;
}

/**
 * Shows streamed text with a typing effect: `onFrame` gets the text revealed so far (the whole of it
 * every time), at most every MIN_TICK_MS, or less often when onFrame itself is slow (a long note
 * costs a few ms to re-render). Ticks use timers, not animation frames, so a background tab still
 * finishes (its timers are throttled; the catch-up covers the lost time).
 */
export function createTypewriter(
  onFrame: (text: string) => void,
  options: TypewriterOptions = {},
): Typewriter {
  const paced = options.paced ?? true;
  const now = options.now ?? (() => performance.now());
  let target = '';
  let shown = 0;
  /** Fractional progress between ticks. */
  let carry = 0;
  let lastTick = 0;
  let frameCost = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let cancelled = false;
  let complete = false;
  let onComplete: (() => void) | null = null;

  const schedule = () => {
    if (timer !== undefined || cancelled) return;
    const delay = Math.max(MIN_TICK_MS, Math.ceil(frameCost * 2));
    timer = setTimeout(tick, delay);
  };

  const tick = () => {
    timer = undefined;
    if (cancelled) return;
    const at = now();
    const elapsed = at - lastTick;
    lastTick = at;
    const backlog = target.length - shown;
    if (backlog > 0) {
      let next: number;
      if (paced) {
        carry += charsToReveal(backlog, elapsed);
        const whole = Math.floor(carry);
        carry -= whole;
        next = safeCut(target, Math.min(target.length, shown + Math.max(whole, 0)));
      } else {
        next = target.length;
      }
      if (next > shown) {
        shown = next;
        started = true;
        const before = now();
        onFrame(target.slice(0, shown));
        frameCost = now() - before;
      }
    }
    if (shown < target.length) schedule();
    else if (complete && onComplete) {
      const resolve = onComplete;
      onComplete = null;
      resolve();
    }
  };

  const start = () => {
    if (timer !== undefined || cancelled) return;
    if (shown === 0 && !started) {
      // The first characters appear at once; pacing starts from here.
      lastTick = now() - MS_PER_CHAR;
      tick();
      return;
    }
    schedule();
  };

  return {
    push(text) {
      if (cancelled || complete || text === '') return;
      // After waiting for the stream, pacing restarts now rather than making up for the wait.
      if (started && shown >= target.length && timer === undefined) lastTick = now();
      target += text;
      start();
    },
    finish(output) {
      if (cancelled) return new Promise<void>(() => undefined);
      if (!output.startsWith(target.slice(0, shown))) {
        // The final text differs from what was streamed (should not happen): keep the common start.
        let common = 0;
        while (common < shown && common < output.length && output[common] === target[common]) common += 1;
        shown = common;
      }
      target = output;
      complete = true;
      return new Promise<void>((resolve) => {
        if (shown >= target.length) {
          if (!started || target.slice(0, shown) !== output) onFrame(output);
          started = true;
          resolve();
          return;
        }
        onComplete = resolve;
        if (timer === undefined) start();
      });
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
      timer = undefined;
      onComplete = null;
    },
    get started() {
      return started;
    },
  };
}

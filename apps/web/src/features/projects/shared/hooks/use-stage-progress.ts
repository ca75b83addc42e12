import { SHARED_PROJECT_PROGRESS_MS, SHARED_PROJECT_STAGES } from '@notewise/shared';
import { useEffect, useRef, useState } from 'react';

/** docs/product.md §9: the progress modal advances on a 50 ms tick. */
export const PROGRESS_TICK_MS = 50;
/** Once the request is done, the remaining stages go by within this time (docs/product.md §9: finish within ~1 s). */
export const PROGRESS_RACE_MS = 900;
/** How long 'Project Ready!' stays before the modal closes. */
export const READY_HOLD_MS = 1_000;

export interface StageProgress {
  /** 0..1 */
  progress: number;
  /** Index into SHARED_PROJECT_STAGES of the current stage; equals its length once ready. */
  stage: number;
  ready: boolean;
}

/**
 * The progress modal's clock (docs/product.md §4 and §9); mount it fresh for each run. Progress advances evenly over
 * SHARED_PROJECT_PROGRESS_MS and holds on the last stage until `done`; once `done`, it races through
 * the remaining stages within PROGRESS_RACE_MS, shows ready, and calls `onFinished` READY_HOLD_MS later.
 */
export function useStageProgress(
  done: boolean,
  onFinished: () => void,
  count: number = SHARED_PROJECT_STAGES.length,
): StageProgress {
  // While the request is still running, the animation waits on the last stage.
  const waitingCeiling = (count - 0.01) / count;
  const [progress, setProgress] = useState(0);
  const doneRef = useRef(done);
  const finishedRef = useRef(onFinished);
  useEffect(() => {
    doneRef.current = done;
    finishedRef.current = onFinished;
  });

  useEffect(() => {
    const startedAt = performance.now();
    let current = 0;
    let race: { from: number; at: number; duration: number } | null = null;
    let holdTimer: number | undefined;

    const tick = window.setInterval(() => {
      const now = performance.now();
      if (doneRef.current && !race) {
        race = { from: current, at: now, duration: Math.max(150, PROGRESS_RACE_MS * (1 - current)) };
      }
      const next = race
        ? Math.min(1, race.from + ((1 - race.from) * (now - race.at)) / race.duration)
        : Math.min(waitingCeiling, (now - startedAt) / SHARED_PROJECT_PROGRESS_MS);
      // At most one stage per tick, so a late tick (a busy machine) never skips a message.
      current = Math.min(next, (Math.floor(current * count) + 2) / count - 1e-9);
      setProgress(current);
      if (current >= 1) {
        window.clearInterval(tick);
        holdTimer = window.setTimeout(() => finishedRef.current(), READY_HOLD_MS);
      }
    }, PROGRESS_TICK_MS);

    return () => {
      window.clearInterval(tick);
      window.clearTimeout(holdTimer);
    };
  }, [waitingCeiling, count]);

  const ready = progress >= 1;
  return { progress, stage: ready ? count : Math.min(count - 1, Math.floor(progress * count)), ready };
}

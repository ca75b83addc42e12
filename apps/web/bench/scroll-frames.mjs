// Frames while a page scrolls itself at a fixed speed: shared by web-vitals-bench.mjs (the budget's
// figure) and scroll-frames-bench.mjs (builds compared, rounds alternating). Its median and round
// serve every bench script here.

/** Median of the figures present (rounds that measured nothing give null and are left out). */
export const median = (values) => {
  const sorted = values.filter((v) => v != null && !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};
export const round = (value) => (value == null ? null : Math.round(value * 10) / 10);

/**
 * Scrolls the page by itself at `speed` px/s for `seconds`, by the clock (a slow frame jumps further);
 * the requestAnimationFrame intervals and the long animation frames (web-vitals-observer.mjs's
 * `window.__bench.loafs`) that started during it. A display at 60 Hz gives 16.7 ms between frames at
 * best; one frame missed reads 33.4.
 */
export async function scrollFrames(page, { speed, seconds }) {
  const result = await page.evaluate(
    ({ speed, seconds }) =>
      new Promise((resolve) => {
        const intervals = [];
        const from = window.scrollY;
        let first = null;
        let last = null;
        const tick = (time) => {
          if (first === null) first = time;
          if (last !== null) intervals.push(time - last);
          last = time;
          const elapsed = (time - first) / 1000;
          window.scrollTo(0, from + elapsed * speed);
          if (elapsed < seconds) requestAnimationFrame(tick);
          else resolve({ intervals, distance: window.scrollY - from, startedAt: first });
        };
        requestAnimationFrame(tick);
      }),
    { speed, seconds },
  );
  const loafs = await page.evaluate(() => window.__bench?.loafs ?? []);
  const during = loafs.filter((loaf) => loaf.start >= result.startedAt);
  const sorted = [...result.intervals].sort((a, b) => a - b);
  return {
    frames: sorted.length,
    distancePx: Math.round(result.distance),
    medianMs: round(median(sorted)),
    p95Ms: round(sorted[Math.floor(sorted.length * 0.95)] ?? null),
    maxMs: round(sorted.at(-1) ?? null),
    over16: sorted.filter((ms) => ms > 17).length,
    over32: sorted.filter((ms) => ms > 33.4).length,
    longFrames: during.length,
    longestFrames: during
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((loaf) => ({ ms: Math.round(loaf.duration), scripts: loaf.scripts })),
  };
}

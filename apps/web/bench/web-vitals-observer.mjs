// What web-vitals-bench.mjs injects into each page (as source text, after web-vitals' IIFE build).
/** Runs in the page before its own scripts: web-vitals, Event Timing and long animation frames. */
export function observe() {
  const state = { lcp: null, inp: null, fcp: null, interactions: new Map(), loafs: [] };
  window.__bench = state;
  // The blank document a page starts as has no navigation entry for web-vitals to read.
  if (!window.webVitals || location.protocol === 'about:') return;
  const { onLCP, onINP, onFCP } = window.webVitals;
  onFCP((metric) => {
    state.fcp = metric.value;
  });
  onLCP(
    (metric) => {
      const a = metric.attribution;
      state.lcp = {
        value: metric.value,
        target: a.target,
        ttfb: a.timeToFirstByte,
        resourceLoadDelay: a.resourceLoadDelay,
        resourceLoadDuration: a.resourceLoadDuration,
        elementRenderDelay: a.elementRenderDelay,
      };
    },
    { reportAllChanges: true },
  );
  onINP(
    (metric) => {
      const a = metric.attribution;
      const script = a.longestScript?.entry;
      state.inp = {
        value: metric.value,
        target: a.interactionTarget,
        type: a.interactionType,
        inputDelay: a.inputDelay,
        processingDuration: a.processingDuration,
        presentationDelay: a.presentationDelay,
        longestScript: script
          ? `${script.invoker} ${script.sourceFunctionName || ''} ${script.sourceURL?.split('/').pop() ?? ''} ${Math.round(script.duration)} ms`
          : undefined,
      };
    },
    { reportAllChanges: true, durationThreshold: 16 },
  );
  try {
    // Every interaction's longest event, for the distribution beside web-vitals' INP.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        const before = state.interactions.get(entry.interactionId) ?? 0;
        state.interactions.set(entry.interactionId, Math.max(before, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = [...entry.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 2)
          .map(
            (s) =>
              `${s.invoker} ${s.sourceFunctionName || ''} ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)}`,
          );
        state.loafs.push({ start: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Older engines: web-vitals alone.
  }
}

import { type Driver, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tutorial.css';
import { progressPercent, TUTORIAL_STEPS, type TutorialStep } from './tutorial-steps';

export type TutorialOutcome = 'completed' | 'skipped';

interface RunOptions {
  /** Client-side navigation (the router's navigate). */
  navigate: (to: string) => void;
  onEnd: (outcome: TutorialOutcome) => void;
}

const TARGET_TIMEOUT_MS = 8000;

function isVisible(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}

function findTarget(step: TutorialStep): Element | null {
  for (const selector of step.targets) {
    const found = [...document.querySelectorAll(selector)].find(isVisible);
    if (found) return found;
  }
  return null;
}

/** Resolves with the step's target once its page has rendered it (lazy pages, data loading). */
function waitForTarget(step: TutorialStep): Promise<Element> {
  return new Promise((resolve) => {
    const started = performance.now();
    const poll = () => {
      const target = findTarget(step);
      if (target) return resolve(target);
      // Never strand the user: after the time-out, point at the page itself.
      if (performance.now() - started > TARGET_TIMEOUT_MS) {
        return resolve(document.querySelector('main') ?? document.body);
      }
      requestAnimationFrame(poll);
    };
    poll();
  });
}

function samePath(route: string): boolean {
  return (
    `${window.location.pathname}${window.location.search}` === route || window.location.pathname === route
  );
}

/** The page fades in over 0.4 s (docs/product.md §2); highlight after it settles so the spotlight sits right. */
const PAGE_SETTLE_MS = 450;

/**
 * Runs the six-step tour with driver.js: each step navigates to its route, waits for its target and
 * highlights it. Next / Previous / Finish, Previous disabled on step 1, progress in percent; the
 * close button and Escape skip. Focus moves into the popover and back to where it was at the end.
 */
export function runTutorial({ navigate, onEnd }: RunOptions): Driver {
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const targets = new Map<number, Element>();
  let finished = false;
  let moving = false;
  // driver.js keeps its state per page, not per instance: a tour replaced before its first step was
  // shown (two start requests close together) must never show it later, or its skip would end the
  // newer tour without recording the outcome.
  let cancelled = false;

  const tour = driver({
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    allowClose: true,
    allowKeyboardControl: true,
    overlayClickBehavior: () => undefined,
    showProgress: true,
    stagePadding: 6,
    stageRadius: 8,
    popoverClass: 'nw-tour',
    showButtons: ['next', 'previous', 'close'],
    nextBtnText: 'Next',
    prevBtnText: 'Previous',
    doneBtnText: 'Finish',
    steps: TUTORIAL_STEPS.map((step, index) => ({
      element: () => targets.get(index) ?? document.body,
      data: { stepId: step.id },
      popover: {
        title: step.title,
        description: step.description,
        side: step.side,
        align: 'start',
        progressText: `Step ${index + 1} of ${TUTORIAL_STEPS.length} · ${progressPercent(index)}%`,
        disableButtons: index === 0 ? ['previous'] : [],
      },
    })),
    popoverOffset: 10,
    onPopoverRender: (popover, { state }) => {
      const index = state.activeIndex ?? 0;
      popover.wrapper.setAttribute('data-tutorial-step', TUTORIAL_STEPS[index]?.id ?? '');
      popover.closeButton.setAttribute('aria-label', 'Skip tutorial');
      popover.closeButton.title = 'Skip tutorial';
      popover.previousButton.disabled = index === 0;
      // Focus moves into the popover, on its main button.
      requestAnimationFrame(() => popover.nextButton.focus({ preventScroll: true }));
    },
    onNextClick: () => {
      const index = tour.getActiveIndex() ?? 0;
      if (index >= TUTORIAL_STEPS.length - 1) {
        finished = true;
        tour.destroy();
      } else void goTo(index + 1);
    },
    onPrevClick: () => {
      const index = tour.getActiveIndex() ?? 0;
      if (index > 0) void goTo(index - 1);
    },
    onCloseClick: () => tour.destroy(),
    // Escape and the close button come here first. driver.js calls onDestroyed only once a step's
    // highlight animation has finished, so a skip during the first 400 ms would end the tour without
    // a word: the end is recorded by our own destroy below instead.
    onDestroyStarted: () => tour.destroy(),
  });

  let ended = false;
  function end() {
    if (ended) return;
    ended = true;
    onEnd(finished ? 'completed' : 'skipped');
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    else document.getElementById('main')?.focus({ preventScroll: true });
  }

  async function goTo(index: number) {
    const step = TUTORIAL_STEPS[index];
    if (!step || moving) return;
    moving = true;
    try {
      const changed = !samePath(step.route);
      if (changed) navigate(step.route);
      if (changed) await new Promise((resolve) => setTimeout(resolve, PAGE_SETTLE_MS));
      const target = await waitForTarget(step);
      if (cancelled) return;
      target.scrollIntoView({ block: 'center' });
      targets.set(index, target);
      if (tour.isActive()) tour.moveTo(index);
      else tour.drive(index);
      // Going back from a target nested in the previous one (AI actions inside the composer) can
      // leave driver.js's mark on the old element: only the current target is highlighted.
      for (const marked of document.querySelectorAll('.driver-active-element')) {
        if (marked !== target) marked.classList.remove('driver-active-element');
      }
    } finally {
      moving = false;
    }
  }

  const destroy = tour.destroy;
  tour.destroy = () => {
    cancelled = true;
    if (!tour.isActive()) return;
    destroy();
    end();
  };
  void goTo(0);
  return tour;
}

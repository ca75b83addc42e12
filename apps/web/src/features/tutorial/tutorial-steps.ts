import { paths } from '@/lib/route-table';

/** docs/product.md §3, Tutorial step: where it goes, what it points at and what it says. */
export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  route: string;
  /**
   * CSS selectors of the target, tried in order; the first visible match is highlighted. Several,
   * because the desktop and mobile layouts show different elements (Quick View's columns vs its bar).
   */
  targets: readonly string[];
  side: 'top' | 'right' | 'bottom' | 'left';
  /** Space between the target and the popover, in px. */
  offset: number;
}

/**
 * The six steps (docs/product.md §4). The voice assistant's step points at its card on Capture (lazy:
 * the step waits for it; every plan sees the card, with its own button). No target lives in the mobile menu: every step
 * points at page content, which is visible at 390 px without opening a drawer.
 */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'capture',
    title: 'Capture a note',
    description:
      'Type a thought here and choose Add Note. The Editor button opens a full-screen editor with formatting.',
    route: paths.capture,
    targets: ['[aria-busy]:has(textarea[aria-label="Note text"])', 'textarea[aria-label="Note text"]'],
    side: 'bottom',
    offset: 8,
  },
  {
    id: 'ai',
    title: 'AI actions',
    description:
      'Summarize, fix grammar, translate or structure the note. Undo brings your original text back.',
    route: paths.capture,
    targets: ['[role="group"][aria-label="AI actions"]', 'textarea[aria-label="Note text"]'],
    side: 'bottom',
    offset: 8,
  },
  {
    id: 'projects',
    title: 'Projects',
    description:
      'Group notes by subject or goal. Start with one project, or a ready-made set from a template.',
    route: paths.projects,
    targets: ['main header:has(h1)'],
    side: 'bottom',
    offset: 8,
  },
  {
    id: 'quick-view',
    title: 'Quick View',
    description: 'Projects, their notes and the open note side by side. Edit a note and save with Ctrl+S.',
    route: paths.quickView(),
    targets: ['#quick-view-columns', 'main div:has(> button[aria-label="Show projects"])'],
    side: 'bottom',
    offset: 8,
  },
  {
    id: 'shared-projects',
    title: 'Shared projects',
    description:
      'Create a project others join with a 6-digit code, and edit its notes together in real time.',
    route: paths.sharedProjects,
    targets: ['main header:has(h1)'],
    side: 'bottom',
    offset: 8,
  },
  {
    id: 'voice',
    title: 'Voice assistant',
    description:
      'Start a call and talk: the voice assistant writes the transcript and keeps notes, decisions and action items. Save Call Notes turns them into a note.',
    route: paths.capture,
    targets: ['[data-voice-phase]'],
    side: 'top',
    offset: 8,
  },
];

/** docs/product.md §4: progress in percent, e.g. step 3 of 6 is 50%. */
export function progressPercent(index: number, total = TUTORIAL_STEPS.length): number {
  return Math.round(((index + 1) / total) * 100);
}

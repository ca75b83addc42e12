// What the per-note menu's plain button (note-actions-menu.tsx) and its Radix trigger
// (note-actions-dropdown.tsx) share: the accessible name, the look, how the menu was first opened.
import type { NoteSummary } from '@notewise/shared';

/** How the plain button was used: the dropdown, once loaded, opens the same way. */
export type MenuOpening = { kind: 'pointer' } | { kind: 'key'; key: 'Enter' | ' ' | 'ArrowDown' };

/** The keys that open Radix's dropdown from its trigger. */
export const OPENING_KEYS: readonly string[] = ['Enter', ' ', 'ArrowDown'];

export const noteActionsLabel = (note: Pick<NoteSummary, 'title'>) => `Note actions for ${note.title}`;

export const noteActionsTriggerClass = 'data-[state=open]:bg-hover data-[state=open]:text-fg';

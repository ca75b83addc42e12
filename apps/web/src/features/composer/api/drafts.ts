import type { Draft } from '@notewise/shared';
import { api } from '@/lib/api';
import { storage } from '@/lib/storage';

/** The composer's draft kind (docs/product.md §3 current_input.input_type). */
const KIND = 'note_input';
const SERVER_PATH = `/api/drafts/${KIND}`;

/**
 * Decision 103: the composer keeps one draft per browser tab, in a slot named by the tab. `null` is
 * the draft saved without a slot (by an older version of the app, or an API client).
 */
export type DraftSlot = string | null;

export interface LocalDraft {
  content: string;
  /** ISO time of the last change, compared with the server draft's updatedAt. */
  updatedAt: string;
}

const localPrefix = (userId: string) => `notewise.draft.${KIND}.${userId}`;
const localKey = (userId: string, slot: DraftSlot) =>
  slot === null ? localPrefix(userId) : `${localPrefix(userId)}.${slot}`;
const slotPath = (slot: DraftSlot) => (slot === null ? SERVER_PATH : `${SERVER_PATH}/slots/${slot}`);

/** GET /api/drafts/note_input: the draft saved without a slot and every tab's slot, oldest first. */
export function fetchServerDrafts(): Promise<{ draft: Draft | null; slots: Draft[] }> {
  return api.get<{ draft: Draft | null; slots: Draft[] }>(SERVER_PATH);
}

/** PUT /api/drafts/note_input/slots/:slot. */
export function saveServerDraft(slot: string, content: string): Promise<void> {
  return api.put<void>(slotPath(slot), { content });
}

/** DELETE one slot's draft (or, for `null`, the draft saved without a slot). */
export function deleteServerDraft(slot: DraftSlot): Promise<void> {
  return api.delete<void>(slotPath(slot));
}

function parseLocal(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof value.content !== 'string' || typeof value.updatedAt !== 'string') return null;
    return { content: value.content, updatedAt: value.updatedAt };
  } catch {
    return null;
  }
}

/** Every slot's draft kept in this browser for `userId` (this tab's and other tabs'). */
export function readLocalDrafts(userId: string): Map<DraftSlot, LocalDraft> {
  const drafts = new Map<DraftSlot, LocalDraft>();
  const prefix = localPrefix(userId);
  let keys: string[] = [];
  try {
    keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i) ?? '');
  } catch {
    // Storage unavailable: nothing was kept in it.
  }
  for (const key of keys) {
    const slot =
      key === prefix ? null : key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : undefined;
    if (slot === undefined) continue;
    const draft = parseLocal(storage.get(key));
    if (draft) drafts.set(slot, draft);
  }
  return drafts;
}

export function writeLocalDraft(userId: string, slot: string, content: string): void {
  const draft: LocalDraft = { content, updatedAt: new Date().toISOString() };
  storage.set(localKey(userId, slot), JSON.stringify(draft));
}

export function clearLocalDraft(userId: string, slot: DraftSlot): void {
  storage.remove(localKey(userId, slot));
}

/** docs/product.md §8: draft save/clear failures are only logged. */
export function logDraftError(action: string, error: unknown): void {
  console.warn(`Draft ${action} failed`, error);
}

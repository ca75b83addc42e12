import type { Draft } from '@notewise/shared';
import { api } from '@/lib/api';
import { storage } from '@/lib/storage';

/** The composer's draft kind (docs/product.md §3 current_input.input_type). */
const KIND = 'note_input';
const SERVER_PATH = `/api/drafts/${KIND}`;

export interface LocalDraft {
  content: string;
  /** ISO time of the last change, compared with the server draft's updatedAt. */
  updatedAt: string;
}

const localKey = (userId: string) => `notewise.draft.${KIND}.${userId}`;

/** GET /api/drafts/note_input: the saved draft or null. */
export async function fetchServerDraft(): Promise<Draft | null> {
  const response = await api.get<{ draft: Draft | null }>(SERVER_PATH);
  return response.draft;
}

/** PUT /api/drafts/note_input. */
export function saveServerDraft(content: string): Promise<void> {
  return api.put<void>(SERVER_PATH, { content });
}

/** DELETE /api/drafts/note_input. */
export function deleteServerDraft(): Promise<void> {
  return api.delete<void>(SERVER_PATH);
}

export function readLocalDraft(userId: string): LocalDraft | null {
  const raw = storage.get(localKey(userId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof value.content !== 'string' || typeof value.updatedAt !== 'string') return null;
    return { content: value.content, updatedAt: value.updatedAt };
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: string, content: string): void {
  const draft: LocalDraft = { content, updatedAt: new Date().toISOString() };
  storage.set(localKey(userId), JSON.stringify(draft));
}

export function clearLocalDraft(userId: string): void {
  storage.remove(localKey(userId));
}

/** docs/product.md §8: draft save/clear failures are only logged. */
export function logDraftError(action: string, error: unknown): void {
  console.warn(`Draft ${action} failed`, error);
}

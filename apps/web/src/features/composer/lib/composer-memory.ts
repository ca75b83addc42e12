/**
 * The composer's text while the user moves around the app (the page unmounts on navigation). Only
 * for this page load: a reload restores the saved draft instead (SPEC 4). Keyed by user, so another
 * account signing in on the same tab does not see it.
 */
let memory: { userId: string | null; text: string } = { userId: null, text: '' };

export function rememberComposerText(userId: string | null, text: string): void {
  memory = { userId, text };
}

export function recallComposerText(userId: string | null): string {
  return memory.userId === userId ? memory.text : '';
}

export function forgetComposerText(): void {
  memory = { userId: null, text: '' };
}

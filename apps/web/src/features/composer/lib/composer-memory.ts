/**
 * The composer's text while the user moves around the app (the page unmounts on navigation). Only
 * for this page load: a reload restores the saved draft instead (docs/product.md §4). Keyed by user, so another
 * account signing in on the same tab does not see it.
 */
let memory: { userId: string | null; text: string } = { userId: null, text: '' };

export function rememberComposerText(userId: string | null, text: string): void {
  memory = { userId, text };
}

/**
 * The text for a composer that mounts for `userId`. What was typed signed out belongs to whoever signs
 * in next on this tab (the person at the keyboard): a re-mount right after sign-in must not drop it.
 */
export function recallComposerText(userId: string | null): string {
  return memory.userId === userId || memory.userId === null ? memory.text : '';
}

export function forgetComposerText(): void {
  memory = { userId: null, text: '' };
}

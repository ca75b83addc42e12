// A sign-up that opened a session leaves a mark in this tab's session storage, so whatever greets a
// new account once (the layout's tutorial offer, decision 019) can take it without the sign-up knowing.
const NEW_ACCOUNT_KEY = 'notewise.auth.new-account';

/** Called after a sign-up that opened a session. */
export function markNewAccount(userId: string): void {
  try {
    window.sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
  } catch {
    // No session storage: nothing to greet.
  }
}

/** True once for the account that just signed up in this tab; the mark is gone afterwards. */
export function takeNewAccount(userId: string): boolean {
  try {
    if (window.sessionStorage.getItem(NEW_ACCOUNT_KEY) !== userId) return false;
    window.sessionStorage.removeItem(NEW_ACCOUNT_KEY);
    return true;
  } catch {
    return false;
  }
}

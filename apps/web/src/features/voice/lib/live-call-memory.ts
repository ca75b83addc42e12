/**
 * The id of the call this tab has live, in sessionStorage: it survives a reload of the tab (and only
 * of this tab), so after a reload mid-call the card offers to save what was captured.
 */
const KEY = 'notewise.voice.liveCall';

export function rememberLiveCall(callId: string | null): void {
  try {
    if (callId) window.sessionStorage.setItem(KEY, callId);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: Recent calls still lists the call.
  }
}

export function recallLiveCall(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

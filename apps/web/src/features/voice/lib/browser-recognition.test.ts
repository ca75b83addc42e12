import { VOICE_CARD_MESSAGES } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { RECOGNITION_UNAVAILABLE, recognitionUsable } from './browser-recognition';
import { voiceErrorText } from './voice-errors';

describe('browser speech recognition', () => {
  it('works in Chrome, Edge and Safari, not in Chromium builds without the speech service', () => {
    expect(recognitionUsable(true, ['Chromium', 'Google Chrome', 'Not_A Brand'], false)).toBe(true);
    expect(recognitionUsable(true, ['Chromium', 'Microsoft Edge'], false)).toBe(true);
    // Safari has no client hints.
    expect(recognitionUsable(true, undefined, false)).toBe(true);
    // The Playwright/Debian Chromium, Brave, Opera: the constructor exists, every start fails.
    expect(recognitionUsable(true, ['Chromium', 'Not_A Brand'], false)).toBe(false);
    expect(recognitionUsable(true, ['Chromium', 'Brave'], false)).toBe(false);
    // Firefox has no constructor; a browser where it already failed to start is not offered again.
    expect(recognitionUsable(false, undefined, false)).toBe(false);
    expect(recognitionUsable(true, ['Google Chrome'], true)).toBe(false);
  });

  it('a recognition that fails before hearing anything is reported as unavailable, not as the microphone', () => {
    expect(voiceErrorText(new DOMException('network', RECOGNITION_UNAVAILABLE))).toBe(
      VOICE_CARD_MESSAGES.recognitionUnavailable,
    );
    expect(VOICE_CARD_MESSAGES.recognitionUnavailable).toBe(
      'Speech recognition is not available in this browser; ask your admin to configure a speech server.',
    );
  });
});

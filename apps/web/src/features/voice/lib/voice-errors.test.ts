import { MESSAGES, VOICE_CARD_MESSAGES, VOICE_ERROR_CODES } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isRecoverable, voiceErrorText } from './voice-errors';

describe('voice error texts', () => {
  it('says what to do about the microphone', () => {
    expect(voiceErrorText(new DOMException('denied', 'NotAllowedError'))).toBe(
      VOICE_CARD_MESSAGES.microphoneDenied,
    );
    expect(voiceErrorText(new DOMException('none', 'NotFoundError'))).toBe(
      VOICE_CARD_MESSAGES.microphoneMissing,
    );
    expect(voiceErrorText(new DOMException('busy', 'NotReadableError'))).toBe(
      VOICE_CARD_MESSAGES.microphoneBusy,
    );
    expect(voiceErrorText(new DOMException('old', 'NotSupportedError'))).toBe(
      VOICE_CARD_MESSAGES.microphoneUnsupported,
    );
  });

  it("passes the server's voice texts through and names a missing plan", () => {
    const unreachable = new ApiError(
      502,
      VOICE_ERROR_CODES.sttUnreachable,
      'The speech server at x is not reachable.',
    );
    expect(voiceErrorText(unreachable)).toBe('The speech server at x is not reachable.');
    expect(voiceErrorText(new ApiError(403, 'FORBIDDEN', ''))).toBe(MESSAGES.accessRequired);
    expect(voiceErrorText(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(MESSAGES.notSignedIn);
    expect(voiceErrorText(new TypeError('Failed to fetch'))).toBe(MESSAGES.networkFailed);
  });

  it('keeps the call for a bad utterance, not for a dead speech server', () => {
    expect(isRecoverable(new ApiError(422, VOICE_ERROR_CODES.noSpeech, 'x'))).toBe(true);
    expect(isRecoverable(new ApiError(429, VOICE_ERROR_CODES.rateLimited, 'x'))).toBe(true);
    expect(isRecoverable(new ApiError(502, VOICE_ERROR_CODES.sttUnreachable, 'x'))).toBe(false);
    expect(isRecoverable(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
    expect(isRecoverable(new Error('x'))).toBe(false);
  });
});

import type { VoiceOptions } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { pickMode } from './pick-mode';

const options = (change: Partial<VoiceOptions> = {}): VoiceOptions => ({
  sttServer: false,
  ttsServer: false,
  vapi: null,
  limits: {
    maxUtteranceBytes: 1_000_000,
    maxUtteranceSeconds: 30,
    utterancesPerMinute: 30,
    minutesPerDay: 120,
  },
  ...change,
});

describe('transcription mode', () => {
  it('prefers the server speech-to-text, then the browser recognition, else none', () => {
    expect(pickMode(options({ sttServer: true }), true)).toBe('server');
    expect(pickMode(options({ sttServer: true }), false)).toBe('server');
    expect(pickMode(options(), true)).toBe('browser');
    expect(pickMode(options(), false)).toBeNull();
    expect(pickMode(undefined, true)).toBeNull();
  });

  it('does not use Vapi (not in this version): the other modes apply', () => {
    expect(pickMode(options({ vapi: { publicKey: 'k', assistantId: 'a' } }), true)).toBe('browser');
  });
});

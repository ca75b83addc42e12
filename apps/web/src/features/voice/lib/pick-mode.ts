import type { VoiceMode, VoiceOptions } from '@notewise/shared';

/** The speech pipeline a call runs on (the card picks it from GET /api/voice/options). */
export type CaptureMode = Extract<VoiceMode, 'server' | 'browser'>;

/**
 * Which pipeline a call runs on: the server's speech-to-text when configured, else the browser's own
 * recognition where it exists; null when neither (the card says what to configure). Vapi's hosted
 * mode is not in the web app yet (docs/decisions/027-voice-card.md): with VAPI_* set the card uses the
 * other modes and says so.
 */
export function pickMode(options: VoiceOptions | undefined, browserRecognition: boolean): CaptureMode | null {
  if (!options) return null;
  if (options.sttServer) return 'server';
  return browserRecognition ? 'browser' : null;
}

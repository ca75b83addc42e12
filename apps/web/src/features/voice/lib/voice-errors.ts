import { MESSAGES, VOICE_CARD_MESSAGES, VOICE_ERROR_CODES } from '@notewise/shared';
import { errorMessage, isApiError } from '@/lib/api';
import { RECOGNITION_UNAVAILABLE } from './browser-recognition';

/** Problems with one utterance that leave the call running (the next utterance may well work). */
const RECOVERABLE_CODES = new Set<string>([
  VOICE_ERROR_CODES.noSpeech,
  VOICE_ERROR_CODES.rateLimited,
  VOICE_ERROR_CODES.audioTooLong,
  VOICE_ERROR_CODES.audioTooLarge,
  VOICE_ERROR_CODES.audioEmpty,
]);

export function isRecoverable(error: unknown): boolean {
  return isApiError(error) && RECOVERABLE_CODES.has(error.code);
}

/** A refused or missing microphone as the browser reports it (getUserMedia, SpeechRecognition). */
function microphoneText(error: DOMException): string | null {
  switch (error.name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return VOICE_CARD_MESSAGES.microphoneDenied;
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return VOICE_CARD_MESSAGES.microphoneMissing;
    case 'NotReadableError':
    case 'AbortError':
      return VOICE_CARD_MESSAGES.microphoneBusy;
    case 'NotSupportedError':
      return VOICE_CARD_MESSAGES.microphoneUnsupported;
    case 'NetworkError':
      return MESSAGES.networkFailed;
    case RECOGNITION_UNAVAILABLE:
      return VOICE_CARD_MESSAGES.recognitionUnavailable;
    default:
      return null;
  }
}

/**
 * What failed and what to do, for the toast that returns the card to offline: the microphone texts,
 * the server's own voice texts (they already say what to configure), no plan access, the network.
 */
export function voiceErrorText(error: unknown): string {
  if (error instanceof DOMException) {
    const text = microphoneText(error);
    if (text) return text;
  }
  if (isApiError(error, 403)) return error.message || MESSAGES.accessRequired;
  if (isApiError(error, 401)) return MESSAGES.notSignedIn;
  return errorMessage(error);
}

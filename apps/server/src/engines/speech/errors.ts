import { type ErrorCode, VOICE_ERROR_CODES, VOICE_MESSAGES, type VoiceErrorCode } from '@notewise/shared';
import { ApiError } from '../../http/errors';

/** A voice failure: an ApiError with one of the VOICE_ERROR_CODES (same `{ error: { code, message } }`). */
export class VoiceError extends ApiError {
  constructor(statusCode: number, voiceCode: VoiceErrorCode, message: string) {
    // ApiError's code type lists the general codes; the voice codes extend that set.
    super(statusCode, voiceCode as string as ErrorCode, message);
    this.name = 'VoiceError';
  }
}

export const sttOffError = () => new VoiceError(422, VOICE_ERROR_CODES.sttOff, VOICE_MESSAGES.sttOff);
export const sttUnreachableError = (baseUrl: string) =>
  new VoiceError(502, VOICE_ERROR_CODES.sttUnreachable, VOICE_MESSAGES.sttUnreachable(baseUrl));
export const sttFailedError = (message: string = VOICE_MESSAGES.sttFailed) =>
  new VoiceError(502, VOICE_ERROR_CODES.sttFailed, message);
export const noSpeechError = (message: string = VOICE_MESSAGES.noSpeech) =>
  new VoiceError(422, VOICE_ERROR_CODES.noSpeech, message);
export const ttsOffError = () => new VoiceError(404, VOICE_ERROR_CODES.ttsOff, VOICE_MESSAGES.ttsOff);
export const ttsFailedError = (message: string = VOICE_MESSAGES.ttsFailed) =>
  new VoiceError(502, VOICE_ERROR_CODES.ttsFailed, message);

/**
 * The voice assistant's texts (docs/product.md §8 "Voice" and the help article's troubleshooting). Not in
 * messages.ts: that module is on the web's first route, whose JS budget is full, and a module lands
 * whole in one chunk; here they load only with the (lazy) voice card.
 */
export const VOICE_MESSAGES = {
  callActive: 'You already have a live call. End it before starting another one.',
  callNotFound: 'Call not found.',
  callNotLive: 'This call has ended. Start a new call to keep talking.',
  callSaved: 'This call was already saved as a note.',
  audioEmpty: 'The recording is empty.',
  audioInvalid: 'The recording must be a WAV file: PCM, 16 kHz, mono, 16-bit.',
  audioTooLarge: (maxBytes: number) =>
    `The recording is too large (at most ${Math.floor(maxBytes / 1024).toLocaleString('en-US')} KB).`,
  audioTooLong: (maxSeconds: number) => `The recording is too long (at most ${maxSeconds} seconds).`,
  contentType: 'Send the recording as audio/wav.',
  rateLimited: 'Too many utterances. Please wait a moment and try again.',
  dailyLimit: 'You have used today’s voice minutes. Try again tomorrow.',
  sttOff:
    'No speech server is configured. Set STT_BASE_URL on the server (see “Voice” in the README), or use a browser with speech recognition.',
  sttUnreachable: (baseUrl: string) =>
    `The speech server at ${baseUrl} is not reachable. Check that it is running, then try again.`,
  sttTimeout: (baseUrl: string, seconds: number) =>
    `The speech server at ${baseUrl} did not answer within ${seconds} seconds. Please try again.`,
  sttBusy: (baseUrl: string, status: number) =>
    `The speech server at ${baseUrl} failed to answer (HTTP ${status}). Please try again in a moment.`,
  sttFailed: 'The speech server could not transcribe this recording. Please try again.',
  noSpeech: 'No speech was recognized in this recording.',
  ttsOff: 'No text-to-speech server is configured on this server.',
  ttsFailed: 'The text-to-speech server is not reachable.',
  offsetInvalid: 'offsetMs must be a whole number of milliseconds since the call started.',
  turnTextRequired: 'The turn has no text.',
  turnTextTooLong: 'This turn is too long.',
  speechTextRequired: 'Nothing to say.',
  speechTextTooLong: 'This text is too long to speak.',
  microphoneDenied:
    'Microphone access was denied. Allow the microphone for this site in your browser settings, then start the call again.',
  // docs/product.md §8 "Voice": the seed's hosted-call errors, kept for Vapi mode.
  assistantRequired: 'Assistant or Squad must be provided.',
  callObjectUnavailable: 'Call object is not available.',
} as const;

/** What the voice card says: labels of docs/product.md §2 and the errors' "what to do". */
export const VOICE_CARD_MESSAGES = {
  signInToUse: 'Sign in to use Voice Assistant',
  upgrade: 'Upgrade to PRO',
  microphoneDenied:
    'Microphone access was denied. Allow the microphone for this site in your browser settings, then start the call again.',
  accessReason: 'The voice assistant needs an active PRO trial or the UNLIMITED plan.',
  microphoneMissing: 'No microphone was found. Connect a microphone, then start the call again.',
  microphoneBusy:
    'The microphone is in use by another app or could not be opened. Close the other app, then start the call again.',
  microphoneUnsupported:
    'This browser cannot record audio on this page. Open Notewise over HTTPS (or on localhost) in a current browser.',
  // Said before the call starts when neither a speech server nor working browser recognition exists.
  recognitionUnavailable:
    'Speech recognition is not available in this browser; ask your admin to configure a speech server.',
  browserRecognition:
    'No speech server is configured, so your browser recognizes the speech. Its vendor may process the audio on its own servers.',
  serverRecognition: 'Speech is transcribed by the speech server this Notewise server is configured with.',
  vapiUnsupported:
    'This server is set up for the hosted Vapi service (VAPI_PUBLIC_KEY), which this version of the web app does not use yet; calls run on the mode described here.',
  interrupted:
    'A call was interrupted before it was saved. What was said is kept: save it as a note or discard it.',
  nothingSaid: 'Nothing was said, so the call was not kept.',
  saved: 'Call notes saved',
  discarded: 'Call discarded. You can restore it from Recently discarded for 30 days.',
  discardQuestion: 'Discard this call?',
  discardExplained:
    'Its transcript and notes are not saved as a note. The call stays under Recently discarded for 30 days, where you can restore it.',
  discardedKept: 'Discarded calls are kept for 30 days, then deleted.',
  restored: 'Call restored to Recent calls.',
  restoreFailed: 'The call could not be restored. Please try again.',
  saveFailed: 'The call notes could not be saved. Please try again.',
  discardFailed: 'The call could not be discarded. Please try again.',
  endFailed:
    'The call could not be ended on the server. Its transcript is kept; save or discard it from Recent calls.',
} as const;

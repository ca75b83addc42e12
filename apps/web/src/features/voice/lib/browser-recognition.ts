import { VOICE_TRANSCRIPT_LANGUAGE } from '@notewise/shared';

// The Web Speech API is not in TypeScript's DOM library; only what is used here is declared.
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionResultEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
interface RecognitionErrorEvent {
  readonly error: string;
}
interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** Set when recognition failed to start in this browser, so the card says so before the next try. */
const FAILED_KEY = 'notewise:voice-recognition-failed';
/**
 * Chromium builds other than Chrome and Edge (the Playwright/Debian Chromium, Brave, Opera) define
 * webkitSpeechRecognition without the vendor's speech service behind it: every start fails with
 * 'network' or 'audio-capture'. Their User-Agent Client Hints name no vendor brand.
 */
const SERVICE_BRANDS = ['Google Chrome', 'Microsoft Edge'];

/**
 * Whether recognition can work: a constructor exists, the browser is not a Chromium build without the
 * speech service (`brands` from navigator.userAgentData; undefined in Safari, which does work), and it
 * has not already failed to start here.
 */
export function recognitionUsable(
  hasConstructor: boolean,
  brands: readonly string[] | undefined,
  failedBefore: boolean,
): boolean {
  if (!hasConstructor || failedBefore) return false;
  if (brands === undefined || brands.length === 0) return true;
  return brands.some((brand) => SERVICE_BRANDS.includes(brand));
}

/** Whether this browser has working speech recognition of its own (Chrome, Edge, Safari). */
export function hasBrowserRecognition(): boolean {
  if (typeof window === 'undefined') return false;
  const hints = (navigator as { userAgentData?: { brands?: { brand: string }[] } }).userAgentData;
  let failed = false;
  try {
    failed = window.localStorage.getItem(FAILED_KEY) !== null;
  } catch {
    // Storage blocked: judge by the browser alone.
  }
  return recognitionUsable(
    recognitionConstructor() !== null,
    hints?.brands?.map((item) => item.brand),
    failed,
  );
}

function rememberRecognitionFailed(): void {
  try {
    window.localStorage.setItem(FAILED_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: the next try finds out again.
  }
}

/** The browser's recognition has no service behind it (not a microphone problem: that was opened). */
export const RECOGNITION_UNAVAILABLE = 'RecognitionUnavailableError';

export interface BrowserRecognitionHandlers {
  /** A finished phrase, and when (performance.now()) it started being heard. */
  onFinal: (text: string, startedAt: number) => void;
  onInterim: (text: string) => void;
  /** Recognition cannot continue (permission refused, no network for the vendor's service). */
  onFatal: (error: DOMException) => void;
}

/**
 * Continuous recognition in the browser: restarts itself when the browser ends a session (they stop
 * after a pause or about a minute) until stopped. Pausing (Mic Off, the AI speaking) aborts it.
 */
export class BrowserRecognition {
  private recognition: SpeechRecognitionLike | null = null;
  private running = false;
  private phraseStartedAt: number | null = null;
  private heardAnything = false;

  constructor(private readonly handlers: BrowserRecognitionHandlers) {}

  start(): void {
    const Recognition = recognitionConstructor();
    if (!Recognition) {
      this.handlers.onFatal(new DOMException('Speech recognition is not available', 'NotSupportedError'));
      return;
    }
    this.running = true;
    const recognition = new Recognition();
    recognition.lang = VOICE_TRANSCRIPT_LANGUAGE;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onresult = (event) => {
      let interim = '';
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        const text = result?.[0]?.transcript.trim() ?? '';
        if (!result || text === '') continue;
        this.phraseStartedAt ??= performance.now();
        this.heardAnything = true;
        if (result.isFinal) {
          this.handlers.onFinal(text, this.phraseStartedAt);
          this.phraseStartedAt = null;
        } else interim += `${text} `;
      }
      this.handlers.onInterim(interim.trim());
    };
    recognition.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
        this.running = false;
        this.handlers.onFatal(new DOMException(event.error, 'NotAllowedError'));
      } else if (event.error === 'audio-capture' || event.error === 'network') {
        this.running = false;
        if (this.heardAnything) {
          this.handlers.onFatal(
            new DOMException(event.error, event.error === 'network' ? 'NetworkError' : 'NotFoundError'),
          );
        } else {
          // The microphone was opened before the call started, so failing before any word was heard
          // means the browser's speech service is missing (Chromium builds), not the microphone.
          rememberRecognitionFailed();
          this.handlers.onFatal(new DOMException(event.error, RECOGNITION_UNAVAILABLE));
        }
      }
      // 'no-speech' and 'aborted' end the session; onend restarts it.
    };
    recognition.onend = () => {
      if (this.running && this.recognition === recognition) recognition.start();
    };
    this.recognition = recognition;
    recognition.start();
  }

  stop(): void {
    this.running = false;
    const recognition = this.recognition;
    this.recognition = null;
    recognition?.abort();
    this.phraseStartedAt = null;
    this.handlers.onInterim('');
  }
}

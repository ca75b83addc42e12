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

/** Whether this browser has its own speech recognition (Chrome, Edge, Safari). */
export function hasBrowserRecognition(): boolean {
  return recognitionConstructor() !== null;
}

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
      } else if (event.error === 'audio-capture') {
        this.running = false;
        this.handlers.onFatal(new DOMException(event.error, 'NotFoundError'));
      } else if (event.error === 'network') {
        this.running = false;
        this.handlers.onFatal(new DOMException(event.error, 'NetworkError'));
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

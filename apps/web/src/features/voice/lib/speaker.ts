import { VOICE_TRANSCRIPT_LANGUAGE } from '@notewise/shared';
import { fetchSpeech } from '../api/fetch-speech';

/** speechSynthesis may never report the end (no voices installed, a headless browser): give up after this. */
function speakingBudgetMs(text: string): number {
  return 2_000 + text.length * 90;
}

function speakInBrowser(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof speechSynthesis === 'undefined') return resolve();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = VOICE_TRANSCRIPT_LANGUAGE;
    const timer = window.setTimeout(done, speakingBudgetMs(text));
    function done() {
      window.clearTimeout(timer);
      resolve();
    }
    utterance.onend = done;
    utterance.onerror = done;
    speechSynthesis.cancel();
    speechSynthesis.speak(utterance);
  });
}

async function speakThroughServer(text: string, signal: AbortSignal): Promise<void> {
  const audio = new Audio(URL.createObjectURL(await fetchSpeech(text, signal)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(resolve, speakingBudgetMs(text) + 10_000);
      const finish = () => {
        window.clearTimeout(timer);
        resolve();
      };
      audio.onended = finish;
      audio.onerror = () => reject(new Error('The answer could not be played'));
      signal.addEventListener('abort', () => {
        audio.pause();
        finish();
      });
      audio.play().catch(reject);
    });
  } finally {
    URL.revokeObjectURL(audio.src);
  }
}

/**
 * Speaks an assistant answer and resolves when it has been said: through the server's TTS when it has
 * one (falling back to the browser's voice if that fails), else with the browser's speechSynthesis.
 */
export async function speakAnswer(text: string, useServer: boolean, signal: AbortSignal): Promise<void> {
  if (useServer) {
    try {
      await speakThroughServer(text, signal);
      return;
    } catch (error) {
      if (signal.aborted) return;
      console.warn('Server speech failed; using the browser voice', error);
    }
  }
  if (!signal.aborted) await speakInBrowser(text);
}

export function stopSpeaking(): void {
  if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
}

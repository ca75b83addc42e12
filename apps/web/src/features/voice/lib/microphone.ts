import { LEVEL_INTERVAL_MS } from './constants';
import { rmsLevel } from './wav';

export interface MicrophoneHandlers {
  /** Every LEVEL_INTERVAL_MS: the RMS level of the last analyser window (0 while the mic is off). */
  onLevel: (level: number, now: number) => void;
  /** Each block of raw samples at `sampleRate`, for the utterance recorder. */
  onSamples: (samples: Float32Array) => void;
}

/** Samples per ScriptProcessor block: ~85 ms at 48 kHz, a fine grain for cutting utterances. */
const BLOCK_SIZE = 4096;

/**
 * The microphone for a call: getUserMedia into an AudioContext; an AnalyserNode sampled every 100 ms
 * gives the level (docs/product.md §9), a ScriptProcessorNode hands the raw samples to the recorder. (An
 * AudioWorklet would need its module from a separate file or a blob: URL, which the CSP's script-src
 * does not allow; for one mono stream the main thread keeps up easily.)
 */
export class Microphone {
  private timer: number | undefined;
  private closed = false;

  private constructor(
    private readonly context: AudioContext,
    private readonly stream: MediaStream,
    private readonly nodes: AudioNode[],
  ) {}

  get sampleRate(): number {
    return this.context.sampleRate;
  }

  /**
   * Asks for the microphone. Pass an AudioContext created in the click handler: created after the
   * awaits, the browser's autoplay policy may keep it suspended.
   */
  static async open(context: AudioContext, handlers: MicrophoneHandlers): Promise<Microphone> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new DOMException('getUserMedia is not available', 'NotSupportedError');
    }
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    try {
      if (context.state === 'suspended') await context.resume();
      const source = context.createMediaStreamSource(stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      const processor = context.createScriptProcessor(BLOCK_SIZE, 1, 1);
      processor.onaudioprocess = (event) => {
        // Copied: the browser reuses the input buffer for the next block.
        handlers.onSamples(new Float32Array(event.inputBuffer.getChannelData(0)));
      };
      source.connect(analyser);
      source.connect(processor);
      // A ScriptProcessor only runs when connected to the output; its output stays silent.
      processor.connect(context.destination);
      const microphone = new Microphone(context, stream, [source, analyser, processor]);
      const window_ = new Float32Array(analyser.fftSize);
      microphone.timer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(window_);
        handlers.onLevel(microphone.enabled ? rmsLevel(window_) : 0, performance.now());
      }, LEVEL_INTERVAL_MS);
      return microphone;
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  get enabled(): boolean {
    return this.stream.getAudioTracks().some((track) => track.enabled);
  }

  /** Mic Off mutes the track (silence flows, nothing is recorded); Mic On unmutes it. */
  setEnabled(enabled: boolean): void {
    for (const track of this.stream.getAudioTracks()) track.enabled = enabled;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    window.clearInterval(this.timer);
    for (const node of this.nodes) node.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
    void this.context.close().catch(() => undefined);
  }
}

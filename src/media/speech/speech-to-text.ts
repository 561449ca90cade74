/**
 * Streaming speech recognition, one stream per caller turn; each provider is replaceable behind it.
 * The turn detector starts a stream when the caller starts speaking, the
 * caller's 8 kHz frames are written as they arrive (so a provider can decode
 * while the caller talks) and `finish()` is called at the end of the turn.
 * Implemented offline by pocketsphinx (stt/pocketsphinx.ts); Deepgram's live
 * WebSocket API is the next implementation, hence the streaming shape.
 */
export interface SttOptions {
  sampleRate: 8000;
  /** BCP 47, e.g. `en-US`. */
  language: string;
  /** A closed list of phrases or keywords the caller is expected to say (from the agent); providers use it as a grammar or as hints. */
  phrases?: string[];
}

export interface SttResult {
  /**
   * `speech` when the provider heard words it stands behind; `unrecognized` when it heard something it
   * cannot turn into words (off-script speech for a grammar, noise, an empty transcript). Unknown is a
   * state: the caller of finish() decides what to do with it (ask again, keep listening), never a guess.
   */
  kind: 'speech' | 'unrecognized';
  /** The best hypothesis, lower-case words for offline providers; '' when unrecognized. */
  text: string;
  /**
   * As the provider gives it. Cloud providers: their own score in [0, 1]. pocketsphinx with phrases: a
   * decision, not a probability (1 for a clean phrase match, 0 for unrecognized).
   */
  confidence?: number;
  /**
   * The recognizer's own raw output, for logs and transcript evidence (pocketsphinx: the words with the
   * garbage phones, e.g. `gb_m gb_ay gb_n …`); not readable text, never for routing.
   */
  hypothesis?: string;
  /** From the `finish()` call to the result: what the caller waits for after the turn ended. */
  latencyMs: number;
  /**
   * From peek(): this is what finish() would give for the audio written so far (the offline whole-utterance decode;
   * Deepgram once its words are settled), so a turn that ends in the same silence may take it instead of finishing.
   */
  settled?: boolean;
}

export interface SttStreamEvents {
  /** An interim hypothesis, for providers that have them. */
  partial: (text: string) => void;
  /**
   * The provider's own judgement that the caller finished speaking (Deepgram: a final result marked
   * `speech_final` after its endpointing silence, or `UtteranceEnd` from its word timings). A turn policy may end
   * the turn here when peek() then gives a complete result; it is a hint, the VAD's silence still ends every turn.
   */
  endOfTurn: () => void;
}

/** Every stream ends with finish() or abort(): until then the provider holds a process or a connection. */
export interface SttStream {
  /** Caller audio, 8 kHz mono PCM16, any length (normally 20 ms frames). Ignored after finish() or abort(). */
  write(frame: Int16Array): void;
  /** Ends the audio and resolves with the final result; rejects if the provider failed. */
  finish(): Promise<SttResult>;
  /**
   * Optional: a result for the audio written so far, the stream staying open (a turn policy asks whether the
   * caller's words are already complete). Providers without one leave it out; the turn then ends on silence alone.
   * A streaming provider answers `speech` only for words it has settled (nothing still interim after them).
   */
  peek?(): Promise<SttResult>;
  /** Drops the stream (call hung up, turn discarded); a pending finish() rejects. */
  abort(): void;
  on<E extends keyof SttStreamEvents>(event: E, listener: SttStreamEvents[E]): this;
  off<E extends keyof SttStreamEvents>(event: E, listener: SttStreamEvents[E]): this;
}

export interface SpeechToText {
  start(options: SttOptions): SttStream;
}

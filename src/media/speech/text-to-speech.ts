/**
 * Streaming speech synthesis, each provider replaceable behind it: text in, 8 kHz mono PCM16
 * chunks out as soon as the provider produces them, so the first packet can
 * go on the wire before the sentence is fully synthesised. Chunks have any
 * length; the media pipe frames them into 20 ms packets.
 *
 * Aborting (barge-in) stops the provider and ends the iteration without an
 * error: being interrupted is not a failure. Breaking out of the loop stops
 * the provider too.
 */
export interface TtsOptions {
  /** The agent's voice id (the catalogue id; each provider maps it to its own voices). */
  voice: string;
  /** BCP 47, e.g. `en-US`. */
  language: string;
  signal?: AbortSignal;
}

export interface TextToSpeech {
  synthesize(text: string, options: TtsOptions): AsyncIterable<Int16Array>;
}

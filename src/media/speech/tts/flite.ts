import type { TextToSpeech, TtsOptions } from '../text-to-speech.js';
import { spawnDirect, type SpawnSpeechProcess } from '../process-host.js';
import { synthesizeThrough } from './pipeline.js';

/** Catalogue voice ids (modules/telephony/voices.ts, provider `platform`) spoken by flite, and flite's own names. */
export const FLITE_VOICES: Record<string, string> = { 'flite-kal': 'kal', 'flite-rms': 'rms', 'flite-slt': 'slt', 'flite-awb': 'awb' };

/**
 * Offline text-to-speech with Debian's flite (CMU Flite), beside espeak-ng: clearer to a recognizer through the
 * phone path (`npm run bench -- voices`: word error rate 66-84 % against espeak-ng's 92-104 %, same sentences and
 * recognizer). flite synthesizes a sentence whole (21 ms for kal, about 60 ms for the others, per sentence), so the
 * first audio comes after the sentence, not after its first clause; sox turns its WAV into raw 8 kHz PCM16. flite
 * writes to a file (to a pipe it stalls when reading a text file), so the text and the audio pass through a
 * temporary directory the pipeline removes; the text never becomes an argument.
 */
export class FliteTts implements TextToSpeech {
  constructor(
    private readonly binary = 'flite',
    private readonly spawn: SpawnSpeechProcess = spawnDirect,
  ) {}

  synthesize(text: string, options: TtsOptions): AsyncGenerator<Int16Array> {
    return synthesizeThrough(
      this.spawn,
      'flite',
      [
        'd=$(mktemp -d) && cat > "$d/text" && "$0" -voice "$1" -f "$d/text" -o "$d/out.wav" && sox -q -D "$d/out.wav" -t raw -e signed -b 16 -c 1 - rate 8000; s=$?; rm -rf "$d"; exit $s',
        this.binary,
        FLITE_VOICES[options.voice] ?? 'kal',
      ],
      text,
      options.signal,
    );
  }
}

/**
 * The platform's offline voices: a flite voice id (`flite-kal` …) is spoken by flite when it is installed, every
 * other id by espeak-ng (a flite voice without flite falls back to espeak-ng's voice for the language, so a call
 * never goes silent for a missing package).
 */
export class OfflineTts implements TextToSpeech {
  constructor(
    private readonly espeak: TextToSpeech,
    private readonly flite: TextToSpeech | undefined,
  ) {}

  synthesize(text: string, options: TtsOptions): AsyncIterable<Int16Array> {
    return this.flite && options.voice in FLITE_VOICES ? this.flite.synthesize(text, options) : this.espeak.synthesize(text, options);
  }
}

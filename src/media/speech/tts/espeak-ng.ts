import type { TextToSpeech, TtsOptions } from '../text-to-speech.js';
import { spawnDirect, type SpawnSpeechProcess } from '../process-host.js';
import { synthesizeThrough } from './pipeline.js';

/**
 * Offline text-to-speech with Debian's espeak-ng, behind the TextToSpeech interface. espeak-ng
 * writes 22,050 Hz WAV as it synthesises; sox, in the same pipeline, turns it
 * into raw 8 kHz PCM16 as it flows, so the first chunk comes out after the
 * first clause, not after the whole text (no dither, so the same text gives the same audio; measured: about 7 ms to the first
 * byte of a 12 s paragraph, sox adding under 1 ms), and the media process
 * only reinterprets bytes. Resampling 32 s greetings in JavaScript for calls
 * arriving at 20 a second was the media process's largest CPU cost and
 * stalled every call's RTP clock (docs/decisions/0028). The text goes in on
 * stdin, never as an argument, so it cannot be read as an option.
 */
export class EspeakNgTts implements TextToSpeech {
  /** `spawn`: the media runtime passes its ProcessHost's, so no fork runs on the event loop that paces RTP. */
  constructor(
    private readonly binary = 'espeak-ng',
    private readonly spawn: SpawnSpeechProcess = spawnDirect,
  ) {}

  synthesize(text: string, options: TtsOptions): AsyncGenerator<Int16Array> {
    // `--ignore-length`: espeak-ng streams with a placeholder length.
    return synthesizeThrough(
      this.spawn,
      'espeak-ng',
      [
        '"$0" "$@" | sox -q -D --buffer 1024 --ignore-length -t wav - -t raw -e signed -b 16 -c 1 - rate 8000',
        this.binary,
        '--stdout',
        '-b',
        '1',
        '-v',
        espeakVoiceFor(options.voice, options.language),
      ],
      text,
      options.signal,
    );
  }
}

/**
 * Catalogue voices (modules/telephony/voices.ts, mirrored by id here so the
 * media runtime stays free of platform imports) mapped to espeak-ng voices of
 * the same language and gender: `+f3`/`+f4` are espeak-ng's female variants,
 * `+m3` a male one. Unknown ids (the platform default, clones) get the
 * language's default espeak-ng voice.
 */
const VOICE_TABLE: Record<string, string> = {
  alloy: 'en-us',
  echo: 'en-us+m3',
  fable: 'en-gb+m3',
  nova: 'en-us+f3',
  shimmer: 'en-us+f4',
  '21m00Tcm4TlvDq8ikWAM': 'en-us+f3', // Rachel
  ErXwobaYiN019PkySvjV: 'en-us+m3', // Antoni
  EXAVITQu4vr4xnSDxMaL: 'en-us+f4', // Bella
  'en-US-JennyNeural': 'en-us+f3',
  'en-GB-RyanNeural': 'en-gb+m3',
  'es-ES-ElviraNeural': 'es+f3',
  'de-DE-ConradNeural': 'de+m3',
  'fr-FR-DeniseNeural': 'fr-fr+f3',
};

const LANGUAGE_TABLE: Record<string, string> = { en: 'en-us', 'en-us': 'en-us', 'en-gb': 'en-gb', es: 'es', 'es-es': 'es', de: 'de', fr: 'fr-fr' };

export function espeakVoiceFor(voiceId: string, language: string): string {
  const mapped = VOICE_TABLE[voiceId];
  if (mapped) return mapped;
  const lang = language.toLowerCase();
  return LANGUAGE_TABLE[lang] ?? LANGUAGE_TABLE[lang.split('-')[0]] ?? 'en-us';
}

/**
 * A small PCM WAV writer: 16-bit mono. Used to synthesise demo recordings
 * (two-tone "conversation" clips) so a fresh install can serve real audio.
 */
export function synthesizeWav(options: { seconds: number; sampleRate?: number; tones: number[] }): Buffer {
  const rate = options.sampleRate ?? 8000;
  const samples = Math.round(options.seconds * rate);
  const data = Buffer.alloc(samples * 2);
  const turn = Math.max(1, Math.round(rate * 0.8));
  for (let i = 0; i < samples; i++) {
    const tone = options.tones[Math.floor(i / turn) % options.tones.length];
    const envelope = Math.min(1, (i % turn) / 200, (turn - (i % turn)) / 200);
    const value = Math.sin((2 * Math.PI * tone * i) / rate) * 0.3 * envelope;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

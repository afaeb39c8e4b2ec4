import { writeFileSync } from 'node:fs';

/**
 * Writes a mono 16-bit PCM WAV of a sine tone: a fake microphone's input for Chromium's
 * --use-file-for-fake-audio-capture.
 */
export function writeToneWav(file: string, { seconds = 3, hertz = 440, sampleRate = 48_000 } = {}): void {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hertz * i) / sampleRate) * 0.4 * 32767), 44 + i * 2);
  writeFileSync(file, wav);
}

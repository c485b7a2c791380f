/**
 * Writes tests/fixtures/radio/tone.mp3: four seconds of a soft A-major chord that the fake radio
 * upstream (server/radio/testing/fake-upstream.ts) serves in an endless loop, as a station would.
 * Run with `node scripts/make-radio-fixture.ts`; needs Debian's `lame` (`apt-get install lame`).
 *
 * Every partial has a whole number of cycles in four seconds, so the loop has no click. The MP3 is
 * constant bit rate without a bit reservoir or a LAME tag: every frame stands alone, so the frames
 * can be repeated (and a listener can join) at any frame boundary.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RATE = 22050;
const SECONDS = 4;
const PARTIALS = [220, 277, 330]; // A3, C#4, E4 (rounded to whole hertz)

const samples = RATE * SECONDS;
const wav = Buffer.alloc(44 + samples * 2);
wav.write("RIFF", 0, "ascii");
wav.writeUInt32LE(36 + samples * 2, 4);
wav.write("WAVEfmt ", 8, "ascii");
wav.writeUInt32LE(16, 16); // fmt chunk size
wav.writeUInt16LE(1, 20); // PCM
wav.writeUInt16LE(1, 22); // mono
wav.writeUInt32LE(RATE, 24);
wav.writeUInt32LE(RATE * 2, 28); // bytes per second
wav.writeUInt16LE(2, 32); // block align
wav.writeUInt16LE(16, 34); // bits per sample
wav.write("data", 36, "ascii");
wav.writeUInt32LE(samples * 2, 40);
for (let i = 0; i < samples; i++) {
  const t = i / RATE;
  // A slow swell (two per loop) keeps the tone from sounding like a test signal.
  const swell = 0.6 + 0.4 * Math.sin(2 * Math.PI * 0.5 * t);
  const tone = PARTIALS.reduce((sum, f) => sum + Math.sin(2 * Math.PI * f * t), 0) / PARTIALS.length;
  wav.writeInt16LE(Math.round(tone * swell * 0.25 * 32767), 44 + i * 2);
}

const out = path.resolve(import.meta.dirname, "../tests/fixtures/radio/tone.mp3");
mkdirSync(path.dirname(out), { recursive: true });
const dir = mkdtempSync(path.join(tmpdir(), "radio-fixture-"));
try {
  const input = path.join(dir, "tone.wav");
  writeFileSync(input, wav);
  execFileSync("lame", ["--quiet", "--cbr", "-b", "32", "-m", "m", "--nores", "-t", "-q", "2", input, out]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(out);

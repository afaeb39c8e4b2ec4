import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ScanEngine } from '@/lib/scan-engine/engine';
import { readRecordedClips } from '@/tests/support/recorded-scans';

// Real skin videos of subjects in India and Sierra Leone with a pulse oximeter's rate beside each
// (tests/fixtures/scan/README.md: the bias-eval-rppg release, MIT). Their pulse is too faint for plain POS
// to find (3 of 61), so what the engine owes the member on them is no number rather than a wrong one.
const clips = readRecordedClips(path.join(process.cwd(), 'tests/fixtures/scan/bias-eval-rppg-traces.json.gz'));

describe('real recordings (bias-eval-rppg)', () => {
  it('holds the 61 clips, each at least 27 s at 15 frames a second', () => {
    expect(clips).toHaveLength(61);
    for (const clip of clips) expect(clip.samples.length).toBeGreaterThanOrEqual(27 * 15);
  });

  it.each(clips.map((clip) => [clip.clip, clip] as const))('%s: no heart rate, or one within 5 bpm of the oximeter', (_name, clip) => {
    const engine = new ScanEngine();
    for (const sample of clip.samples) engine.push(sample);
    const result = engine.result();
    if (result.confident) expect(Math.abs(result.heartRateBpm! - clip.oximeterMeanBpm)).toBeLessThanOrEqual(5);
    else {
      expect(result.heartRateBpm).toBeNull();
      expect(result.refused).toBeDefined();
    }
  });
});

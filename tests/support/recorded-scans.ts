// Recorded skin traces (tests/fixtures/scan/README.md) as the samples the scan page hands the engine: for
// tests/unit/scan-engine-real.test.ts and bench:scan.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { FrameSample } from '@/lib/scan-engine/types';

export type RecordedClip = { clip: string; fps: number; oximeterMeanBpm: number; seconds: number; samples: FrameSample[] };

/** The clips of a gzipped trace file: each frame's mean colour stamped at its frame time from 1 s on. */
export function readRecordedClips(file: string): RecordedClip[] {
  const document = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { clips: { clip: string; fps: number; oximeterMeanBpm: number; seconds: number; rgb: [number, number, number][] }[] };
  return document.clips.map(({ rgb, ...clip }) => ({ ...clip, samples: rgb.map(([r, g, b], i) => ({ t: 1000 + (i * 1000) / clip.fps, r, g, b })) }));
}

import { describe, expect, it } from '@jest/globals';
import { nextAutoSlide, TUTORIAL_SLIDE_MS, TUTORIAL_SLIDES } from '@/lib/onboarding/tutorial';
import { SCAN_DURATION_MS } from '@/lib/scan-engine/types';

describe('the vital-signs tutorial', () => {
  it('has five slides, each shown for 5 s (SPEC §9)', () => {
    expect(TUTORIAL_SLIDES).toHaveLength(5);
    expect(TUTORIAL_SLIDE_MS).toBe(5000);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
  ])('moves on from slide %i to slide %i', (from, to) => {
    expect(nextAutoSlide(from)).toBe(to);
  });

  it('stops on the last slide instead of wrapping round', () => {
    expect(nextAutoSlide(4)).toBeNull();
    expect(nextAutoSlide(2, 3)).toBeNull();
  });

  it('tells the user the results come in 45 seconds, the scan’s own length, and names the five measures', () => {
    expect(SCAN_DURATION_MS).toBe(45_000);
    expect(TUTORIAL_SLIDES.some((slide) => slide.body.includes('results come in 45 seconds'))).toBe(true);
    expect(TUTORIAL_SLIDES.some((slide) => slide.body.includes('From those 45 seconds'))).toBe(true);
    expect(TUTORIAL_SLIDES[3].points).toEqual(['Heart rate', 'Heart-rate variability (HRV)', 'Breathing rate', 'Blood pressure', 'Stress']);
  });
});

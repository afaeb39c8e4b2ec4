import { SCAN_DURATION_MS } from '@/lib/scan-engine/types';

// Step 8, the vital-signs tutorial (SPEC §4 and §9): five slides, 5 s each, then it stops on the last.

export const TUTORIAL_SLIDE_MS = 5000;

/** The scan's length as the tutorial says it, from the scan's own clock, so the two never disagree. */
export const SCAN_SECONDS = Math.round(SCAN_DURATION_MS / 1000);

export type TutorialArt = 'light' | 'frame' | 'breathe' | 'measure' | 'privacy';

export type TutorialSlide = {
  art: TutorialArt;
  eyebrow: string;
  title: string;
  body: string;
  points: readonly string[];
};

export const TUTORIAL_SLIDES = [
  {
    art: 'light',
    eyebrow: 'Get ready',
    title: 'Sit still in good light',
    body: 'Sit down somewhere quiet and rest for a minute first. Light your face evenly from the front: a window or a lamp behind your screen works best.',
    points: ['Sit down and relax for a minute', 'Light in front of you, not behind you', 'Keep the room quiet'],
  },
  {
    art: 'frame',
    eyebrow: 'Position',
    title: 'Keep your face in the frame',
    body: 'Face your camera from about an arm’s length away and keep your whole face inside the outline on screen, with your forehead and cheeks uncovered.',
    points: ['Look straight at the camera', 'Keep your face inside the outline', 'Move hair, hats and glare out of the way'],
  },
  {
    art: 'breathe',
    eyebrow: 'The scan',
    title: 'Stay still and breathe normally',
    body: `The camera reads the tiny colour changes in your skin with each heartbeat. Keep still, don’t talk, and breathe as you usually do: your results come in ${SCAN_SECONDS} seconds.`,
    points: ['Hold your head still', 'Don’t talk during the scan', 'Breathe at your normal pace'],
  },
  {
    art: 'measure',
    eyebrow: 'What we measure',
    title: 'Five vital signs from one scan',
    body: `From those ${SCAN_SECONDS} seconds we estimate the signs that track how well you recover and how stressed your body is.`,
    points: ['Heart rate', 'Heart-rate variability (HRV)', 'Breathing rate', 'Blood pressure', 'Stress'],
  },
  {
    art: 'privacy',
    eyebrow: 'Your results',
    title: 'Your results, kept private',
    body: 'Your results appear as soon as the scan ends and are saved to your profile, so you can follow them week by week. The video is analysed in your browser and never stored.',
    points: ['Results straight after the scan', 'Only the numbers are saved', 'Wellness estimates, not a medical diagnosis'],
  },
] as const satisfies readonly TutorialSlide[];

/** The slide to show after `index` when the timer fires, or null on the last: the tour stops there. */
export function nextAutoSlide(index: number, count: number = TUTORIAL_SLIDES.length): number | null {
  return index < count - 1 ? index + 1 : null;
}

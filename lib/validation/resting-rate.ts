// The resting range of a scan's heart rate, without zod: the weekly check-in's first load uses it (a
// schema module would bring zod in), and ./scan-result.ts re-exports it for the API's schema.

/**
 * The heart rates a seated man at rest shows. A scan's rate outside them (a racing reading, or a very slow
 * one) is shown but saved only once the member confirms it: the camera can mistake a light's rhythm for a
 * pulse, and a wrong 189 bpm on the dashboard is worse than none.
 */
export const RESTING_HEART_RATE_BPM = { min: 38, max: 150 } as const;

/** Whether a heart rate lies outside RESTING_HEART_RATE_BPM. */
export const outsideRestingRate = (bpm: number) => bpm < RESTING_HEART_RATE_BPM.min || bpm > RESTING_HEART_RATE_BPM.max;

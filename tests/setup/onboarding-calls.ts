// Each answering step's real call and a typical answer (SPEC §7); tests override the answers they care about.
// Shared by the end-to-end fixtures and the HTTP integration tests.
export const DEFAULT_ANSWERS = {
  'date-of-birth': { date_of_birth: '1985-06-15' },
  location: { country: 'gb', city: 'London', allow_location_access: true },
  height: { height: 180 },
  weight: { current_weight: 90, desired_weight: 82 },
  'vital-signs-tutorial': undefined,
  'biohacking-experience': { biohacking_experience: 'Becoming aware' },
  'health-goals': { health_goals: 'More energy and better sleep' },
  devices: { devices_integrated: true },
  track: { track: 'one' },
  terms: { accepted: true },
} as const;

export type AnsweringStep = keyof typeof DEFAULT_ANSWERS;
export type Answers = { [S in AnsweringStep]?: Record<string, unknown> };

export const ANSWER_CALLS: Record<AnsweringStep, string> = {
  'date-of-birth': '/api/update_dob',
  location: '/api/update_location',
  height: '/api/update_height',
  weight: '/api/update_weight',
  'vital-signs-tutorial': '/api/shenai-tutorial-watched',
  'biohacking-experience': '/api/update_biohacking_experience',
  'health-goals': '/api/update_health_goals',
  devices: '/api/update_devices_integrated',
  track: '/api/set-track',
  terms: '/api/assign-terms',
};
export const ANSWER_ORDER = Object.keys(ANSWER_CALLS) as AnsweringStep[];

// The daily check-in's and the reflection chat's choices and limits, without zod: the check-in screens
// import them, and a module that builds schemas would bring zod into their first load. ./checkin.ts
// re-exports them for the server.

/** SPEC §9, in its order. */
export const SYMPTOMS = [
  'Headache',
  'Swelling',
  'Loss of appetite',
  'Brain fog',
  'Diarrhea',
  'Constipation',
  'Muscle aches',
  'Insomnia',
  'Joint pain',
  'Skin rash',
  'Hives',
  'Chills',
  'Runny nose',
  'Itching',
  'Fatigue',
  'Cough',
  'Shortness of breath',
  'Dizziness',
  'Vertigo',
  'Chest pain',
  'Anxiety',
  'Fever',
  'Depression',
] as const;
export type Symptom = (typeof SYMPTOMS)[number];

/** The API's values (the database enums' mapped names) with the screen's labels, worst first. */
export const MOODS = [
  { value: 'terrible', label: 'Terrible' },
  { value: 'sad', label: 'Sad' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'happy', label: 'Happy' },
  { value: 'elated', label: 'Elated' },
] as const;
export const ENERGIES = [
  { value: 'depleted', label: 'Depleted' },
  { value: 'low', label: 'Low' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'peak', label: 'Peak' },
] as const;
export type MoodValue = (typeof MOODS)[number]['value'];
export type EnergyValue = (typeof ENERGIES)[number]['value'];
/** SPEC §4: mood Happy, energy index 1 (Low). */
export const DEFAULT_MOOD: MoodValue = 'happy';
export const DEFAULT_ENERGY: EnergyValue = 'low';

/** SPEC-level limits of a reflection: at most 20 messages of at most 2,000 characters. */
export const REFLECTION_MAX_MESSAGES = 20;
export const MESSAGE_MAX = 2_000;

import { dayNumber, seededRandom } from '@/lib/seeded-random';

type MoodKey = 'TERRIBLE' | 'SAD' | 'NEUTRAL' | 'HAPPY' | 'ELATED';
type EnergyKey = 'DEPLETED' | 'LOW' | 'MODERATE' | 'PEAK';
export type DemoCheckin = {
  day: Date;
  mood: MoodKey;
  energy: EnergyKey;
  symptoms: string[];
  reflection: { sender: 'user' | 'ai'; text: string }[];
};

const MOODS: MoodKey[] = ['SAD', 'NEUTRAL', 'HAPPY', 'HAPPY', 'ELATED'];
const ENERGIES: EnergyKey[] = ['LOW', 'MODERATE', 'MODERATE', 'PEAK'];
const SYMPTOMS = ['Fatigue', 'Brain fog', 'Muscle aches', 'Insomnia', 'Joint pain', 'Headache'];
const REFLECTIONS = [
  ['How did your training feel today?', 'Good session, legs were heavy at the start but warmed up.'],
  ['What helped your energy most today?', 'Getting outside for a walk after lunch.'],
  ['How was your sleep last night?', 'Woke up once around 3am, otherwise fine.'],
  ['Anything that drained you today?', 'Long meetings and too much coffee in the afternoon.'],
];

/** A check-in for each of `days`, varied but the same on every run. */
export function demoCheckins(days: Date[]): DemoCheckin[] {
  return days.map((day) => {
    const random = seededRandom(dayNumber(day) * 31 + 5);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
    const symptoms = SYMPTOMS.filter(() => random() < 0.18);
    const [question, answer] = pick(REFLECTIONS);
    return {
      day,
      mood: pick(MOODS),
      energy: pick(ENERGIES),
      symptoms,
      reflection: [
        { sender: 'ai', text: question! },
        { sender: 'user', text: answer! },
        { sender: 'ai', text: 'Thanks for sharing. Small, steady habits like that add up.' },
      ],
    };
  });
}

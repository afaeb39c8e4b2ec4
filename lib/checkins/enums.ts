import { Energy, Mood } from '@/lib/generated/prisma/enums';
import type { EnergyValue, MoodValue } from '@/lib/validation/checkin';

/** The API's lower-case values as the database enums. */
export const toMood = (value: MoodValue): Mood => Mood[value.toUpperCase() as keyof typeof Mood];
export const toEnergy = (value: EnergyValue): Energy => Energy[value.toUpperCase() as keyof typeof Energy];

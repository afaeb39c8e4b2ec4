import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveBiohackingExperience } from '@/lib/onboarding/updates';
import { biohackingSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(biohackingSchema, saveBiohackingExperience, 'Biohacking experience saved.');

import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveBiohackingExperience } from '@/lib/onboarding/updates';
import { biohackingSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(biohackingSchema, saveBiohackingExperience, 'Biohacking experience saved.') });

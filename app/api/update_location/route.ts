import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveLocation } from '@/lib/onboarding/updates';
import { locationSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(locationSchema, saveLocation, 'Location saved.');

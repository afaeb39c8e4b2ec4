import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveLocation } from '@/lib/onboarding/updates';
import { locationSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(locationSchema, saveLocation, 'Location saved.') });

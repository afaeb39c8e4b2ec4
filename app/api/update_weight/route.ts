import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveWeight } from '@/lib/onboarding/updates';
import { weightSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(weightSchema, saveWeight, 'Weight saved.') });

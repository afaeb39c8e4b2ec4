import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveHeight } from '@/lib/onboarding/updates';
import { heightSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(heightSchema, saveHeight, 'Height saved.') });

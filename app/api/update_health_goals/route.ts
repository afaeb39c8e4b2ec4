import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveHealthGoals } from '@/lib/onboarding/updates';
import { goalsSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(goalsSchema, saveHealthGoals, 'Health goals saved.') });

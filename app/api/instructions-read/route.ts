import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { markInstructionsRead } from '@/lib/onboarding/updates';
import { instructionsReadSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(instructionsReadSchema, (userId) => markInstructionsRead(userId), 'Instructions confirmed.') });

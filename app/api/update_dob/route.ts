import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveDateOfBirth } from '@/lib/onboarding/updates';
import { dobSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(dobSchema, saveDateOfBirth, 'Date of birth saved.') });

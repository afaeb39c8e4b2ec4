import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveDateOfBirth } from '@/lib/onboarding/updates';
import { dobSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(dobSchema, saveDateOfBirth, 'Date of birth saved.');

import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveHeight } from '@/lib/onboarding/updates';
import { heightSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(heightSchema, saveHeight, 'Height saved.');

import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveWeight } from '@/lib/onboarding/updates';
import { weightSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(weightSchema, saveWeight, 'Weight saved.');

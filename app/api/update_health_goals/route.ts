import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveHealthGoals } from '@/lib/onboarding/updates';
import { goalsSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(goalsSchema, saveHealthGoals, 'Health goals saved.');

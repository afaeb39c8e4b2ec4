import { answerRoute } from '@/lib/onboarding/answer-route';
import { acceptTerms } from '@/lib/onboarding/updates';
import { termsSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(termsSchema, (userId) => acceptTerms(userId), 'Terms accepted. Your 30-day free trial has started.');

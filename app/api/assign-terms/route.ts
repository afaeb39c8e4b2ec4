import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { acceptTerms } from '@/lib/onboarding/updates';
import { termsSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(termsSchema, (userId) => acceptTerms(userId), 'Terms accepted. Your 30-day free trial has started.') });

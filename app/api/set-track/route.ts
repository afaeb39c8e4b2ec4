import { answerRoute } from '@/lib/onboarding/answer-route';
import { saveTrack } from '@/lib/onboarding/updates';
import { trackSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(trackSchema, saveTrack, 'Track saved.');

import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { saveTrack } from '@/lib/onboarding/updates';
import { trackSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(trackSchema, saveTrack, 'Track saved.') });

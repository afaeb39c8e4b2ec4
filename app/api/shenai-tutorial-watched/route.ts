import { methods } from '@/lib/api/route';
import { flagRoute } from '@/lib/api/answer-route';
import { markTutorialWatched } from '@/lib/onboarding/updates';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: flagRoute(markTutorialWatched, 'Tutorial marked as watched.') });

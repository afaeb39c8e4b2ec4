import { flagRoute } from '@/lib/onboarding/answer-route';
import { markTutorialWatched } from '@/lib/onboarding/updates';

export const POST = flagRoute(markTutorialWatched, 'Tutorial marked as watched.');

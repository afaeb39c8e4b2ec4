import { flagRoute } from '@/lib/onboarding/answer-route';
import { markDevicesIntegrated } from '@/lib/onboarding/updates';

export const POST = flagRoute(markDevicesIntegrated, 'Devices confirmed.');

import { methods } from '@/lib/api/route';
import { flagRoute } from '@/lib/api/answer-route';
import { markDevicesIntegrated } from '@/lib/onboarding/updates';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: flagRoute(markDevicesIntegrated, 'Devices confirmed.') });

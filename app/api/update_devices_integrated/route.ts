import { answerRoute } from '@/lib/onboarding/answer-route';
import { markDevicesIntegrated } from '@/lib/onboarding/updates';
import { devicesIntegratedSchema } from '@/lib/validation/onboarding';

export const POST = answerRoute(devicesIntegratedSchema, (userId) => markDevicesIntegrated(userId), 'Devices confirmed.');

import { methods } from '@/lib/api/route';
import { answerRoute } from '@/lib/api/answer-route';
import { markDevicesIntegrated } from '@/lib/onboarding/updates';
import { devicesIntegratedSchema } from '@/lib/validation/onboarding';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: answerRoute(devicesIntegratedSchema, (userId) => markDevicesIntegrated(userId), 'Devices confirmed.') });

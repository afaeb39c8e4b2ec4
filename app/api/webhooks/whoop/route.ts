import { methods } from '@/lib/api/route';
import { webhookReceiver } from '@/lib/api/wearable-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: webhookReceiver('whoop') });

import { methods } from '@/lib/api/route';
import { ouraHandshake, webhookReceiver } from '@/lib/api/wearable-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: ouraHandshake, POST: webhookReceiver('oura') });

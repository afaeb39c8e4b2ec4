import { methods } from '@/lib/api/route';
import { ouraHandshake } from '@/lib/wearables/oura/routes';
import { webhookReceiver } from '@/lib/wearables/webhook-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: ouraHandshake, POST: webhookReceiver('oura') });

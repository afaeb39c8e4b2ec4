import { webhookMethods } from '@/lib/wearables/webhook-routes';

export const { GET, POST, PUT, PATCH, DELETE } = webhookMethods('whoop');

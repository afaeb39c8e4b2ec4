import { webhookMethods } from '@/lib/wearables/webhook-routes';

// Withings checks the callback with a HEAD before it subscribes.
export const { GET, HEAD, POST, PUT, PATCH, DELETE } = webhookMethods('withings');

import { methods } from '@/lib/api/route';
import { webhookReceiver, withingsProbe } from '@/lib/api/wearable-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: withingsProbe, POST: webhookReceiver('withings') });
export const HEAD = withingsProbe;

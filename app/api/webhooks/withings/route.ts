import { methods } from '@/lib/api/route';
import { withingsProbe } from '@/lib/wearables/withings/routes';
import { webhookReceiver } from '@/lib/wearables/webhook-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: withingsProbe, POST: webhookReceiver('withings') });
export const HEAD = withingsProbe;

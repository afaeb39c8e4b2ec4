import { methods } from '@/lib/api/route';
import { storeTokenRoute } from '@/lib/wearables/connect-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: storeTokenRoute('whoop') });

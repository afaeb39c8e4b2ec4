import { methods } from '@/lib/api/route';
import { storeTokenRoute } from '@/lib/api/wearable-routes';

// The older devices screen's name for POST /api/store_whoop_token.
export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: storeTokenRoute('whoop') });

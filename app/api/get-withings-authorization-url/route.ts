import { methods } from '@/lib/api/route';
import { authorizationUrlRoute } from '@/lib/wearables/connect-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: authorizationUrlRoute('withings') });

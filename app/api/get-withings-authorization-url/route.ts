import { methods } from '@/lib/api/route';
import { authorizationUrlRoute } from '@/lib/wearables/route-factories';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: authorizationUrlRoute('withings') });

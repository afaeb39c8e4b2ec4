import { methods } from '@/lib/api/route';
import { authorizationUrlRoute } from '@/lib/api/wearable-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: authorizationUrlRoute('oura') });

import { methods } from '@/lib/api/route';
import { tokenExistsRoute } from '@/lib/api/wearable-routes';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: tokenExistsRoute('oura') });

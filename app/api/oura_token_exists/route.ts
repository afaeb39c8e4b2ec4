import { methods } from '@/lib/api/route';
import { tokenExistsRoute } from '@/lib/wearables/route-factories';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: tokenExistsRoute('oura') });

import { methods } from '@/lib/api/route';
import { storeTokenRoute } from '@/lib/wearables/route-factories';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: storeTokenRoute('oura') });

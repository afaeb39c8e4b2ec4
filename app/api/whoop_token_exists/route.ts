import { methods } from '@/lib/api/route';
import { tokenExistsRoute } from '@/lib/wearables/token-exists-route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: tokenExistsRoute('whoop') });

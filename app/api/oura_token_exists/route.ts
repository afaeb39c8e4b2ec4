import { tokenExistsRoute } from '@/lib/wearables/token-exists-route';

export const GET = tokenExistsRoute('oura');

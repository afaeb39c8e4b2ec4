import { LOGIN_PATH } from '@/lib/routes';

/** A lost session: a full load of the login page (SPEC §8). */
export const toLogin = () => window.location.assign(LOGIN_PATH);

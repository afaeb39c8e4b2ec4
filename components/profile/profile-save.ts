import { postJson, type JsonResult } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import type { UnitSystem } from '@/lib/units';
import { checkProfilePage, type ProfilePageErrors, type ProfilePagePayload, type ProfilePageValues } from '@/lib/validation/profile-page';

// The profile form's Save, fetched on first use (./profile-form.tsx): SPEC §5's checks in the member's
// units, then POST /api/set-user-info in cm and kg.

export type SaveOutcome = { errors: ProfilePageErrors } | { saved: ProfilePagePayload } | { failed: string } | { leaving: true };

/**
 * Checks the form, runs `sending` once it passes, then saves. A signed-out member is sent to /login
 * (`leaving`); a request that got no answer rejects, for the form to say so in its own words.
 */
/** `guard`: step-up around the request (components/security/step-up.tsx), for a new e-mail or password. */
export async function saveProfile(
  values: ProfilePageValues,
  units: UnitSystem,
  savedEmail: string,
  sending: () => void,
  guard: (call: () => Promise<JsonResult>) => Promise<JsonResult> = (call) => call(),
): Promise<SaveOutcome> {
  const checked = checkProfilePage(values, units, savedEmail);
  if ('errors' in checked) return checked;
  sending();
  const result = await guard(() => postJson('/api/set-user-info', checked.payload));
  if (result.status === 401) {
    window.location.assign(LOGIN_PATH);
    return { leaving: true };
  }
  return result.ok ? { saved: checked.payload } : { failed: result.message ?? 'Your profile could not be saved. Please try again.' };
}

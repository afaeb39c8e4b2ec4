import { postJson } from '@/lib/client/api-call';
import { problemFrom, type Problem } from '@/lib/client/problem';

// The kit form's request, fetched on first use (./kit-address-form.tsx): POST /api/kit-order, whose 422
// messages (lib/validation/kit-address.ts) go on their fields.

/** The address's fields in the form's order: the first with a message takes the focus. */
const FIELDS = ['full_name', 'country', 'line1', 'line2', 'city', 'region', 'postal_code'] as const;
export type KitField = (typeof FIELDS)[number];
export type KitFieldErrors = Partial<Record<KitField, string>>;

export type KitOutcome = { saved: true } | { fieldErrors: KitFieldErrors; first: KitField } | { problem: Problem };

/** Sends the form's fields; rejects when no answer came, for the form to say so in its own words. */
export async function sendKitOrder(form: HTMLFormElement): Promise<KitOutcome> {
  const result = await postJson('/api/kit-order', Object.fromEntries(new FormData(form)));
  if (result.ok) return { saved: true };
  const issues = (result.data as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
  const fieldErrors: KitFieldErrors = {};
  for (const { path, message } of issues) {
    const field = FIELDS.find((name) => name === path);
    if (field) fieldErrors[field] ??= message;
  }
  const first = FIELDS.find((field) => fieldErrors[field]);
  return first ? { fieldErrors, first } : { problem: problemFrom(result, 'Your kit order could not be saved. Please try again.') };
}

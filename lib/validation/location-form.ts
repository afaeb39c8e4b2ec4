import * as z from 'zod/mini';
import { LOCATION_ACCESS_MESSAGE, locationSchema } from './onboarding';

// The API accepts an empty country and city (SPEC §5), but the onboarding gate sends a user without
// both back to step 5, so the form asks for them.
export const LOCATION_FIELDS_MESSAGE = 'Please choose your country and city.';

/** Step 5's form: the switch must be on, and a country and a city chosen. */
export const locationFormSchema = z.object({
  country: locationSchema.shape.country.check(z.refine((code) => code !== '', LOCATION_FIELDS_MESSAGE)),
  city: locationSchema.shape.city.check(z.refine((city) => city !== '', LOCATION_FIELDS_MESSAGE)),
  allow_location_access: z.boolean().check(z.refine((on) => on, LOCATION_ACCESS_MESSAGE)),
});

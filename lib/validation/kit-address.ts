import './zod-config';
import * as z from 'zod/mini';

// Track one's kit address, shared by the form (zodResolver) and POST /api/kit-order. The region and postal
// code follow the country: what they are called, whether they are needed, and the shape of a postal code.

export type AddressFormat = {
  /** The region's name there ("State", "County"); absent where addresses have none. */
  region?: { label: string; required: boolean };
  postal: { label: string; pattern: RegExp; example: string };
};

const ANY_POSTAL: AddressFormat['postal'] = { label: 'Postal code', pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, example: '' };

export const ADDRESS_FORMATS: Readonly<Record<string, AddressFormat>> = {
  gb: { region: { label: 'County', required: false }, postal: { label: 'Postcode', pattern: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/, example: 'SW1A 1AA' } },
  us: { region: { label: 'State', required: true }, postal: { label: 'ZIP code', pattern: /^\d{5}(-\d{4})?$/, example: '94103' } },
  ca: { region: { label: 'Province', required: true }, postal: { label: 'Postal code', pattern: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, example: 'K1A 0B1' } },
  au: { region: { label: 'State', required: true }, postal: { label: 'Postcode', pattern: /^\d{4}$/, example: '2000' } },
  ie: { region: { label: 'County', required: true }, postal: { label: 'Eircode', pattern: /^[A-Za-z]\d[\dWw] ?[A-Za-z\d]{4}$/, example: 'D02 X285' } },
  de: { postal: { label: 'Postleitzahl', pattern: /^\d{5}$/, example: '10115' } },
  fr: { postal: { label: 'Code postal', pattern: /^\d{5}$/, example: '75001' } },
  nl: { postal: { label: 'Postcode', pattern: /^\d{4} ?[A-Za-z]{2}$/, example: '1012 AB' } },
};

export const addressFormatOf = (country: string): AddressFormat => ADDRESS_FORMATS[country] ?? { region: { label: 'State, province or region', required: false }, postal: ANY_POSTAL };

const text = (label: string, max: number) => z.string({ error: `Please enter ${label}.` }).check(z.trim(), z.minLength(1, `Please enter ${label}.`), z.maxLength(max, `That ${label.replace(/^(your|the) /, '')} is too long.`));
const optionalText = (max: number, message: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, message)));

export const kitAddressSchema = z
  .object({
    full_name: text('the name to post it to', 120),
    line1: text('the first line of the address', 120),
    line2: optionalText(120, 'That second line is too long.'),
    city: text('the town or city', 80),
    region: optionalText(80, 'That region is too long.'),
    postal_code: z.string({ error: 'Please enter the postal code.' }).check(z.trim(), z.maxLength(12, 'Please enter a valid postal code.')),
    country: z.string({ error: 'Please choose the country.' }).check(z.trim(), z.toLowerCase(), z.regex(/^[a-z]{2}$/, 'Please choose the country.')),
  })
  .check(
    z.refine((a) => !addressFormatOf(a.country).region?.required || Boolean(a.region?.trim()), {
      path: ['region'],
      message: 'Please enter the region.',
    }),
    z.refine((a) => addressFormatOf(a.country).postal.pattern.test(a.postal_code.trim()), { path: ['postal_code'], message: 'Please enter a valid postal code.' }),
  );

export type KitAddress = z.infer<typeof kitAddressSchema>;

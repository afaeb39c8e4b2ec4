import './zod-config';
import * as z from 'zod/mini';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';
import { addressFormatOf } from './kit-address-formats';

// Track one's kit address, as POST /api/kit-order parses it (the form shows the 422's messages on its
// fields). The region and postal code follow the country (./kit-address-formats.ts).
export { ADDRESS_FORMATS, addressFormatOf, type AddressFormat } from './kit-address-formats';

const text = (label: string, max: number) => z.string({ error: `Please enter ${label}.` }).check(z.trim(), z.minLength(1, `Please enter ${label}.`), z.maxLength(max, `That ${label.replace(/^(your|the) /, '')} is too long.`), z.refine(isSingleLineText, SINGLE_LINE_MESSAGE));
const optionalText = (max: number, message: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, message), z.refine(isSingleLineText, SINGLE_LINE_MESSAGE)));

export const kitAddressSchema = z
  .object({
    full_name: text('the name to post it to', 120),
    line1: text('the first line of the address', 120),
    line2: optionalText(120, 'That second line is too long.'),
    city: text('the town or city', 80),
    region: optionalText(80, 'That region is too long.'),
    postal_code: z.string({ error: 'Please enter the postal code.' }).check(z.trim(), z.maxLength(12, 'Please enter a valid postal code.'), z.refine(isSingleLineText, 'Please enter a valid postal code.')),
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

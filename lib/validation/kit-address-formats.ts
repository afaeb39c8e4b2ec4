// How a country writes an address: what its region and postal code are called, whether a region is
// needed, and the shape of a postal code. Zod-free, so the kit form can label its fields without the
// schema (./kit-address.ts), which checks the same table on the server.

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

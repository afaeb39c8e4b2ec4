import { describe, expect, it } from '@jest/globals';
import { ACTIVITY_LEVEL, BIOHACKING_EXPERIENCE, DIET_PATTERN, GENDER, ISO_DAY, labelledEnum, PLAN_PREFERENCE, TRACK, UNITS_PREFERENCE } from '@/lib/codecs';
import { biohackingSchema, dobSchema, trackSchema } from '@/lib/validation/onboarding';
import { setUserInfoSchema } from '@/lib/validation/profile';
import { weightFromKg, weightToKg } from '@/lib/units';

describe('TRACK', () => {
  it.each([
    ['one', 'ONE'],
    ['two', 'TWO'],
  ] as const)('%s is stored as %s and read back', (label, stored) => {
    expect(TRACK.toStored(label)).toBe(stored);
    expect(TRACK.toLabel(stored)).toBe(label);
  });

  it('reads an empty column as null, and the API accepts only its labels', () => {
    expect(TRACK.toLabel(null)).toBeNull();
    expect(trackSchema.safeParse({ track: 'two' }).success).toBe(true);
    expect(trackSchema.safeParse({ track: 'TWO' }).success).toBe(false);
    expect(trackSchema.safeParse({ track: 'three' }).success).toBe(false);
  });
});

describe('BIOHACKING_EXPERIENCE', () => {
  it('lists step 10’s four labels in order', () => {
    expect(BIOHACKING_EXPERIENCE.labels).toEqual(['Just getting started', 'Becoming aware', 'Taking action', 'Medically managed']);
  });

  it.each([
    ['Just getting started', 'JUST_GETTING_STARTED'],
    ['Becoming aware', 'BECOMING_AWARE'],
    ['Taking action', 'TAKING_ACTION'],
    ['Medically managed', 'MEDICALLY_MANAGED'],
  ] as const)('%s is stored as %s and read back', (label, stored) => {
    expect(BIOHACKING_EXPERIENCE.toStored(label)).toBe(stored);
    expect(BIOHACKING_EXPERIENCE.toLabel(stored)).toBe(label);
  });

  it.each([
    ['Beginner', 'Just getting started'],
    ['Intermediate', 'Becoming aware'],
    ['Advanced', 'Taking action'],
  ])('the older form’s %s reads as %s, in the codec and in the API', (alias, label) => {
    expect(BIOHACKING_EXPERIENCE.normalise(alias)).toBe(label);
    expect(biohackingSchema.parse({ biohacking_experience: alias })).toEqual({ biohacking_experience: label });
  });

  it('refuses what is neither a label nor an alias, including stored keys and inherited names', () => {
    for (const input of ['BECOMING_AWARE', 'becoming aware', 'Expert', 'constructor', 'toString', '']) {
      expect(BIOHACKING_EXPERIENCE.normalise(input)).toBeUndefined();
      expect(biohackingSchema.safeParse({ biohacking_experience: input }).success).toBe(false);
    }
  });
});

describe('UNITS_PREFERENCE', () => {
  it('maps SPEC §3’s two values both ways', () => {
    expect(UNITS_PREFERENCE.toLabel('METRIC')).toBe('cm/kg');
    expect(UNITS_PREFERENCE.toLabel('IMPERIAL')).toBe('ft/in/lbs');
    expect(UNITS_PREFERENCE.toStored('cm/kg')).toBe('METRIC');
    expect(UNITS_PREFERENCE.toStored('ft/in/lbs')).toBe('IMPERIAL');
  });
});

describe('the older profile form’s choices', () => {
  it.each([
    ['gender', GENDER, ['Male', 'Female', 'Other']],
    ['activity_level', ACTIVITY_LEVEL, ['Sedentary', 'Lightly Active', 'Very Active', 'Extremely Active']],
    ['diet_pattern', DIET_PATTERN, ['None', 'Keto', 'Vegan', 'Intermittent Fasting', 'Paleo', 'Mediterranean']],
    ['plan_preference', PLAN_PREFERENCE, ['Structured', 'Flexible']],
  ] as const)('%s round-trips every label, and the API accepts exactly those', (field, codec, labels) => {
    expect(codec.labels).toEqual(labels);
    for (const label of labels) {
      const stored = (codec.toStored as (l: string) => string)(label);
      expect((codec.toLabel as (v: string) => string | null)(stored)).toBe(label);
      expect(setUserInfoSchema.safeParse({ [field]: label }).success).toBe(true);
    }
    expect(setUserInfoSchema.safeParse({ [field]: 'Something else' }).success).toBe(false);
  });
});

describe('labelledEnum', () => {
  const codec = labelledEnum({ Yes: 'Y', No: 'N' });

  it('throws on a label it does not know rather than storing undefined', () => {
    expect(() => (codec.toStored as (l: string) => string)('Maybe')).toThrow(RangeError);
  });

  it('reads a stored value it does not know as null', () => {
    expect((codec.toLabel as (v: string) => string | null)('X')).toBeNull();
  });
});

describe('ISO_DAY', () => {
  it('stores a day as UTC midnight and reads the same day back', () => {
    const date = ISO_DAY.toDate('1985-06-15');
    expect(date.toISOString()).toBe('1985-06-15T00:00:00.000Z');
    expect(ISO_DAY.fromDate(date)).toBe('1985-06-15');
    expect(ISO_DAY.fromNullable(null)).toBeNull();
  });

  it('reads the UTC day of any instant, whatever the local time zone', () => {
    expect(ISO_DAY.fromDate(new Date('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
    expect(ISO_DAY.fromDate(new Date('2026-11-22T00:00:00+01:00'))).toBe('2026-11-21');
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-1-01', false],
    ['20240101', false],
  ])('%s is a real day: %s', (day, real) => {
    expect(ISO_DAY.isReal(day)).toBe(real);
  });

  it('is what the date-of-birth call accepts', () => {
    expect(dobSchema.safeParse({ date_of_birth: '1985-06-15' }).success).toBe(true);
    expect(dobSchema.safeParse({ date_of_birth: '1985-02-30' }).success).toBe(false);
    expect(dobSchema.safeParse({ date_of_birth: '15/06/1985' }).success).toBe(false);
  });
});

describe('weight units', () => {
  it.each([
    ['kg', 95.04, 95],
    ['lbs', 209.4, 95],
    ['lbs', 66.1, 30],
  ] as const)('%s %d is %d kg', (unit, value, kg) => {
    expect(weightToKg(unit, value)).toBe(kg);
  });

  it('shows kg in either unit to one decimal', () => {
    expect(weightFromKg('kg', 82.25)).toBe(82.3);
    expect(weightFromKg('lbs', 95)).toBe(209.4);
  });
});

import { ActivityLevel, BiohackingExperience, DietPattern, Gender, PlanPreference, Track, UnitsPreference } from '@/lib/generated/prisma/enums';

// Every enum and format the API speaks differently from the database maps here, once, both ways.
// The forms, the validators, the handlers and the pages all go through these, so a label can only
// change in one place. Browser-safe: no server imports.

/** A two-way map between the labels the API and the screens use and the values the database stores. */
export type LabelledEnum<L extends string, V extends string> = {
  /** The labels, in the order the screens list them. */
  readonly labels: readonly [L, ...L[]];
  /** Older labels the API still accepts, with the label each stands for. */
  readonly aliases: Readonly<Record<string, L>>;
  /** The label a request sent (or an alias of it) → the stored value. */
  toStored(label: L): V;
  /** The stored value → its label; a column still empty gives null. */
  toLabel(value: V | null): L | null;
  /** A label or an alias → the label, or undefined when it is neither. */
  normalise(input: string): L | undefined;
};

/** `pairs` maps each label to its stored value, in the order the screens list the labels. */
export function labelledEnum<const L extends string, V extends string>(pairs: Readonly<Record<L, V>>, aliases: Readonly<Record<string, NoInfer<L>>> = {}): LabelledEnum<L, V> {
  const entries = Object.entries(pairs) as [L, V][];
  const stored = new Map<L, V>(entries);
  const labelOf = new Map<V, L>(entries.map(([label, value]) => [value, label]));
  return {
    labels: entries.map(([label]) => label) as unknown as readonly [L, ...L[]],
    aliases,
    toStored(label) {
      const value = stored.get(label);
      if (value === undefined) throw new RangeError(`No stored value for the label "${label}"`);
      return value;
    },
    toLabel: (value) => (value === null ? null : (labelOf.get(value) ?? null)),
    normalise(input) {
      if (Object.hasOwn(aliases, input)) return aliases[input];
      return stored.has(input as L) ? (input as L) : undefined;
    },
  };
}

const { JUST_GETTING_STARTED, BECOMING_AWARE, TAKING_ACTION, MEDICALLY_MANAGED } = BiohackingExperience;
const { SEDENTARY, LIGHTLY_ACTIVE, VERY_ACTIVE, EXTREMELY_ACTIVE } = ActivityLevel;
const { NONE, KETO, VEGAN, INTERMITTENT_FASTING, PALEO, MEDITERRANEAN } = DietPattern;

/** SPEC §3 `track`: "one" needs a blood test from us, "two" brings its own. */
export const TRACK = labelledEnum({ one: Track.ONE, two: Track.TWO });

/** Step 10's four levels. The older profile form's Beginner, Intermediate and Advanced map onto them. */
export const BIOHACKING_EXPERIENCE = labelledEnum(
  { 'Just getting started': JUST_GETTING_STARTED, 'Becoming aware': BECOMING_AWARE, 'Taking action': TAKING_ACTION, 'Medically managed': MEDICALLY_MANAGED },
  { Beginner: 'Just getting started', Intermediate: 'Becoming aware', Advanced: 'Taking action' },
);

/** SPEC §3 `units_preference`. */
export const UNITS_PREFERENCE = labelledEnum({ 'cm/kg': UnitsPreference.METRIC, 'ft/in/lbs': UnitsPreference.IMPERIAL });

// The older complete-profile form's choices (SPEC §2 "Older single-form screens").
export const GENDER = labelledEnum({ Male: Gender.MALE, Female: Gender.FEMALE, Other: Gender.OTHER });
export const ACTIVITY_LEVEL = labelledEnum({ Sedentary: SEDENTARY, 'Lightly Active': LIGHTLY_ACTIVE, 'Very Active': VERY_ACTIVE, 'Extremely Active': EXTREMELY_ACTIVE });
export const DIET_PATTERN = labelledEnum({ None: NONE, Keto: KETO, Vegan: VEGAN, 'Intermittent Fasting': INTERMITTENT_FASTING, Paleo: PALEO, Mediterranean: MEDITERRANEAN });
export const PLAN_PREFERENCE = labelledEnum({ Structured: PlanPreference.STRUCTURED, Flexible: PlanPreference.FLEXIBLE });

export type LabelOf<C> = C extends LabelledEnum<infer L, string> ? L : never;

/**
 * The API's calendar day, YYYY-MM-DD. A `date` column holds it as UTC midnight, so the day read
 * back is the day written, whatever the server's time zone.
 */
export const ISO_DAY = {
  pattern: /^(\d{4})-(\d{2})-(\d{2})$/,
  /** "1985-06-15" → 1985-06-15T00:00:00Z. Assumes a string the pattern matched. */
  toDate: (day: string): Date => new Date(`${day}T00:00:00Z`),
  /** A date → its UTC calendar day. */
  fromDate: (date: Date): string => date.toISOString().slice(0, 10),
  /** A stored day, or null for an empty column. */
  fromNullable: (date: Date | null): string | null => (date ? ISO_DAY.fromDate(date) : null),
  /** True for a real calendar day: 2024-02-29 is one, 2023-02-29 and 2024-13-01 are not. */
  isReal(day: string): boolean {
    const match = ISO_DAY.pattern.exec(day);
    if (!match) return false;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  },
} as const;

import { type DayFigures, type ScalePerson, setFigure, type WeighIn } from './export-file';

export type { ScalePerson, WeighIn };

// Weigh-ins (docs/integrations/history-imports.md §6, "Weigh-ins held back"): a body gains or loses at most a
// few kilograms in a day (water, food, sweat: an endurance race or a weight cut takes about 5 % of body mass),
// and about a kilogram a day beyond that; a larger step between two weighings is a typing slip or someone else.

/** What the app knows of the member, to tell his profile on a shared scale (users: gender, dateOfBirth, heightCm). */
export type MemberBody = { sex: 'male' | 'female' | null; born: string | null; heightCm: number | null };
/** The largest change within a day: 5 kg, or 5 % of the earlier weight for a heavier body. */
export const MAX_CHANGE_IN_A_DAY = { kg: 5, share: 0.05 } as const;
/** The largest further change for each day beyond the first. */
export const MAX_CHANGE_PER_FURTHER_DAY_KG = 1;

/** Whether going from one weighing to the next is more than a body can change in the time between them. */
export function implausibleJump(from: Pick<WeighIn, 'at' | 'kg'>, to: Pick<WeighIn, 'at' | 'kg'>): boolean {
  const days = Math.abs(Date.parse(to.at) - Date.parse(from.at)) / 86_400_000;
  const allowed = Math.max(MAX_CHANGE_IN_A_DAY.kg, from.kg * MAX_CHANGE_IN_A_DAY.share) + MAX_CHANGE_PER_FURTHER_DAY_KG * Math.max(0, days - 1);
  return Math.abs(to.kg - from.kg) > allowed;
}

/** A weigh-in's id in the preview and the confirmation's answers: its place in the reading's list (sorted by time). */
export const weighInId = (index: number) => `w${index}`;

/** Whole years from a birth date (YYYY-MM-DD) to a day. */
function ageOn(born: string, day: string): number {
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * How a scale's profile fits the member: 'contradicts' when a detail both know differs (sex; age by more than
 * a year, as a scale's age may lag a birthday; height by more than 3 cm, a scale's whole centimetres against a
 * member's own figure), else how many details agree.
 */
export function profileFit(person: ScalePerson, member: MemberBody): number | 'contradicts' {
  const checks: (boolean | null)[] = [
    person.sex && member.sex ? person.sex === member.sex : null,
    person.age !== null && member.born && person.ageOn ? Math.abs(ageOn(member.born, person.ageOn) - person.age) <= 1 : null,
    person.heightCm !== null && member.heightCm !== null ? Math.abs(person.heightCm - member.heightCm) <= 3 : null,
  ];
  return checks.includes(false) ? 'contradicts' : checks.filter(Boolean).length;
}

export type WeighInChoices = {
  /** The people a shared scale holds weigh-ins of; empty when the weigh-ins are all the member's. */
  people: ScalePerson[];
  /** The member's profile when exactly one fits clearly: it agrees on a detail and every other contradicts one. */
  person: string | null;
  /** Weigh-ins (by index) that jump implausibly from the one before of the same person, with that one's index. */
  heldBack: { index: number; previous: number }[];
};

/** What the member is asked about a reading's weigh-ins (sorted by time), before any is stored. */
export function weighInChoices(weighIns: readonly WeighIn[], people: readonly ScalePerson[], member: MemberBody): WeighInChoices {
  const shared = people.length > 1 ? people.filter((p) => weighIns.some((w) => w.person === p.id)) : [];
  // Every profile counts, those without a weigh-in too: the member may be one who did not weigh.
  const consistent = people.map((p) => ({ id: p.id, fit: profileFit(p, member) })).filter((f): f is { id: string; fit: number } => f.fit !== 'contradicts');
  const person = people.length > 1 && consistent.length === 1 && consistent[0]!.fit > 0 ? consistent[0]!.id : null;
  const heldBack: WeighInChoices['heldBack'] = [];
  const last = new Map<string, number>();
  weighIns.forEach((w, index) => {
    const key = people.length > 1 ? (w.person ?? '') : '';
    const previous = last.get(key);
    if (previous !== undefined && implausibleJump(weighIns[previous]!, w)) heldBack.push({ index, previous });
    else last.set(key, index);
  });
  return { people: shared, person, heldBack };
}

/**
 * The weigh-ins to store: on a shared scale only the chosen person's (`person`; 'none' or null: none), and of
 * those held back only the ones the member keeps (`keep`, by id).
 */
export function chosenWeighIns(weighIns: readonly WeighIn[], choices: WeighInChoices, person: string | null, keep: ReadonlySet<string>): WeighIn[] {
  const held = new Set(choices.heldBack.map((h) => h.index));
  return weighIns.filter((w, index) => (choices.people.length === 0 || (person !== null && w.person === person)) && (!held.has(index) || keep.has(weighInId(index))));
}

/** The days with each day's last weigh-in as its weight and body fat, where a day has no weight of its own already. */
export function withWeighIns(days: ReadonlyMap<string, DayFigures>, weighIns: readonly WeighIn[]): Map<string, DayFigures> {
  const merged = new Map([...days].map(([day, figures]) => [day, { ...figures }]));
  const latest = new Map<string, WeighIn>();
  for (const w of weighIns) if (!latest.has(w.day) || latest.get(w.day)!.at <= w.at) latest.set(w.day, w);
  for (const [day, w] of latest) {
    const own = merged.get(day)?.weightKg;
    if (own !== null && own !== undefined) continue;
    setFigure(merged, day, 'weightKg', w.kg);
    setFigure(merged, day, 'bodyFatPercent', w.fat);
  }
  return new Map([...merged].sort(([a], [b]) => (a < b ? -1 : 1)));
}

import 'server-only';
import { UNITS_PREFERENCE } from '@/lib/codecs';
import { db } from '@/lib/db';
import type { UnitsPreference } from '@/lib/generated/prisma/enums';
import { UNIT_SYSTEM_OF_LABEL, type UnitSystem } from '@/lib/units';
import type { UnitsPreferenceLabel } from '@/lib/validation/profile';

/** SPEC §3 "Preferences": `units_preference` is 'cm/kg' or 'ft/in/lbs'; the database keeps cm and kg whatever it is. */
export type UnitsPreferenceAnswer = { units_preference: UnitsPreferenceLabel };

// The column is never null; 'cm/kg' is its default.
const labelOf = (stored: UnitsPreference): UnitsPreferenceLabel => UNITS_PREFERENCE.toLabel(stored) ?? 'cm/kg';

export async function unitsPreference(userId: string): Promise<UnitsPreferenceAnswer> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { unitsPreference: true } });
  return { units_preference: labelOf(user.unitsPreference) };
}

export async function setUnitsPreference(userId: string, label: UnitsPreferenceLabel): Promise<UnitsPreferenceAnswer> {
  const user = await db.user.update({ where: { id: userId }, data: { unitsPreference: UNITS_PREFERENCE.toStored(label) }, select: { unitsPreference: true } });
  return { units_preference: labelOf(user.unitsPreference) };
}

/** How this member's pages show heights and weights. */
export function unitSystemOf(stored: UnitsPreference): UnitSystem {
  return UNIT_SYSTEM_OF_LABEL[labelOf(stored)];
}

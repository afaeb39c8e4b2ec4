import 'server-only';
import { db } from '@/lib/db';
import type { LabUnits } from '@/lib/generated/prisma/enums';
import { type LabUnitSystem, labUnitsOf } from './lab-units';

// Settings → Units, blood results: the member's choice, stored; his country's until he makes one.

const LAB_UNITS_STORED: Record<LabUnitSystem, LabUnits> = { conventional: 'CONVENTIONAL', si: 'SI' };
const labSystemOf = (stored: LabUnits | null): LabUnitSystem | null => (stored === 'CONVENTIONAL' ? 'conventional' : stored === 'SI' ? 'si' : null);

/** Settings → Units, blood results: the system chosen, or his country's when he chose none. */
export type LabUnitsAnswer = { lab_units: LabUnitSystem };

/** The units this member's blood results are shown in: his choice, or his country's. */
export async function labUnits(userId: string): Promise<LabUnitSystem> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { labUnits: true, country: true } });
  return labUnitsOf(labSystemOf(user.labUnits), user.country);
}

export async function setLabUnits(userId: string, system: LabUnitSystem): Promise<LabUnitsAnswer> {
  const user = await db.user.update({ where: { id: userId }, data: { labUnits: LAB_UNITS_STORED[system] }, select: { labUnits: true, country: true } });
  return { lab_units: labUnitsOf(labSystemOf(user.labUnits), user.country) };
}

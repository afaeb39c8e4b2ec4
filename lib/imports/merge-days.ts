import type { DayFigures } from './export-file';

// How a later import of one kind lands on the days an earlier one stored (lib/imports/history.ts
// confirmImport): it replaces only the measures it carries; the day's other measures stay. A Garmin
// watch's steps and active calories are running totals through the day, written one file at a time, so
// the day keeps the largest any of its files reached, whatever order the files came in.

const RUNNING_TOTALS = ['steps', 'activeCaloriesKcal'] as const;

/** What a later import changes on a day an earlier import of the same kind holds (`held`: that day's stored figures). */
export function laterFigures(kind: string, held: DayFigures, incoming: DayFigures): DayFigures {
  const carried: DayFigures = Object.fromEntries(Object.entries(incoming).filter(([, value]) => value !== null && value !== undefined));
  if (kind === 'garmin') {
    for (const field of RUNNING_TOTALS) {
      const before = held[field];
      const after = carried[field];
      if (typeof after === 'number' && typeof before === 'number' && before > after) carried[field] = before;
    }
  }
  return carried;
}

/** The days of imports of one kind stored one after another: what confirming each in turn leaves. */
export function importedInTurn(kind: string, readings: readonly ReadonlyMap<string, DayFigures>[]): Map<string, DayFigures> {
  const days = new Map<string, DayFigures>();
  for (const reading of readings) for (const [day, figures] of reading) days.set(day, { ...days.get(day), ...laterFigures(kind, days.get(day) ?? {}, figures) });
  return days;
}

// Withings' sleep.csv as the import job reads it: a day's sleep is its main sleep, the longest session ending
// on it (docs/integrations/history-imports.md §6); a nap beside it is neither added nor put in its place.
// Expected figures are worked by hand from the rows (stage seconds ÷ 60, rounded half up), not from the reader.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { readHistoryExport } from '@/lib/imports/read-export';
import { readWithingsExport } from '@/lib/imports/withings-export';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/imports/withings');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
/** A Withings zip as its dashboard mails it: the summaries beside a README.txt. */
const withingsZip = (sleepCsv: string) => zipSync({ 'data_ABC_1740000000/sleep.csv': strToU8(sleepCsv), 'data_ABC_1740000000/README.txt': strToU8('Withings data export.\n') });
const daysOf = (reading: { days: ReadonlyMap<string, object> }) => Object.fromEntries(reading.days);
const readSleep = (sleepCsv: string) => readWithingsExport(new Map([['sleep.csv', strToU8(sleepCsv)]]))!;

describe('a German account’s sleep.csv with afternoon naps (tests/fixtures/imports/withings/sleep-de-naps.csv)', () => {
  it('keeps each day’s night, not the nap listed after it', async () => {
    const { kind, reading } = await readHistoryExport([withingsZip(fixture('sleep-de-naps.csv'))]);
    expect(kind).toBe('withings');
    expect(daysOf(reading)).toEqual({
      // Night: leicht 18,000 + tief 7,980 + rem 6,000 = 31,980 s = 533 min (light 300, deep 133, REM 100, awake
      // 600 s = 10). The nap's 9,000 + 3,900 + 0 = 12,900 s = 215 min, its lowest heart rate 58, stay apart.
      '2025-03-08': { sleepDurationMinutes: 533, sleepLightMinutes: 300, sleepDeepMinutes: 133, sleepRemMinutes: 100, sleepAwakeMinutes: 10, restingHeartRateBpm: 52 },
      // A day whose only sleep is a nap: 2,400 + 600 = 3,000 s = 50 min, awake 300 s = 5.
      '2025-03-09': { sleepDurationMinutes: 50, sleepLightMinutes: 40, sleepDeepMinutes: 10, sleepRemMinutes: 0, sleepAwakeMinutes: 5, restingHeartRateBpm: 61 },
      // 16,200 + 6,600 + 5,400 = 28,200 s = 470 min; awake 900 s = 15. The nap (6,000 s = 100 min) stays apart.
      '2025-03-15': { sleepDurationMinutes: 470, sleepLightMinutes: 270, sleepDeepMinutes: 110, sleepRemMinutes: 90, sleepAwakeMinutes: 15, restingHeartRateBpm: 50 },
      // The night the clocks go forward (bis at +02:00, von at +01:00): 15,600 + 7,200 + 4,800 = 27,600 s = 460 min.
      '2025-03-30': { sleepDurationMinutes: 460, sleepLightMinutes: 260, sleepDeepMinutes: 120, sleepRemMinutes: 80, sleepAwakeMinutes: 25, restingHeartRateBpm: 53 },
    });
    // Seven rows read; one night (or nap) kept per day.
    expect([reading.records, reading.used]).toEqual([7, 4]);
  });
});

describe('a real English sleep.csv (tests/fixtures/imports/withings/sleep.csv)', () => {
  const csv = fixture('sleep.csv');

  it('keeps the longer of two records of one night, whichever comes first', () => {
    const lines = csv.trimEnd().split('\n');
    // The two 2026-06-26 rows, swapped: the file's order, then the other.
    const first = lines.findIndex((line) => line.startsWith('2026-06-26T01:28'));
    const swapped = [...lines];
    [swapped[first], swapped[first + 1]] = [swapped[first + 1]!, swapped[first]!];
    for (const text of [csv, swapped.join('\n')]) {
      // 01:28 → 09:31: 11,399 + 16,501 = 27,900 s (465 min). 00:56:56 → 09:31: 12,509 + 16,501 = 29,010 s =
      // 483.5 → 484 min, light 208.48 → 208, deep 275.02 → 275, awake 2,430 s = 40.5 → 41; lowest heart rate 65.
      // Added together they would be 56,910 s = 949 min.
      expect(daysOf(readSleep(text))['2026-06-26']).toEqual({ sleepDurationMinutes: 484, sleepLightMinutes: 208, sleepDeepMinutes: 275, sleepRemMinutes: 0, sleepAwakeMinutes: 41, restingHeartRateBpm: 65 });
    }
  });

  it('files a night on the local date it ends, and each day its own', () => {
    const days = daysOf(readSleep(csv));
    // 2026-07-12 01:30 → 10:51: 17,580 + 14,580 = 32,160 s = 536 min; 2026-07-12 23:18 → 07-13 07:44:
    // 13,980 + 15,780 = 29,760 s = 496 min, awake 420 s = 7.
    expect(days['2026-07-12']).toMatchObject({ sleepDurationMinutes: 536, restingHeartRateBpm: 67 });
    expect(days['2026-07-13']).toEqual({ sleepDurationMinutes: 496, sleepLightMinutes: 233, sleepDeepMinutes: 263, sleepRemMinutes: 0, sleepAwakeMinutes: 7, restingHeartRateBpm: 66 });
    // A zero heart rate is no reading: 6,600 + 8,220 = 14,820 s = 247 min, and no resting rate.
    expect(days['2024-08-12']).toEqual({ sleepDurationMinutes: 247, sleepLightMinutes: 110, sleepDeepMinutes: 137, sleepRemMinutes: 0, sleepAwakeMinutes: 5 });
    // 39 rows; the two of 2026-06-26 make one day.
    expect(readSleep(csv).records).toBe(39);
    expect(readSleep(csv).days.size).toBe(38);
  });
});

describe('adding a nap to a day (property)', () => {
  const HEADER = 'from,to,light (s),deep (s),rem (s),awake (s),wake up,Heart rate (min)';
  type Session = { from: string; to: string; light: number; deep: number; rem: number; awake: number; lowest: number };
  const row = (s: Session) => [s.from, s.to, s.light, s.deep, s.rem, s.awake, 1, s.lowest].join(',');
  const csvOf = (sessions: Session[]) => [HEADER, ...sessions.map(row)].join('\n');
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2025-05-${String(d).padStart(2, '0')}`);
  const seconds = (max: number) => fc.integer({ min: 0, max });
  const night = fc.record({ day, light: seconds(25_000), deep: seconds(12_000), rem: seconds(9_000), awake: seconds(3_000), lowest: fc.integer({ min: 38, max: 80 }) });
  const nap = fc.record({ hour: fc.integer({ min: 11, max: 20 }), light: seconds(9_000), deep: seconds(4_000), rem: seconds(2_000), awake: seconds(1_200), lowest: fc.integer({ min: 38, max: 90 }) });
  const nightRow = (n: { day: string; light: number; deep: number; rem: number; awake: number; lowest: number }): Session => ({ ...n, from: `${n.day}T00:10:00+02:00`, to: `${n.day}T07:30:00+02:00` });
  const napRow = (dayOf: string, n: { hour: number; light: number; deep: number; rem: number; awake: number; lowest: number }): Session => ({ ...n, from: `${dayOf}T${n.hour}:00:00+02:00`, to: `${dayOf}T${n.hour}:59:00+02:00` });

  it('never lowers the day’s sleep minutes, wherever the nap sits in the file', () => {
    fc.assert(
      fc.property(fc.array(night, { minLength: 1, maxLength: 6 }), fc.nat(), nap, fc.nat(), (nights, pick, added, at) => {
        const rows = nights.map(nightRow);
        const target = rows[pick % rows.length]!.to.slice(0, 10);
        const before = readSleep(csvOf(rows)).days.get(target)?.sleepDurationMinutes ?? 0;
        const withNap = [...rows];
        withNap.splice(at % (rows.length + 1), 0, napRow(target, added));
        const after = readSleep(csvOf(withNap)).days.get(target)?.sleepDurationMinutes ?? 0;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('changes nothing of the day when the nap is shorter than the night (neither added nor in its place)', () => {
    fc.assert(
      fc.property(night, nap, fc.boolean(), (n, added, napFirst) => {
        fc.pre(added.light + added.deep + added.rem < n.light + n.deep + n.rem);
        const rows = [nightRow(n)];
        const alone = daysOf(readSleep(csvOf(rows)));
        const withNap = napFirst ? [napRow(n.day, added), ...rows] : [...rows, napRow(n.day, added)];
        expect(daysOf(readSleep(csvOf(withNap)))).toEqual(alone);
        // And the night itself, worked from its row: (light + deep + REM) seconds ÷ 60, rounded.
        expect(alone[n.day]).toMatchObject({ sleepDurationMinutes: Math.round((n.light + n.deep + n.rem) / 60), restingHeartRateBpm: n.lowest });
      }),
    );
  });
});

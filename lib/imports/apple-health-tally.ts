import { type DayFigures, type HistoryReading, plausible } from './export-file';
import { HK } from '@/lib/wearables/apple-health-normalise';
import { nightsOf, type SleepSegment } from '@/lib/wearables/sleep-sessions';
import { type exportInstant, HeartRateWindows, MinuteSums, sourceRank, userEntered } from './apple-days';

// The records of an Apple Health export.xml folded into days as they are read, a few bytes each, by the
// rules of docs/integrations/history-imports.md §1 (lib/imports/apple-days.ts): a record's day is the local
// date its own date carries; steps and energy follow the Health app's source priority (what the member
// entered by hand counts beside it); running means, latest readings and 5-minute heart-rate means; a night
// is one sleep session on the day it ends, with its stages, sources merged over time.
// Every string kept is a copy: a slice of the chunk it was parsed from would keep that whole chunk alive.

type Instant = NonNullable<ReturnType<typeof exportInstant>>;

/** One Record of a type the app reads, its value already in the app's unit (a sleep stage as its number). */
export type HealthRecord = { type: string; value: number; start: Instant; end: Instant; source: string; device: string | undefined; flag: string | undefined };

type Field = Parameters<typeof plausible>[0];

/** A day's figure is the mean of its records. */
const MEAN_FIELDS: ReadonlyMap<string, Field> = new Map<string, Field>([
  [HK.restingHeartRate, 'restingHeartRateBpm'],
  [HK.hrv, 'hrvMs'],
]);

/** A day's figure is its latest record. */
const LATEST_FIELDS: ReadonlyMap<string, Field> = new Map<string, Field>([
  [HK.bodyMass, 'weightKg'],
  [HK.systolic, 'systolicBpMmhg'],
  [HK.diastolic, 'diastolicBpMmhg'],
  [HK.vo2Max, 'vo2Max'],
]);

const copy = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * The sources records name, each by an index: its name and rank (its best, since a source's records name
 * their device most of the time). What the member entered by hand is a source of its own, ranked first,
 * under the name it was written with.
 */
class Sources {
  private readonly list: { name: string; rank: number }[] = [];
  private readonly recorded = new Map<string, number>();
  private readonly entered = new Map<string, number>();

  indexOf(name: string, device: string | undefined, entered: boolean): number {
    const index = entered ? this.entered : this.recorded;
    const at = index.get(name);
    if (at === undefined) {
      const kept = copy(name);
      const added = this.list.push({ name: kept, rank: sourceRank(kept, device, entered) }) - 1;
      index.set(kept, added);
      return added;
    }
    if (device && !entered) this.list[at]!.rank = Math.min(this.list[at]!.rank, sourceRank(name, device));
    return at;
  }

  name(source: number): string {
    return this.list[source]!.name;
  }

  rank(source: number): number {
    return this.list[source]!.rank;
  }

  /** Two sources in the Health app's order: by rank, then (two apps of one rank never adding up) by name. */
  readonly compare = (a: number, b: number): number => {
    const [first, second] = [this.list[a]!, this.list[b]!];
    return first.rank - second.rank || (first.name < second.name ? -1 : first.name > second.name ? 1 : 0);
  };

  /** Each source's place in that order. */
  places(): (source: number) => number {
    const place = new Uint32Array(this.list.length);
    const ordered = this.list.map((_, source) => source).sort(this.compare);
    ordered.forEach((source, at) => {
      place[source] = at;
    });
    return (source) => place[source]!;
  }
}

/** Per day and field, the running mean of the records. */
class DayMeans {
  private readonly days = new Map<string, Map<Field, { sum: number; n: number }>>();

  add(day: string, field: Field, value: number): void {
    const fields = this.days.get(day) ?? new Map<Field, { sum: number; n: number }>();
    this.days.set(day, fields);
    const held = fields.get(field) ?? { sum: 0, n: 0 };
    fields.set(field, { sum: held.sum + value, n: held.n + 1 });
  }

  *figures(): Generator<[string, Field, number]> {
    for (const [day, fields] of this.days) for (const [field, { sum, n }] of fields) yield [day, field, sum / n];
  }
}

/** Per day and field, the record taken last (of two at one instant, the one read later). */
class DayLatest {
  private readonly days = new Map<string, Map<Field, { at: number; value: number }>>();

  add(day: string, field: Field, at: number, value: number): void {
    const fields = this.days.get(day) ?? new Map<Field, { at: number; value: number }>();
    this.days.set(day, fields);
    const held = fields.get(field);
    if (!held || held.at <= at) fields.set(field, { at, value });
  }

  *figures(): Generator<[string, Field, number]> {
    for (const [day, fields] of this.days) for (const [field, { value }] of fields) yield [day, field, value];
  }
}

/** Every record of an export, folded into its day as it is read. */
export class AppleHealthTally {
  /** Records that gave a figure. */
  used = 0;
  /** How many records each source (by name) gave. */
  readonly perSource = new Map<string, number>();
  private readonly sources = new Sources();
  private readonly dayNames = new Map<string, string>();
  private readonly steps = new MinuteSums(this.sources.compare);
  private readonly energy = new MinuteSums(this.sources.compare);
  private readonly heart = new HeartRateWindows();
  private readonly means = new DayMeans();
  private readonly latest = new DayLatest();
  private readonly sleep: SleepSegment[] = [];

  add({ type, value, start, end, source: name, device, flag }: HealthRecord): void {
    const entered = userEntered(name, device, flag);
    const source = this.sources.indexOf(name, device, entered);
    const meanField = MEAN_FIELDS.get(type);
    const latestField = LATEST_FIELDS.get(type);
    if (type === HK.sleep) this.sleep.push({ start: start.at, end: end.at, stage: value, source, endDay: this.day(end.day) });
    else if (type === HK.steps || type === HK.activeEnergy) {
      const sums = type === HK.steps ? this.steps : this.energy;
      if (entered) sums.addEntered(this.day(start.day), value);
      else sums.add(this.day(start.day), start.minute, end.at - start.at, value, source);
    } else if (type === HK.heartRate) this.heart.add(start.at, value, this.sources.rank(source));
    else if (meanField) this.means.add(this.day(start.day), meanField, value);
    else if (latestField) this.latest.add(this.day(start.day), latestField, start.at, value);
    this.used += 1;
    const kept = this.sources.name(source);
    this.perSource.set(kept, (this.perSource.get(kept) ?? 0) + 1);
  }

  /** Each day's figures, those outside what is plausible left out, in date order. */
  days(): Map<string, DayFigures> {
    const days = new Map<string, DayFigures>();
    const set = (day: string, field: Field, value: number | null) => {
      const figure = plausible(field, value);
      if (figure === null) return;
      const figures = days.get(day) ?? {};
      figures[field] = figure;
      days.set(day, figures);
    };
    for (const [day, sum] of this.steps.totals()) set(day, 'steps', Math.round(sum));
    for (const [day, sum] of this.energy.totals()) set(day, 'activeCaloriesKcal', Math.round(sum));
    for (const [day, field, mean] of this.means.figures()) set(day, field, mean);
    for (const [day, field, value] of this.latest.figures()) set(day, field, value);
    for (const [day, night] of nightsOf(this.sleep, this.sources.places())) {
      set(day, 'sleepDurationMinutes', night.asleepMinutes);
      const figures = days.get(day);
      // A night whose time asleep is not plausible gives none of its stages either.
      if (figures?.sleepDurationMinutes === undefined) continue;
      const stages = [['sleepDeepMinutes', night.deepMinutes], ['sleepLightMinutes', night.lightMinutes], ['sleepRemMinutes', night.remMinutes], ['sleepAwakeMinutes', night.awakeMinutes]] as const;
      for (const [field, minutes] of stages) if (minutes !== null) figures[field] = minutes;
    }
    return new Map([...days].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** 5-minute heart-rate means, when there were any. */
  heartRate(): HistoryReading['heartRate'] {
    return this.heart.size ? this.heart.means() : undefined;
  }

  /** A day's date as one kept copy, whichever chunk it was parsed from. */
  private day(text: string): string {
    let kept = this.dayNames.get(text);
    if (kept === undefined) {
      kept = copy(text);
      this.dayNames.set(kept, kept);
    }
    return kept;
  }
}

// How the Health app turns an export's records into a member's days (pure: no I/O), as
// docs/integrations/history-imports.md §1 describes:
// - a record's day is the local calendar date its own date carries ("2026-11-20 23:30:00 -0500" is the
//   20th, wherever the member is now): the day the Health app showed it on, on that phone, that day;
// - counts that several devices record at once (steps, energy) follow the Health app's data-source
//   priority: for each stretch of time the highest-ranked source that recorded it, a lower one only where
//   no higher one did (the Watch on its charger);
// - a night is one sleep session (its stage segments, across midnight and a clock change), on the local
//   date it ends, asleep = the asleep stages, with the stages kept.

/** An export date ("2026-11-20 23:30:00 -0500") as its instant and the local date it carries; null for anything else. */
export function exportInstant(text: string | undefined): { at: number; day: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)? ?([+-])(\d{2}):?(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}${match[3]}${match[4]}:${match[5]}`);
  return Number.isFinite(at) ? { at, day: match[1]! } : null;
}

/**
 * The Health app's default source order (Settings → Health → Data Access & Devices → a type → Data
 * Sources): the Apple Watch first, then the iPhone, then the apps and devices that write to Health.
 * A source is known by its `device` description (`model:Watch`, `model:iPhone`) or, without one, by its name.
 */
export function sourceRank(name: string, device?: string): number {
  const model = /\bmodel:([^,>]+)/.exec(device ?? '')?.[1]?.trim().toLowerCase();
  if (model === 'watch' || (!model && /watch/i.test(name))) return 0;
  if (model === 'iphone' || (!model && /iphone/i.test(name))) return 1;
  return 2;
}

/** Timed samples of one quantity, in growable columns (a few bytes a record, however many million). */
export class TimedSamples {
  start = new Float64Array(1024);
  end = new Float64Array(1024);
  value = new Float64Array(1024);
  source = new Uint32Array(1024);
  day = new Uint32Array(1024);
  length = 0;

  push(start: number, end: number, value: number, source: number, day: number): void {
    if (this.length === this.start.length) {
      const grow = <T extends Float64Array | Uint32Array>(array: T): T => {
        const next = new (array.constructor as new (n: number) => T)(array.length * 2);
        next.set(array);
        return next;
      };
      this.start = grow(this.start);
      this.end = grow(this.end);
      this.value = grow(this.value);
      this.source = grow(this.source);
      this.day = grow(this.day);
    }
    const i = this.length++;
    this.start[i] = start;
    this.end[i] = end;
    this.value[i] = value;
    this.source[i] = source;
    this.day[i] = day;
  }
}

type Span = [number, number];

/** The length of [start, end) covered by `spans` (sorted, disjoint). */
function coveredLength(spans: readonly Span[], start: number, end: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]![1] <= start) low = mid + 1;
    else high = mid;
  }
  let covered = 0;
  for (let i = low; i < spans.length && spans[i]![0] < end; i += 1) covered += Math.min(end, spans[i]![1]) - Math.max(start, spans[i]![0]);
  return covered;
}

/** `spans` with more added, sorted and merged. */
function merged(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([span[0], span[1]]);
  }
  return out;
}

/**
 * Each day's total as the Health app shows it: the sources taken in `order` (lower first), each sample
 * counted for the part of its time that no higher source recorded. Keys are the samples' day indexes.
 */
export function prioritySums(samples: TimedSamples, order: (source: number) => number): Map<number, number> {
  const index = Array.from({ length: samples.length }, (_, i) => i);
  index.sort((a, b) => samples.day[a]! - samples.day[b]! || order(samples.source[a]!) - order(samples.source[b]!) || samples.start[a]! - samples.start[b]!);
  const sums = new Map<number, number>();
  let at = 0;
  while (at < index.length) {
    const day = samples.day[index[at]!]!;
    let covered: Span[] = [];
    let total = 0;
    while (at < index.length && samples.day[index[at]!] === day) {
      const rank = order(samples.source[index[at]!]!);
      const group: Span[] = [];
      for (; at < index.length && samples.day[index[at]!] === day && order(samples.source[index[at]!]!) === rank; at += 1) {
        const i = index[at]!;
        const start = samples.start[i]!;
        // A sample of no duration (a count written at one instant) stands for its millisecond.
        const end = Math.max(samples.end[i]!, start + 1);
        total += samples.value[i]! * (1 - coveredLength(covered, start, end) / (end - start));
        group.push([start, end]);
      }
      covered = merged([...covered, ...group]);
    }
    sums.set(day, total);
  }
  return sums;
}

/** HKCategoryValueSleepAnalysis: 0 in bed, 1 asleep (unspecified), 2 awake, 3 core, 4 deep, 5 REM. */
export type SleepSegment = { start: number; end: number; stage: number; source: number; endDay: string };

export type Night = {
  asleepMinutes: number;
  /** The stages, where the source recorded them (a Watch since watchOS 9); null for asleep without stages. */
  deepMinutes: number | null;
  lightMinutes: number | null;
  remMinutes: number | null;
  awakeMinutes: number | null;
};

/** Segments more than this far apart are two sessions (a nap after a night, two nights). */
export const SESSION_GAP_MS = 2 * 3_600_000;
const ASLEEP_STAGES = [1, 3, 4, 5];

const spanMinutes = (spans: Span[]) => merged(spans).reduce((sum, [start, end]) => sum + (end - start), 0) / 60_000;

/**
 * The nights: each source's segments joined into sessions (gaps under two hours), each session on the
 * local date of its last segment's end; a day takes the sessions of the highest-ranked source that slept
 * in it (`order`, lower first), summed (a nap counts as the Health app counts it).
 */
export function nightsOf(segments: readonly SleepSegment[], order: (source: number) => number): Map<string, Night> {
  const bySource = new Map<number, SleepSegment[]>();
  for (const segment of segments) if (segment.end > segment.start) bySource.set(segment.source, [...(bySource.get(segment.source) ?? []), segment]);
  type Session = { source: number; day: string; segments: SleepSegment[] };
  const sessions: Session[] = [];
  for (const [source, list] of bySource) {
    list.sort((a, b) => a.start - b.start);
    let current: Session | null = null;
    let until = -Infinity;
    let lastEnd = -Infinity;
    for (const segment of list) {
      if (!current || segment.start > until + SESSION_GAP_MS) {
        current = { source, day: segment.endDay, segments: [] };
        sessions.push(current);
        until = -Infinity;
        lastEnd = -Infinity;
      }
      current.segments.push(segment);
      until = Math.max(until, segment.end);
      if (segment.end >= lastEnd) {
        lastEnd = segment.end;
        current.day = segment.endDay;
      }
    }
  }
  const best = new Map<string, { rank: number; sessions: Session[] }>();
  for (const session of sessions) {
    if (!session.segments.some((s) => ASLEEP_STAGES.includes(s.stage))) continue;
    const rank = order(session.source);
    const held = best.get(session.day);
    if (!held || rank < held.rank) best.set(session.day, { rank, sessions: [session] });
    else if (rank === held.rank) held.sessions.push(session);
  }
  const nights = new Map<string, Night>();
  for (const [day, { sessions: chosen }] of best) {
    const all = chosen.flatMap((session) => session.segments);
    const of = (stages: number[]) => spanMinutes(all.filter((s) => stages.includes(s.stage)).map((s): Span => [s.start, s.end]));
    const staged = all.some((s) => s.stage >= 3);
    nights.set(day, {
      asleepMinutes: Math.round(of(ASLEEP_STAGES)),
      deepMinutes: staged ? Math.round(of([4])) : null,
      lightMinutes: staged ? Math.round(of([3])) : null,
      remMinutes: staged ? Math.round(of([5])) : null,
      awakeMinutes: staged ? Math.round(of([2])) : null,
    });
  }
  return nights;
}

/** Heart-rate readings as 5-minute means, each window from its highest-ranked source. */
export class HeartRateWindows {
  static readonly WINDOW_MS = 5 * 60_000;
  private readonly windows = new Map<number, { rank: number; sum: number; n: number }>();

  add(at: number, bpm: number, rank: number): void {
    const key = Math.floor(at / HeartRateWindows.WINDOW_MS);
    const held = this.windows.get(key);
    if (!held || rank < held.rank) this.windows.set(key, { rank, sum: bpm, n: 1 });
    else if (rank === held.rank) {
      held.sum += bpm;
      held.n += 1;
    }
  }

  get size(): number {
    return this.windows.size;
  }

  /** [window start in minutes since 1970, mean bpm], oldest first. */
  means(): [number, number][] {
    return [...this.windows]
      .sort(([a], [b]) => a - b)
      .map(([key, { sum, n }]) => [(key * HeartRateWindows.WINDOW_MS) / 60_000, Math.round(sum / n)]);
  }
}

// A night as one sleep session (pure: no I/O), for the history imports (lib/imports/apple-health-export.ts)
// and the companion app's ingest (lib/wearables/apple-health.ts) alike: every stage segment of one source
// joined across midnight and a clock change, on the local date it ends, asleep = the asleep stages, its
// stages kept; several sources merged over time by their rank (docs/integrations/history-imports.md §1, §6).

type Span = [number, number];

/** `spans` sorted and merged. */
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

/** The parts of `span` outside `covered` (sorted, merged). */
function outside([start, end]: Span, covered: readonly Span[]): Span[] {
  let low = 0;
  let high = covered.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (covered[mid]![1] <= start) low = mid + 1;
    else high = mid;
  }
  const out: Span[] = [];
  let from = start;
  for (let at = low; at < covered.length && covered[at]![0] < end; at += 1) {
    if (covered[at]![0] > from) out.push([from, covered[at]![0]]);
    from = Math.max(from, covered[at]![1]);
  }
  if (from < end) out.push([from, end]);
  return out;
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
const IN_BED = 0;

const spanMinutes = (spans: Span[]) => merged(spans).reduce((sum, [start, end]) => sum + (end - start), 0) / 60_000;

type Session = { source: number; day: string; segments: SleepSegment[] };

/** Each source's segments joined into sessions (gaps under two hours), each on the local date of its last segment's end. */
function sessionsOf(segments: readonly SleepSegment[]): Session[] {
  const bySource = new Map<number, SleepSegment[]>();
  for (const segment of segments) {
    if (segment.end <= segment.start) continue;
    const list = bySource.get(segment.source);
    if (list) list.push(segment);
    else bySource.set(segment.source, [segment]);
  }
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
  return sessions;
}

type Part = { stage: number; span: Span };

/**
 * A day's main sleep (docs/integrations/history-imports.md §6, one rule for every vendor): the day's parts,
 * whatever their sources, joined into sessions where they lie less than SESSION_GAP_MS apart, and the one
 * with the most time asleep kept. A nap is neither added to the night nor ever put in its place.
 */
function mainSleep(parts: readonly Part[]): Part[] {
  const sorted = [...parts].sort((a, b) => a.span[0] - b.span[0]);
  const sessions: Part[][] = [];
  let until = -Infinity;
  for (const part of sorted) {
    if (!sessions.length || part.span[0] > until + SESSION_GAP_MS) sessions.push([]);
    sessions.at(-1)!.push(part);
    until = Math.max(until, part.span[1]);
  }
  const asleep = (session: Part[]) => spanMinutes(session.filter((p) => ASLEEP_STAGES.includes(p.stage)).map((p): Span => [p.span[0], p.span[1]]));
  return sessions.reduce<Part[]>((best, session) => (asleep(session) > asleep(best) ? session : best), []);
}

/**
 * The nights: each source's sessions on the day they end, merged over time by rank (`order`, lower
 * first) as the Health app merges its sources: a source counts only where no higher-ranked source
 * recorded sleep (asleep or awake; in bed alone is no sleep), so a lower source's night fills the hours a
 * higher one left empty and never adds to hours it covered. Sources of one rank are read as one. Each
 * part keeps the stage its own source gave it; a day has stages when a source that recorded stages
 * counts in it. Of two sessions ending on one day (a night and a nap), the day keeps its main sleep.
 */
export function nightsOf(segments: readonly SleepSegment[], order: (source: number) => number): Map<string, Night> {
  const byRank = new Map<number, Session[]>();
  for (const session of sessionsOf(segments)) {
    // In-bed time alone (an iPhone's bedtime) is no night, and takes no hours from another source's.
    if (!session.segments.some((s) => ASLEEP_STAGES.includes(s.stage))) continue;
    const rank = order(session.source);
    const list = byRank.get(rank);
    if (list) list.push(session);
    else byRank.set(rank, [session]);
  }
  const days = new Map<string, { parts: Part[]; staged: boolean }>();
  let covered: Span[] = [];
  for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
    const recorded: Span[] = [];
    for (const session of byRank.get(rank)!) {
      const parts = session.segments.filter((s) => s.stage !== IN_BED).flatMap((s) => outside([s.start, s.end], covered).map((span) => ({ stage: s.stage, span })));
      recorded.push(...session.segments.filter((s) => s.stage !== IN_BED).map((s): Span => [s.start, s.end]));
      if (!parts.length) continue;
      const day = days.get(session.day) ?? { parts: [], staged: false };
      day.parts.push(...parts);
      day.staged ||= session.segments.some((s) => s.stage >= 3);
      days.set(session.day, day);
    }
    covered = merged([...covered, ...recorded]);
  }
  const nights = new Map<string, Night>();
  for (const [day, { parts: all, staged }] of days) {
    const parts = mainSleep(all);
    const of = (stages: number[]) => spanMinutes(parts.filter((p) => stages.includes(p.stage)).map((p): Span => [p.span[0], p.span[1]]));
    const asleep = of(ASLEEP_STAGES);
    if (asleep <= 0) continue;
    nights.set(day, {
      asleepMinutes: Math.round(asleep),
      deepMinutes: staged ? Math.round(of([4])) : null,
      lightMinutes: staged ? Math.round(of([3])) : null,
      remMinutes: staged ? Math.round(of([5])) : null,
      awakeMinutes: staged ? Math.round(of([2])) : null,
    });
  }
  return nights;
}

// A night as one sleep session (pure: no I/O), for the history imports (lib/imports/apple-health-export.ts)
// and the companion app's ingest (lib/wearables/apple-health.ts) alike: every stage segment of one source
// joined across midnight and a clock change, on the local date it ends, asleep = the asleep stages, its
// stages kept (docs/integrations/history-imports.md §6).

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
  for (const segment of segments) {
    if (segment.end <= segment.start) continue;
    const list = bySource.get(segment.source);
    if (list) list.push(segment);
    else bySource.set(segment.source, [segment]);
  }
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

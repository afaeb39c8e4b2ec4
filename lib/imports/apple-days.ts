// How the Health app turns an export's records into a member's days (pure: no I/O), as
// docs/integrations/history-imports.md §1 describes:
// - a record's day is the local calendar date its own date carries ("2026-11-20 23:30:00 -0500" is the
//   20th, wherever the member is now): the day the Health app showed it on, on that phone, that day;
// - counts that several devices record at once (steps, energy) follow the Health app's data-source
//   priority: for each stretch of time the highest-ranked source that recorded it, a lower one only where
//   no higher one did (the Watch on its charger); a figure the member entered by hand counts beside them;
// - a night is one sleep session, sources merged over time by the same ranks (lib/wearables/sleep-sessions.ts).

/**
 * An export date ("2026-11-20 23:30:00 -0500") as its instant, the local date it carries and its local
 * clock time in minutes after that date's midnight; null for anything else.
 */
export function exportInstant(text: string | undefined): { at: number; day: string; minute: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)? ?([+-])(\d{2}):?(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}${match[5]}${match[6]}:${match[7]}`);
  return Number.isFinite(at) ? { at, day: match[1]!, minute: Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 60 } : null;
}

/**
 * The Health app's default source order (Settings → Health → Data Access & Devices → a type → Data
 * Sources): the Apple Watch, then the iPhone, then the apps and devices that write to Health; before
 * them all, what the member entered by hand (`entered`: his own figure). A source is known by its
 * `device` description (`model:Watch`, `model:iPhone`) or, without one, by its name.
 */
export function sourceRank(name: string, device?: string, entered = false): number {
  if (entered) return 0;
  const model = /\bmodel:([^,>]+)/.exec(device ?? '')?.[1]?.trim().toLowerCase();
  if (model === 'watch' || (!model && /watch/i.test(name))) return 1;
  if (model === 'iphone' || (!model && /iphone/i.test(name))) return 2;
  return 3;
}

/** The name the Health app writes as the source of what the member typed into it. */
export const HEALTH_APP_SOURCE = 'Health';

/**
 * Whether a record is one the member entered by hand: its `<MetadataEntry key="HKWasUserEntered" value="1"/>`
 * (HealthKit's HKMetadataKeyWasUserEntered, `flag` here) says so, or without that entry its source is the
 * Health app itself with no device.
 */
export function userEntered(source: string, device: string | undefined, flag: string | undefined): boolean {
  if (flag !== undefined) return /^\s*(1|true|yes)\s*$/i.test(flag);
  return source === HEALTH_APP_SOURCE && !device;
}

/** A day's minutes on the local clock, and an hour past midnight for a sample that runs over (it stays on its start's day). */
const SLOTS = 25 * 60;

/** Adds a share to a minute of a grid (a minute outside the day goes to its nearest end). */
function put(grid: Float32Array, slot: number, share: number): void {
  const at = Math.min(Math.max(slot, 0), SLOTS - 1);
  grid[at] = (Number.isNaN(grid[at]!) ? 0 : grid[at]!) + share;
}

/**
 * One quantity's samples (steps, energy) spread over each local day's minutes, per source. A minute no
 * sample of a source touched stays NaN: that source did not record then. Memory stays flat however long
 * the history: only the latest days are held as minutes (an export lists a type's records in time order),
 * each older day closed into its total once `openDays` later days have begun. A record that arrives for a
 * closed day (a file out of order) is added to that day's total with the priority among the late records
 * only.
 */
export class MinuteSums {
  private readonly days = new Map<string, Map<number, Float32Array>>();
  private readonly closed = new Map<string, number>();

  /** `compare`: the Health app's order of two sources (negative when the first comes first). */
  constructor(
    private readonly compare: (a: number, b: number) => number,
    private readonly openDays = 64,
  ) {}

  /** `minute`: the local clock time of the start, in minutes after its day's midnight; `ms`: how long the sample lasted. */
  add(day: string, minute: number, ms: number, value: number, source: number): void {
    let sources = this.days.get(day);
    if (!sources) {
      sources = new Map();
      this.days.set(day, sources);
      if (this.days.size > this.openDays * 2) this.close(this.days.size - this.openDays);
    }
    let grid = sources.get(source);
    if (!grid) {
      grid = new Float32Array(SLOTS).fill(Number.NaN);
      sources.set(source, grid);
    }
    const length = ms / 60_000;
    if (length <= 0) return put(grid, Math.floor(minute), value);
    const end = minute + length;
    for (let slot = Math.floor(minute); slot < end && slot < SLOTS; slot += 1) put(grid, slot, (value * (Math.min(end, slot + 1) - Math.max(minute, slot))) / length);
  }

  /** A figure the member entered by hand: added to its day's total beside every source's, taking no minute from them. */
  addEntered(day: string, value: number): void {
    this.closed.set(day, (this.closed.get(day) ?? 0) + value);
  }

  /** The oldest `count` open days closed into their totals. */
  private close(count: number): void {
    for (const day of [...this.days.keys()].sort().slice(0, count)) {
      this.closed.set(day, (this.closed.get(day) ?? 0) + this.resolve(this.days.get(day)!));
      this.days.delete(day);
    }
  }

  /** A day's total: the sources in order, each counted only in the minutes no source before it recorded. */
  private resolve(sources: Map<number, Float32Array>): number {
    const covered = new Uint8Array(SLOTS);
    let total = 0;
    for (const [, grid] of [...sources].sort(([a], [b]) => this.compare(a, b))) {
      for (let slot = 0; slot < SLOTS; slot += 1) if (!Number.isNaN(grid[slot]!) && !covered[slot]) total += grid[slot]!;
      for (let slot = 0; slot < SLOTS; slot += 1) if (!Number.isNaN(grid[slot]!)) covered[slot] = 1;
    }
    return total;
  }

  /** Each day's total as the Health app shows it. */
  totals(): Map<string, number> {
    this.close(this.days.size);
    return this.closed;
  }
}

const WINDOW_MS = 5 * 60_000;
const WINDOWS_A_DAY = 288;

/** Heart-rate readings as 5-minute means, each window from its highest-ranked source (a few kilobytes a day). */
export class HeartRateWindows {
  private readonly days = new Map<number, { sum: Float64Array; n: Uint32Array; rank: Uint8Array }>();
  size = 0;

  add(at: number, bpm: number, rank: number): void {
    const window = Math.floor(at / WINDOW_MS);
    const dayNumber = Math.floor(window / WINDOWS_A_DAY);
    let day = this.days.get(dayNumber);
    if (!day) {
      day = { sum: new Float64Array(WINDOWS_A_DAY), n: new Uint32Array(WINDOWS_A_DAY), rank: new Uint8Array(WINDOWS_A_DAY).fill(255) };
      this.days.set(dayNumber, day);
    }
    const slot = window - dayNumber * WINDOWS_A_DAY;
    if (day.n[slot] === 0) this.size += 1;
    if (rank < day.rank[slot]!) {
      day.rank[slot] = rank;
      day.sum[slot] = bpm;
      day.n[slot] = 1;
    } else if (rank === day.rank[slot]) {
      day.sum[slot]! += bpm;
      day.n[slot]! += 1;
    }
  }

  /** Each window's start in minutes since 1970 and its mean bpm, oldest first. */
  means(): { minute: number[]; bpm: number[] } {
    const out = { minute: [] as number[], bpm: [] as number[] };
    for (const dayNumber of [...this.days.keys()].sort((a, b) => a - b)) {
      const day = this.days.get(dayNumber)!;
      for (let slot = 0; slot < WINDOWS_A_DAY; slot += 1) {
        if (day.n[slot]! === 0) continue;
        out.minute.push(((dayNumber * WINDOWS_A_DAY + slot) * WINDOW_MS) / 60_000);
        out.bpm.push(Math.round(day.sum[slot]! / day.n[slot]!));
      }
    }
    return out;
  }
}

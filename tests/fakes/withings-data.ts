import { historyDay, type FakeDataApi, type FakeHistory } from './wearable-data';

// The fake Withings' data API: form-encoded POSTs to /measure (action=getmeas), /v2/sleep
// (action=getsummary) and /v2/measure (action=getactivity), always answered HTTP 200 with
// `{status, body}` as Withings' reference shows them; pages of at most 30 with `more` and `offset`.
// Each day of the history has one measure group (weight, fat ratio, blood pressure and pulse, at 07:30
// local), one night's sleep summary and one activity summary. A sleep summary's `data` has the fields of
// the reference's sleep_summary_object (stages as deepsleepduration, lightsleepduration, remsleepduration
// and wakeupduration, in seconds: https://developer.withings.com/api-reference/#tag/sleep/operation/sleepv2-getsummary),
// only those named in `data_fields`, as Withings answers. (/v2/oauth2, the token endpoint on the same
// host, is the OAuth peer's.)

/** The figures the fake Withings reports for a day index (0 = the first day of the history), in Withings' own units. */
export function withingsFiguresFor(index: number) {
  return {
    /** 82.4 kg − 0.01 kg a day, as Withings sends it: value × 10^unit. */
    weight: { value: 82_400 - index * 10, unit: -3 },
    /** 21.50 % to 22.40 %. */
    fatRatio: { value: 2_150 + (index % 10) * 10, unit: -2 },
    systolic: 118 + (index % 12),
    diastolic: 75 + (index % 8),
    pulse: 60 + (index % 9),
    /** Seconds asleep: 7 h plus a few minutes and 29 s (so minutes are rounded). */
    sleepSeconds: 25_200 + (index % 7) * 300 + 29,
    /**
     * The night's stages in seconds (deep + light + REM = its time asleep; awake besides); on days 4, 13,
     * 22… the night came from an external source, whose stages Withings leaves null.
     */
    stages: index % 9 === 4 ? null : withingsStagesFor(index),
    sleepScore: 60 + (index % 35),
    hrMin: 48 + (index % 7),
    steps: 6_000 + index * 37,
    /** Active kcal, with a fraction as Withings gives it. */
    calories: 350.4 + (index % 10) * 12,
    totalcalories: 2_200.6 + index * 3,
  };
}

function withingsStagesFor(index: number) {
  const asleep = 25_200 + (index % 7) * 300 + 29;
  const deep = 5_400 + (index % 5) * 120 + 31;
  const rem = 6_000 + (index % 4) * 60 + 10;
  return { deep, light: asleep - deep - rem, rem, awake: 1_500 + (index % 6) * 45 };
}

const PAGE_SIZE = 30;
const ENDPOINTS = { '/measure': 'getmeas', '/v2/sleep': 'getsummary', '/v2/measure': 'getactivity' } as const;
type Path = keyof typeof ENDPOINTS;

/** The member's time zone as Withings names it (IANA) for a whole-hour UTC offset. */
function timeZoneOf(offset: string): string {
  const match = /^([+-])(\d{2}):00$/.exec(offset);
  if (!match) throw new Error(`the fake Withings serves whole-hour offsets only, not ${offset}`);
  const hours = Number(match[2]);
  // Etc/GMT names count the other way round: UTC+01:00 is Etc/GMT-1.
  return hours === 0 ? 'Etc/UTC' : `Etc/GMT${match[1] === '+' ? '-' : '+'}${hours}`;
}

/** When day `index`'s measure group was taken: 07:30 the member's time, in Unix seconds. */
const measuredAt = (history: FakeHistory, index: number) => Date.parse(`${historyDay(history, index)}T07:30:00${history.offset}`) / 1000;

/** Day `index` of the history as Withings records. */
function recordsFor(history: FakeHistory, index: number) {
  const day = historyDay(history, index);
  const f = withingsFiguresFor(index);
  const timezone = timeZoneOf(history.offset);
  const date = measuredAt(history, index);
  return {
    day,
    date,
    measure: {
      grpid: 900_000 + index,
      attrib: 0,
      date,
      created: date + 60,
      modified: date + 60,
      category: 1,
      deviceid: 'fake-body-plus',
      hash_deviceid: 'fake-body-plus',
      measures: [
        { value: f.weight.value, type: 1, unit: f.weight.unit, algo: 0, fm: 1 },
        { value: f.fatRatio.value, type: 6, unit: f.fatRatio.unit, algo: 0, fm: 1 },
        { value: f.diastolic, type: 9, unit: 0, algo: 0, fm: 1 },
        { value: f.systolic, type: 10, unit: 0, algo: 0, fm: 1 },
        { value: f.pulse, type: 11, unit: 0, algo: 0, fm: 1 },
      ],
      modelid: 5,
      model: 'Body+',
      comment: null,
    },
    sleep: {
      id: 700_000 + index,
      timezone,
      model: 32,
      model_id: 63,
      startdate: date - 8 * 3600,
      enddate: date - 1800,
      date: day,
      created: date,
      modified: date,
      data: {
        total_timeinbed: f.sleepSeconds + (f.stages?.awake ?? 1_800),
        total_sleep_time: f.sleepSeconds,
        asleepduration: f.stages ? null : f.sleepSeconds,
        lightsleepduration: f.stages?.light ?? null,
        remsleepduration: f.stages?.rem ?? null,
        deepsleepduration: f.stages?.deep ?? null,
        wakeupduration: f.stages?.awake ?? null,
        wakeupcount: 2,
        sleep_score: f.sleepScore,
        hr_min: f.hrMin,
        breathing_disturbances_intensity: 10 + (index % 5),
      } as Record<string, number | null>,
    },
    activity: {
      date: day,
      timezone,
      deviceid: null,
      hash_deviceid: null,
      brand: 18,
      is_tracker: true,
      steps: f.steps,
      calories: f.calories,
      totalcalories: f.totalcalories,
    },
  };
}

/**
 * The indices of the history's days in the window: `inWindow(index)` must hold for a contiguous run of
 * them, so the run's ends are enough (no list of the whole history is held).
 */
function run(history: FakeHistory, inWindow: (index: number) => boolean): { first: number; count: number } {
  let first = -1;
  let count = 0;
  for (let index = 0; index < history.days; index++) {
    if (!inWindow(index)) continue;
    if (first < 0) first = index;
    count += 1;
  }
  return { first, count };
}

const ok = (body: unknown) => ({ status: 200, body: { status: 0, body } });
const error = (status: number, message: string) => ({ status: 200, body: { status, body: {}, error: message } });

export const withingsData: FakeDataApi = {
  claims: (method, url) => method === 'POST' && url.pathname in ENDPOINTS,
  serve({ url, form }, history) {
    const path = url.pathname as Path;
    if (form.get('action') !== ENDPOINTS[path]) return error(2554, 'Invalid Params: action');
    const offset = Math.max(Number(form.get('offset') ?? 0) || 0, 0);
    const timezone = timeZoneOf(history.offset);

    if (path === '/measure') {
      const start = Number(form.get('startdate') ?? 0);
      const end = Number(form.get('enddate') ?? Number.MAX_SAFE_INTEGER);
      if (form.get('category') === '2') return ok({ updatetime: Math.floor(Date.now() / 1000), timezone, measuregrps: [], more: 0, offset: 0 });
      const { first, count } = run(history, (index) => {
        const date = measuredAt(history, index);
        return date >= start && date <= end;
      });
      // Newest first, as Withings lists measure groups; built for this page only.
      const measuregrps = [];
      for (let i = offset; i < Math.min(offset + PAGE_SIZE, count); i++) measuregrps.push(recordsFor(history, first + count - 1 - i).measure);
      const more = offset + PAGE_SIZE < count;
      return ok({ updatetime: Math.floor(Date.now() / 1000), timezone, measuregrps, more: more ? 1 : 0, offset: more ? offset + PAGE_SIZE : 0 });
    }

    // getsummary and getactivity: by calendar day, oldest first, both ends included.
    const from = form.get('startdateymd') ?? '0000-00-00';
    const to = form.get('enddateymd') ?? '9999-99-99';
    const { first, count } = run(history, (index) => {
      const day = historyDay(history, index);
      return day >= from && day <= to;
    });
    // A sleep summary's `data` holds only the `data_fields` asked for (all of them when none are named).
    const fields = form.get('data_fields')?.split(',').map((field) => field.trim());
    const asked = (data: Record<string, number | null>) => (fields ? Object.fromEntries(Object.entries(data).filter(([field]) => fields.includes(field))) : data);
    const records = [];
    for (let i = offset; i < Math.min(offset + PAGE_SIZE, count); i++) {
      const day = recordsFor(history, first + i);
      records.push(path === '/v2/sleep' ? { ...day.sleep, data: asked(day.sleep.data) } : day.activity);
    }
    const more = offset + PAGE_SIZE < count;
    const page = { more, offset: more ? offset + PAGE_SIZE : 0 };
    return ok(path === '/v2/sleep' ? { series: records, ...page } : { activities: records, ...page });
  },
  unauthorized: () => error(401, 'XRequestError: Token provided is invalid or expired'),
  // Withings says only 601; `retry_after` is the fake's hint, so a test waits a second rather than a minute.
  rateLimited: (retryAfter) => ({ status: 200, body: { status: 601, body: {}, error: 'Too Many Requests', retry_after: retryAfter } }),
};

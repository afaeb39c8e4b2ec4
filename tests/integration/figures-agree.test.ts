// Every figure a screen shows equals the one in the member's own export, with its source (the
// consistency check). For the demo member and for a generated one, this reads what the dashboard, the
// profile form, /my_actions and /insights render (the same lib functions the pages and their API calls
// use) and holds each figure against "Download my data": profile.json and the CSV tables, read here with
// plain arithmetic.
import { afterAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { dashboardData } from '@/lib/dashboard/page-data';
import { addDays, daysEnding, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { seedDemoData } from '@/lib/demo/seed';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { dataExportStream } from '@/lib/export/data-export';
import { dailyPatterns } from '@/lib/insights/daily-patterns';
import { measureTrends } from '@/lib/insights/measure-trends';
import { personalRange } from '@/lib/insights/personal-range';
import { readinessScore } from '@/lib/scores/readiness';
import { getUserInfo } from '@/lib/profile/user-info';
import { addDailyMetrics, addTestosterone, createMember, ONBOARDED_PROFILE } from '../support/members';

afterAll(() => db.$disconnect());

const TODAY = utcDay(new Date());

type Row = Record<string, string>;

/** The member's export, as the member downloads it. */
async function exportOf(userId: string) {
  const archive = unzipSync(new Uint8Array(await new Response(dataExportStream(userId)).arrayBuffer()));
  const text = (name: string) => strFromU8(archive[name]!);
  // Read with csv-parse itself rather than the app's parseCsv, so the check does not lean on the app's reader:
  // each record as an object by the header's names, a record of another length an error.
  const table = (name: string): Row[] => parse(text(name), { columns: true });
  return {
    profile: JSON.parse(text('profile.json')) as { current_weight_kg: number; current_weight_source: string; current_weight_measured_on: string | null },
    metrics: table('daily_metrics.csv'),
    heartRates: table('heart_rate_samples.csv'),
    labs: table('lab_results.csv'),
  };
}

const numberIn = (text: string) => Number(text.replaceAll(',', ''));

/** The export's source names as a "From …" caption says them. */
const CAPTION_NAMES: Record<string, string> = { oura: 'Oura', whoop: 'Whoop', withings: 'Withings', apple_health: 'Apple Health', apple_health_export: 'your imported Apple Health history', whoop_export: 'your imported Whoop history', scan: 'your camera scan', manual: 'your own entries' };
/** The caption for figures from these sources (one per day): most days first, then by name; null for none. */
function caption(sources: string[]): string | null {
  const counts = new Map<string, number>();
  for (const source of sources) counts.set(CAPTION_NAMES[source]!, (counts.get(CAPTION_NAMES[source]!) ?? 0) + 1);
  const names = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([name]) => name);
  if (!names.length) return null;
  return `From ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}.`;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Walks every screen's figures for `userId` and holds each against the export. */
async function expectScreensToAgreeWithExport(userId: string) {
  const owner = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, dataVersion: true } });
  const [dashboard, info, insights, exported] = await Promise.all([dashboardData(owner), getUserInfo(userId), dailyPatterns(userId), exportOf(userId)]);
  const { profile, metrics, heartRates, labs } = exported;
  const rowOf = (day: string, source: string) => metrics.find((row) => row.day === day && row.source === source);

  // The weight: the profile card, the profile form and the export's profile say one figure, from one
  // source, and the export's daily table holds that weighing.
  expect(dashboard.body.weight).toBe(`${profile.current_weight_kg} kg`);
  expect(dashboard.body.weight_from?.toLowerCase()).toContain(profile.current_weight_source.toLowerCase());
  expect(info.weight).toBe(profile.current_weight_kg);
  if (profile.current_weight_measured_on) {
    const source = profile.current_weight_source === 'your own entry' ? 'manual' : profile.current_weight_source.toLowerCase().replaceAll(' ', '_');
    expect(Number(rowOf(profile.current_weight_measured_on, source)?.weight_kg)).toBe(profile.current_weight_kg);
  }
  // Every "Why today" that quotes the weight quotes that one.
  for (const action of [dashboard.actions.action_1, dashboard.actions.action_2, dashboard.actions.action_3, dashboard.actions.action_4]) {
    const quoted = /You weigh ([\d.]+) kg/.exec(action?.reason ?? '');
    if (quoted) expect(Number(quoted[1])).toBe(profile.current_weight_kg);
  }

  // Steps: the Activity card's two weeks are the export's daily steps over this week's six full days
  // (the chart's seven days without today's, still growing) and the 7 before; the caption names their sources.
  const stepRows = (days: string[]) => days.flatMap((day) => metrics.filter((row) => row.day === day && row.steps !== ''));
  const [thisWeekRows, lastWeekRows] = [stepRows(daysEnding(addDays(TODAY, -1), 6)), stepRows(daysEnding(addDays(TODAY, -7), 7))];
  expect(dashboard.activity.steps_today).toBe(Math.round(mean(thisWeekRows.map((row) => Number(row.steps)))));
  expect(dashboard.activity.steps_yesterday).toBe(Math.round(mean(lastWeekRows.map((row) => Number(row.steps)))));
  expect(dashboard.activity.steps_history.map((day) => day.day)).toEqual(daysEnding(TODAY, 7));
  expect(dashboard.activity.steps_from).toBe(caption([...thisWeekRows, ...lastWeekRows].map((row) => row.source!)));
  // …and the insights' statements about the weeks say the same numbers.
  for (const statement of insights.insights) {
    const week = /^Steps averaged ([\d,]+) a day this week, .* than last week \(([\d,]+)\)\.$/.exec(statement);
    if (week) expect([numberIn(week[1]!), numberIn(week[2]!)]).toEqual([dashboard.activity.steps_today, dashboard.activity.steps_yesterday]);
    const though = /though this week’s ([\d,]+) a day is (?:below|above) last week’s ([\d,]+)\.$/.exec(statement);
    if (though) expect([numberIn(though[1]!), numberIn(though[2]!)]).toEqual([dashboard.activity.steps_today, dashboard.activity.steps_yesterday]);
  }

  // Heart rate and stress, this week and last: each day's mean of the export's heart-rate samples, else
  // that day's resting heart rate; stress as the day's figure; the overnight figures ranked ring, strap,
  // scale, Apple Health, scan, own entry (docs/architecture.md), each day to the whole number.
  const RECOVERY = ['oura', 'whoop', 'whoop_export', 'withings', 'apple_health', 'apple_health_export', 'scan', 'manual'];
  const rankedRow = (day: string, column: string) =>
    metrics.filter((row) => row.day === day && row[column] !== '' && row[column] !== undefined).sort((a, b) => RECOVERY.indexOf(a.source!) - RECOVERY.indexOf(b.source!))[0];
  const ranked = (day: string, column: string) => {
    const row = rankedRow(day, column);
    return row ? Number(row[column]) : null;
  };
  const rankedSource = (day: string, column: string) => rankedRow(day, column)?.source ?? null;
  const samplesOf = new Map<string, number[]>();
  for (const sample of heartRates) samplesOf.set(sample.recorded_at!.slice(0, 10), [...(samplesOf.get(sample.recorded_at!.slice(0, 10)) ?? []), Number(sample.bpm)]);
  const weekMean = (days: string[], ofDay: (day: string) => number | null) => {
    const values = days.map(ofDay).filter((value): value is number => value !== null).map(Math.round);
    return values.length ? Math.round(mean(values)) : null;
  };
  const rateOf = (day: string) => (samplesOf.has(day) ? mean(samplesOf.get(day)!) : ranked(day, 'resting_heart_rate_bpm'));
  const stressOf = (day: string) => ranked(day, 'stress_score');
  const [week, weekBefore] = [daysEnding(TODAY, 7), daysEnding(addDays(TODAY, -7), 7)];
  expect([dashboard.vitals.heart_rate_today, dashboard.vitals.heart_rate_yesterday]).toEqual([weekMean(week, rateOf), weekMean(weekBefore, rateOf)]);
  expect([dashboard.vitals.stress_today, dashboard.vitals.stress_yesterday]).toEqual([weekMean(week, stressOf), weekMean(weekBefore, stressOf)]);
  // Their captions: each day's source over both weeks shown, the samples' where the day has samples.
  const sampleSourcesOf = (day: string) => [...new Set(heartRates.filter((sample) => sample.recorded_at!.startsWith(day)).map((sample) => sample.source!))];
  const rateSourcesOf = (day: string) => (sampleSourcesOf(day).length ? sampleSourcesOf(day) : [rankedSource(day, 'resting_heart_rate_bpm')].filter((source) => source !== null));
  expect(dashboard.vitals.heart_rate_from).toBe(caption([...week, ...weekBefore].flatMap(rateSourcesOf)));
  expect(dashboard.vitals.stress_from).toBe(caption([...week, ...weekBefore].flatMap((day) => [rankedSource(day, 'stress_score')].filter((source) => source !== null))));

  // Sleep score: last night's, as the export has it, from the source it names.
  if (dashboard.sleep) {
    const row = metrics.find((candidate) => candidate.day === dashboard.sleep!.day && Number(candidate.sleep_score) === dashboard.sleep!.score);
    expect(dashboard.sleep.from).toBe(caption([row!.source!]));
  }
  // Every statement on /insights says where its figures came from.
  expect(insights.from).toHaveLength(insights.insights.length);
  for (const from of insights.from) expect(from).toMatch(/^From .+\.$/);

  // Blood pressure: a device's reading is in the export under that device, that day.
  const { bp_source, bp_device, bp_measured_at, bp_systolic, bp_diastolic } = dashboard.vitals;
  if (bp_source === 'device') {
    const row = rowOf(bp_measured_at!.slice(0, 10), bp_device!.toLowerCase().replaceAll(' ', '_'));
    expect([Number(row?.systolic_bp_mmhg), Number(row?.diastolic_bp_mmhg)]).toEqual([bp_systolic, bp_diastolic]);
  }

  // Readiness: the score of the export's nights, each figure from the source every screen ranks first
  // (sleep ranked as the sleep card ranks it), is the dashboard's.
  const SLEEP = ['oura', 'oura_export', 'whoop', 'whoop_export', 'garmin_export', 'apple_health', 'apple_health_export', 'withings', 'withings_export', 'manual', 'scan'];
  const sleepRow = (day: string) => metrics.filter((row) => row.day === day && row.sleep_duration_minutes !== '').sort((a, b) => SLEEP.indexOf(a.source!) - SLEEP.indexOf(b.source!))[0];
  const nights = daysEnding(TODAY, 29).map((day) => ({
    day,
    hrvMs: ranked(day, 'hrv_ms'),
    restingHeartRateBpm: ranked(day, 'resting_heart_rate_bpm'),
    respiratoryRateBpm: ranked(day, 'respiratory_rate_bpm'),
    sleepDurationMinutes: sleepRow(day) ? Number(sleepRow(day)!.sleep_duration_minutes) : null,
  }));
  const readiness = readinessScore({ today: TODAY, days: nights });
  expect(dashboard.readiness.state).toBe(readiness.state);
  if (readiness.state === 'ready' && dashboard.readiness.state === 'ready') expect([dashboard.readiness.score, dashboard.readiness.band]).toEqual([readiness.score, readiness.band]);

  // Last night's stages: the export's row for that night, from the source the time asleep came from.
  if (dashboard.lastNight?.stages) {
    const row = sleepRow(dashboard.lastNight.day)!;
    expect(dashboard.lastNight.from).toBe(caption([row.source!]));
    expect(dashboard.lastNight.stages).toEqual({ deep: Number(row.sleep_deep_minutes), light: Number(row.sleep_light_minutes), rem: Number(row.sleep_rem_minutes), awake: row.sleep_awake_minutes === '' ? null : Number(row.sleep_awake_minutes) });
  }

  // The usual band behind the HRV chart: the 10th–90th percentile of the export's 30 nights before today.
  const hrvChart = (await measureTrends(userId, 30)).measures.find((measure) => measure.key === 'hrvMs')!;
  const hrvBand = personalRange(daysEnding(addDays(TODAY, -1), 30).map((day) => ({ day, value: ranked(day, 'hrv_ms') })), TODAY);
  expect(hrvChart.band ?? null).toEqual(hrvBand && { low: Math.round(hrvBand.low * 10) / 10, high: Math.round(hrvBand.high * 10) / 10, from: hrvBand.from, to: hrvBand.to });

  // T-Results: the latest total testosterone is the export's latest.
  const testosterone = labs.filter((row) => row.marker === 'total_testosterone').sort((a, b) => (a.taken_at ?? '').localeCompare(b.taken_at ?? ''));
  if (testosterone.length) expect(dashboard.trend.data.at(-1)?.raw).toBe(Math.round(Number(testosterone.at(-1)!.value_ng_dl)));
  return { dashboard, profile };
}

describe('what the screens show is what the export holds', () => {
  it('for the demo member', async () => {
    await seedDemoData(db);
    const { id } = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true } });
    const { dashboard, profile } = await expectScreensToAgreeWithExport(id);
    // The demo's scale weighs every morning: its weight is today's Withings reading, not the 95 kg it typed at sign-up.
    expect([profile.current_weight_source, profile.current_weight_measured_on]).toEqual(['Withings', TODAY]);
    expect(dashboard.vitals.bp_device).toBe('Withings');
  });

  it('for a generated member with a scale, a phone and a lab result', async () => {
    const { id } = await createMember({ ...ONBOARDED_PROFILE, currentWeightKg: 95, desiredWeightKg: 88 });
    const days = daysEnding(TODAY, 30);
    await addDailyMetrics(id, days, (_day, index) => ({ weightKg: Math.round((95 - index * 0.1) * 10) / 10, systolicBpMmhg: 120 + (index % 5), diastolicBpMmhg: 78 + (index % 3) }), 'WITHINGS');
    await addDailyMetrics(id, days, (_day, index) => ({ steps: 6000 + ((index * 733) % 4000) }), 'APPLE_HEALTH');
    await addDailyMetrics(
      id,
      days,
      (_day, index) => ({
        sleepScore: 60 + ((index * 7) % 30),
        sleepDurationMinutes: 400 + ((index * 11) % 80),
        sleepDeepMinutes: 60 + (index % 30),
        sleepLightMinutes: 220 + ((index * 3) % 40),
        sleepRemMinutes: 90 + (index % 20),
        sleepAwakeMinutes: 20 + (index % 15),
        restingHeartRateBpm: 55 + (index % 6),
        hrvMs: 40 + ((index * 13) % 25),
        respiratoryRateBpm: 14 + (index % 3) / 2,
        stressScore: 30 + ((index * 5) % 17),
      }),
      'OURA',
    );
    // A few days of the ring's daytime heart rate too: those days' means replace their resting rates.
    await db.heartRateSample.createMany({
      data: [1, 2, 9].flatMap((ago) => [8, 12, 18].map((hour, k) => ({ userId: id, source: 'OURA' as const, recordedAt: new Date(`${addDays(TODAY, -ago)}T${String(hour).padStart(2, '0')}:00:00Z`), bpm: 62 + ago + k * 5 }))),
    });
    await addTestosterone(id, 410, new Date(`${addDays(TODAY, -40)}T08:00:00Z`));
    await addTestosterone(id, 472, new Date(`${addDays(TODAY, -3)}T08:00:00Z`));
    const { dashboard, profile } = await expectScreensToAgreeWithExport(id);
    expect([profile.current_weight_kg, profile.current_weight_source]).toEqual([92.1, 'Withings']);
    expect(dashboard.trend.data.at(-1)?.raw).toBe(472);
    // The checks above had something to hold: a score, a night's stages and a band.
    expect(dashboard.readiness.state).toBe('ready');
    expect(dashboard.lastNight?.stages).not.toBeNull();
  });
});

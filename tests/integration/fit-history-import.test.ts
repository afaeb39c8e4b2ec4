// Garmin FIT files imported the way the routes and the job run them (lib/imports/history.ts over
// lib/imports/garmin-export.ts), with python-fitparse's real files (tests/fixtures/imports/fit/README.md): a daily
// monitoring summary on the day it covers, files with compressed timestamp headers read (and only really damaged
// files refused), a multi-user scale's weigh-ins stored only as the member's own, and an implausible jump held back
// until the member keeps or drops it. Expected figures come from tests/support/fit-records.ts, a reading of the
// files by the FIT protocol written apart from the importer, and from the FIT profile's field numbers and scales.
import '../support/own-uploads-dir';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Encoder, Profile, Utils } from '@garmin/fitsdk';
import { POST as confirmRoute } from '@/app/api/imports/[id]/confirm/route';
import { sessionKey } from '@/lib/auth/sessions';
import { db } from '@/lib/db';
import { confirmImport, IMPORT_PROBLEMS, importView, runImportRead, uploadImport } from '@/lib/imports/history';
import { fitDate, fitRecords, type FitRecord } from '../support/fit-records';
import { createMember, type MemberProfile } from '../support/members';

afterAll(() => db.$disconnect());

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(process.cwd(), 'tests/fixtures/imports/fit', name)));
const day = (date: Date) => date.toISOString().slice(0, 10);
const field = (record: FitRecord, num: number) => record.fields.get(num)?.[0];

async function uploadAndRead(userId: string, bytes: Uint8Array, name: string) {
  const queued: string[] = [];
  const { view } = await uploadImport(userId, new Response(new Uint8Array(bytes)).body!, name, async (id) => void queued.push(id));
  for (const id of queued) await runImportRead(id);
  return importView(userId, view.id);
}

const garminDays = (userId: string) => db.dailyMetric.findMany({ where: { userId, source: 'GARMIN_EXPORT' }, orderBy: { day: 'asc' } });
const weights = async (userId: string) => (await garminDays(userId)).map((r) => [day(r.day), r.weightKg, r.bodyFatPercent]);

describe('a daily monitoring summary (MonitoringFile.fit)', () => {
  it('is filed on the day its logging interval covers, not the midnight it is stamped at, and adds no day', async () => {
    // Independent reading: monitoring_info (103) gives the local offset (field 0 local_timestamp − 253
    // timestamp); the daily monitoring (55) messages (field 29 duration_min) end at local midnight.
    const records = fitRecords(fixture('MonitoringFile.fit'));
    const info = records.find((r) => r.global === 103)!;
    const offset = field(info, 0)! - field(info, 253)!;
    const daily = records.filter((r) => r.global === 55 && r.fields.has(29));
    expect(daily).toHaveLength(2);
    const end = daily[0]!.timestamp!;
    const covered = day(fitDate(end + offset - field(daily[0]!, 29)! * 60));
    expect(covered).toBe('2014-12-27');
    expect(day(fitDate(end + offset))).toBe('2014-12-28');
    // Field 3 cycles, whose steps subfield (walking/running) reads the raw count; field 19 active calories.
    const steps = daily.reduce((sum, r) => sum + field(r, 3)!, 0);
    const active = daily.reduce((sum, r) => sum + field(r, 19)!, 0);

    const { id } = await createMember();
    const read = await uploadAndRead(id, fixture('MonitoringFile.fit'), 'MonitoringFile.fit');
    expect(read).toMatchObject({ status: 'previewed', first_day: covered, last_day: covered });
    expect(read.preview).toMatchObject({ days: 1, measures: { steps: 1, activeCaloriesKcal: 1 } });
    await confirmImport(id, read.id);
    expect((await garminDays(id)).map((r) => [day(r.day), r.steps, r.activeCaloriesKcal])).toEqual([[covered, steps, active]]);
  });
});

describe('FIT files with compressed timestamp headers', () => {
  it.each(['compressed-speed-distance.fit', 'antfs-dump.63.fit'])('%s, whose CRC checks, is read, not called damaged', async (name) => {
    const records = fitRecords(fixture(name));
    expect(records.filter((r) => r.compressed).length).toBeGreaterThan(600);
    // Activity files: their messages are counted; none gives a daily figure the app stores (record, lap, session).
    const known = records.filter((r) => Profile.messages[r.global] !== undefined).length;
    const { id } = await createMember();
    const read = await uploadAndRead(id, fixture(name), name);
    expect(read).toMatchObject({ status: 'previewed', message: null, records_read: known });
    expect(read.preview).toMatchObject({ records: known, days: 0 });
  });

  it.each([
    ['activity-filecrc.fit', 'its file CRC does not match'],
    ['activity-unexpected-eof.fit', 'it is cut short'],
  ])('%s is still refused as damaged (%s), storing nothing', async (name) => {
    const { id } = await createMember();
    const read = await uploadAndRead(id, fixture(name), name);
    expect(read).toMatchObject({ status: 'failed', message: IMPORT_PROBLEMS.damaged });
    expect(await garminDays(id)).toEqual([]);
  });
});

describe('a scale several people share (WeightScaleMultiUser.fit)', () => {
  // user_profile (3): 254 message_index, 1 gender (1 male, 0 female), 2 age, 3 height (cm, scale 100 m);
  // weight_scale (30): 0 weight (scale 100 kg), 1 percent_fat (scale 100), 12 user_profile_index.
  const records = fitRecords(fixture('WeightScaleMultiUser.fit'));
  const profiles = records.filter((r) => r.global === 3);
  const weighIns = records.filter((r) => r.global === 30).map((r) => ({ profile: field(r, 12)!, day: day(fitDate(r.timestamp!)), at: fitDate(r.timestamp!).toISOString(), kg: field(r, 0)! / 100, fat: field(r, 1)! / 100 }));
  const man = profiles.find((p) => field(p, 1) === 1)!;
  const woman = profiles.find((p) => field(p, 1) === 0)!;
  const his = weighIns.find((w) => w.profile === field(man, 254))!;
  const hers = weighIns.find((w) => w.profile === field(woman, 254))!;
  // A member born so that he is the profile's age on the weighing's day.
  const bornFor = (age: number) => new Date(`${Number(his.day.slice(0, 4)) - age - 1}-12-31T00:00:00Z`);

  it('holds a man of 47 and a woman of 52, the woman weighing later', () => {
    expect([field(man, 2), field(man, 3), field(woman, 2), field(woman, 3)]).toEqual([47, 179, 52, 155]);
    expect(hers.at > his.at).toBe(true);
  });

  it('stores the 47-year-old man’s weigh-in for a member who is him, asking nothing', async () => {
    const { id } = await createMember({ gender: 'MALE', dateOfBirth: bornFor(47), heightCm: 180 });
    const read = await uploadAndRead(id, fixture('WeightScaleMultiUser.fit'), 'WeightScaleMultiUser.fit');
    const questions = read.preview?.weigh_ins;
    expect(questions).toMatchObject({ ask_person: false, held_back: [] });
    expect(questions?.people.map((p) => [p.sex, p.age, p.height_cm, p.weigh_ins.map((w) => [w.day, w.kg])])).toEqual([
      ['male', 47, 179, [[his.day, his.kg]]],
      ['female', 52, 155, [[hers.day, hers.kg]]],
    ]);
    expect(questions?.person).toBe(questions?.people[0]?.id);
    expect(read.preview).toMatchObject({ days: 1, measures: { weightKg: 1, bodyFatPercent: 1 } });
    await confirmImport(id, read.id);
    expect(await weights(id)).toEqual([[his.day, his.kg, his.fat]]);
  });

  it.each<[string, MemberProfile]>([
    ['fit neither profile (a woman of 30, 170 cm)', { gender: 'FEMALE', dateOfBirth: bornFor(30), heightCm: 170 }],
    ['fit both (nothing known of the member)', {}],
  ])('asks which person he is when his details %s, storing no weight until he answers', async (_, profile) => {
    const { id } = await createMember(profile);
    const read = await uploadAndRead(id, fixture('WeightScaleMultiUser.fit'), 'WeightScaleMultiUser.fit');
    expect(read.preview?.weigh_ins).toMatchObject({ ask_person: true, person: null });
    expect(read.preview).toMatchObject({ days: 0 });
    await expect(confirmImport(id, read.id)).rejects.toMatchObject({ status: 422, message: 'Say which person on the scale you are, or that you are none of them, before importing.' });
    await expect(confirmImport(id, read.id, { person: 'someone-else' })).rejects.toMatchObject({ status: 422, message: 'That person is not on this file’s scale.' });
    expect(await garminDays(id)).toEqual([]);
    const woman = read.preview!.weigh_ins!.people.find((p) => p.sex === 'female')!;
    expect(await confirmImport(id, read.id, { person: woman.id })).toMatchObject({ status: 'done', days_stored: 1 });
    expect(await weights(id)).toEqual([[hers.day, hers.kg, hers.fat]]);
  });

  it('stores none of the file’s weights when he is none of its people', async () => {
    const { id } = await createMember();
    const read = await uploadAndRead(id, fixture('WeightScaleMultiUser.fit'), 'WeightScaleMultiUser.fit');
    expect(await confirmImport(id, read.id, { person: 'none' })).toMatchObject({ status: 'done', days_stored: 0 });
    expect(await weights(id)).toEqual([]);
  });
});

/** A scale's FIT file (weight, type 9) with one user and these weighings, written with Garmin's encoder. */
function weighings(list: { at: string; kg: number }[]): Uint8Array {
  const encoder = new Encoder();
  const put = (name: string, fields: Record<string, unknown>) => encoder.onMesg(Profile.MesgNum[name]!, fields as never);
  put('FILE_ID', { type: 'weight', manufacturer: 'garmin', product: 2429, serialNumber: 3_123_456_789, timeCreated: new Date(list[0]!.at) });
  put('USER_PROFILE', { messageIndex: 0, gender: 'male', age: 40, height: 1.8 });
  for (const w of list) put('WEIGHT_SCALE', { timestamp: new Date(w.at), weight: w.kg, userProfileIndex: 0 });
  return encoder.close();
}

describe('an implausible jump between weigh-ins', () => {
  // 80 kg, then 152 kg 77 minutes later: far past the 5 kg a body can change in a day.
  const file = () => weighings([{ at: '2026-03-02T06:00:00Z', kg: 80 }, { at: '2026-03-02T07:17:00Z', kg: 152 }, { at: '2026-03-03T06:10:00Z', kg: 79.6 }]);
  expect(Utils.FIT_EPOCH_MS).toBe(631_065_600_000);

  it('is held back in the preview, and dropped unless the member keeps it', async () => {
    const { id } = await createMember();
    const read = await uploadAndRead(id, file(), 'scale.fit');
    expect(read.preview?.weigh_ins).toEqual({
      people: [],
      person: null,
      ask_person: false,
      // Two days either way: the 152 kg falls on 2 March, which has its 80 kg.
      days_without: 2,
      held_back: [{ id: 'w1', at: '2026-03-02T07:17:00.000Z', day: '2026-03-02', kg: 152, person: null, previous: { at: '2026-03-02T06:00:00.000Z', kg: 80 } }],
    });
    expect(read.preview).toMatchObject({ days: 2, measures: { weightKg: 2 } });
    await confirmImport(id, read.id);
    expect(await weights(id)).toEqual([['2026-03-02', 80, null], ['2026-03-03', 79.6, null]]);
  });

  it('is stored as the day’s last weigh-in when the member keeps it', async () => {
    const { id } = await createMember();
    const read = await uploadAndRead(id, file(), 'scale.fit');
    await confirmImport(id, read.id, { keep: ['w1'] });
    expect(await weights(id)).toEqual([['2026-03-02', 152, null], ['2026-03-03', 79.6, null]]);
  });
});

describe('POST /api/imports/{id}/confirm', () => {
  async function signedIn(profile: MemberProfile = {}) {
    const user = await createMember(profile);
    const token = randomBytes(32).toString('hex');
    await db.session.create({ data: { tokenHash: sessionKey(token), userId: user.id, expires: new Date(Date.now() + 3_600_000) } });
    return { id: user.id, cookie: `next-auth.session-token=${token}` };
  }
  const post = (importId: string, cookie: string, body?: string) =>
    confirmRoute(new Request(`http://localhost/api/imports/${importId}/confirm`, { method: 'POST', body, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } }), { params: Promise.resolve({ id: importId }) });

  it.each([
    ['{"keep":"w1"}', 'The weigh-ins to keep must be a list of ids.'],
    ['{"person":5}', 'Choose a person as text: one of the preview’s people, or none.'],
    ['{"keep":["w9"]}', 'That weigh-in is not one held back in this import.'],
    ['{"drop":["w1"]}', 'Send only the person you are and the weigh-ins you keep.'],
    ['{"person":"male-179-0"}', 'This import asks no question about people on a scale.'],
    ['not json', 'Request body must be valid JSON.'],
  ])('refuses %s with a message, and stores nothing', async (body, message) => {
    const { id, cookie } = await signedIn();
    const read = await uploadAndRead(id, weighings([{ at: '2026-03-02T06:00:00Z', kg: 80 }, { at: '2026-03-02T07:17:00Z', kg: 152 }]), 'scale.fit');
    const response = await post(read.id, cookie, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ message });
    expect(await garminDays(id)).toEqual([]);
    expect(await importView(id, read.id)).toMatchObject({ status: 'previewed' });
  });

  it('confirms an import that asks nothing with an empty body, as before', async () => {
    const { id, cookie } = await signedIn();
    const read = await uploadAndRead(id, fixture('MonitoringFile.fit'), 'MonitoringFile.fit');
    const response = await post(read.id, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ import: { status: 'done', days_stored: 1 } });
  });

  it('takes the answers from the JSON body', async () => {
    const { id, cookie } = await signedIn();
    const read = await uploadAndRead(id, fixture('WeightScaleMultiUser.fit'), 'WeightScaleMultiUser.fit');
    const man = read.preview!.weigh_ins!.people.find((p) => p.sex === 'male')!;
    expect((await post(read.id, cookie, JSON.stringify({ person: man.id }))).status).toBe(200);
    expect((await weights(id)).map(([d, kg]) => [d, kg])).toEqual([[man.weigh_ins[0]!.day, man.weigh_ins[0]!.kg]]);
  });
});

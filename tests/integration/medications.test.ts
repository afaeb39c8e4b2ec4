// "What I take" (lib/medications/) against this file's own PostgreSQL database: the schema's refusals with
// their messages, each member's list his alone (another's id answers as an unknown one, and changes nothing),
// a change checked whole again, the list's limit; the TRT monitoring My actions shows, met by the results of an
// uploaded report; the doctor's PDF with his own list first and the app's suggestions apart; and the rows
// gone with the member. (The CSV and FHIR export of the list: tests/integration/data-export.test.ts.)
import { afterAll, describe, expect, it } from '@jest/globals';
import { refusal } from '@/tests/support/api-refusal';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import { addMedication, listMedications, MEDICATION_NOT_FOUND, MEDICATIONS_FULL, removeMedication, updateMedication } from '@/lib/medications/store';
import { trtActions } from '@/lib/medications/trt-actions';
import { doctorSummaryPdf, SUGGESTED_LABEL } from '@/lib/reports/doctor-summary';
import { MEDICATIONS_MAX } from '@/lib/validation/medication-options';
import { MEDICATION_MESSAGES, medicationPatchSchema, medicationSchema, type MedicationRequest } from '@/lib/validation/medications';
import { SINGLE_LINE_MESSAGE } from '@/lib/validation/stored-text';
import { createMember } from '../support/members';
import { pdfText } from '../support/pdf-text';

afterAll(() => db.$disconnect());

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const TRT: MedicationRequest = {
  kind: 'trt',
  name: 'Testosterone enanthate',
  dose: 125,
  dose_unit: 'mg',
  frequency: 'every_n_days',
  interval_days: 7,
  route: 'intramuscular_injection',
  preparation: 'Testosterone enanthate',
  started_on: '2026-06-05',
};
const VITAMIN_D: MedicationRequest = { kind: 'supplement', name: 'Vitamin D3', dose: 25, dose_unit: 'mcg', frequency: 'daily', route: 'oral', started_on: '2026-01-10' };

/** Each refusal as "field: message". */
function problems(input: unknown): string[] {
  const parsed = medicationSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the entry’s schema', () => {
  it('takes a supplement and a testosterone therapy, the unit as the list spells it', () => {
    expect(medicationSchema.parse(VITAMIN_D)).toEqual({
      kind: 'supplement',
      name: 'Vitamin D3',
      dose: 25,
      doseUnit: 'µg',
      frequency: 'daily',
      intervalDays: null,
      route: 'oral',
      preparation: null,
      startedOn: '2026-01-10',
      stoppedOn: null,
      note: null,
    });
    expect(medicationSchema.parse({ ...TRT, note: '  ', stopped_on: '' })).toMatchObject({ kind: 'trt', intervalDays: 7, note: null, stoppedOn: null });
  });

  it('refuses testosterone therapy without its preparation, dose, unit, route or interval', () => {
    expect(problems({ kind: 'trt', name: 'TRT', frequency: 'every_n_days', started_on: '2026-06-05' })).toEqual([
      `interval_days: ${MEDICATION_MESSAGES.interval}`,
      `preparation: ${MEDICATION_MESSAGES.preparation}`,
      `dose: ${MEDICATION_MESSAGES.dose}`,
      `dose_unit: ${MEDICATION_MESSAGES.doseUnit}`,
      `route: ${MEDICATION_MESSAGES.route}`,
    ]);
    expect(problems({ ...TRT, frequency: 'weekly', interval_days: undefined })).toEqual([`interval_days: ${MEDICATION_MESSAGES.interval}`]);
    expect(problems({ ...TRT, frequency: 'as_needed', interval_days: null })).toEqual([`frequency: ${MEDICATION_MESSAGES.trtAsNeeded}`]);
  });

  it('refuses a stop before the start, a day in the future or not in the calendar', () => {
    expect(problems({ ...VITAMIN_D, stopped_on: '2026-01-09' })).toEqual([`stopped_on: ${MEDICATION_MESSAGES.stoppedBeforeStart}`]);
    expect(problems({ ...VITAMIN_D, stopped_on: '2026-01-10' })).toEqual([]);
    // The day after tomorrow (UTC) has begun nowhere on Earth yet.
    expect(problems({ ...VITAMIN_D, started_on: addDays(utcDay(new Date()), 2) })).toEqual([`started_on: ${MEDICATION_MESSAGES.future}`]);
    expect(problems({ ...VITAMIN_D, started_on: '2026-02-30' })).toEqual([`started_on: ${MEDICATION_MESSAGES.startedOn}`]);
    expect(problems({ ...VITAMIN_D, started_on: '10/01/2026' })).toEqual([`started_on: ${MEDICATION_MESSAGES.startedOn}`]);
  });

  it('refuses a dose without its unit, beyond what the unit allows, or at zero, and an interval that contradicts how often', () => {
    expect(problems({ ...VITAMIN_D, dose_unit: null })).toEqual([`dose_unit: ${MEDICATION_MESSAGES.doseUnit}`]);
    expect(problems({ ...VITAMIN_D, dose: null })).toEqual([`dose: ${MEDICATION_MESSAGES.dose}`]);
    expect(problems({ ...VITAMIN_D, dose: 0 })).toEqual([`dose: ${MEDICATION_MESSAGES.dose}`]);
    expect(problems({ ...VITAMIN_D, dose: 250_000 })).toEqual([`dose: ${MEDICATION_MESSAGES.doseImplausible}`]);
    expect(problems({ ...VITAMIN_D, dose: 2, dose_unit: 'capsule' })).toEqual([]);
    expect(problems({ ...VITAMIN_D, dose_unit: 'spoonful' })).toEqual([`dose_unit: ${MEDICATION_MESSAGES.doseUnit}`]);
    expect(problems({ ...VITAMIN_D, interval_days: 3 })).toEqual([`interval_days: ${MEDICATION_MESSAGES.intervalMismatch}`]);
    expect(problems({ ...VITAMIN_D, frequency: 'as_needed', interval_days: 3 })).toEqual([`interval_days: ${MEDICATION_MESSAGES.asNeededInterval}`]);
    expect(problems({ ...VITAMIN_D, frequency: 'every_n_days', interval_days: 366 })).toEqual([`interval_days: ${MEDICATION_MESSAGES.interval}`]);
  });

  it('checks the free text as every stored string: one line, no hidden characters, within its length', () => {
    expect(problems({ ...VITAMIN_D, name: '   ' })).toEqual([`name: ${MEDICATION_MESSAGES.name}`]);
    expect(problems({ ...VITAMIN_D, name: 'x'.repeat(81) })).toEqual([`name: ${MEDICATION_MESSAGES.nameTooLong}`]);
    expect(problems({ ...VITAMIN_D, name: 'x'.repeat(80) })).toEqual([]);
    for (const name of ['Vitamin\nD3', 'Vitamin\u0000D3', 'exe.\u202etxt', 'Vita\u200bmin']) expect(problems({ ...VITAMIN_D, name })).toEqual([`name: ${SINGLE_LINE_MESSAGE}`]);
    expect(problems({ ...TRT, preparation: 'Testosterone\tenanthate' })).toEqual([`preparation: ${SINGLE_LINE_MESSAGE}`]);
    expect(problems({ ...VITAMIN_D, note: 'n'.repeat(201) })).toEqual([`note: ${MEDICATION_MESSAGES.noteTooLong}`]);
    // A field the list has no place for is refused, not dropped.
    expect(problems({ ...VITAMIN_D, userId: 'someone-else' })[0]).toMatch(/^: Unrecognized key/);
  });

  it('takes a change of one field, and nothing for no change at all', () => {
    expect(medicationPatchSchema.parse({ stopped_on: '2026-03-01' })).toEqual({ stopped_on: '2026-03-01' });
    expect(medicationPatchSchema.safeParse({}).error?.issues[0]?.message).toBe(MEDICATION_MESSAGES.nothing);
  });
});

describe('each member’s list', () => {
  it('is his alone: another’s entry cannot be read, changed or removed, and answers as unknown', async () => {
    const marcus = await createMember({ firstName: 'Marcus' });
    const dale = await createMember({ firstName: 'Dale' });
    const trt = await addMedication(marcus.id, medicationSchema.parse(TRT));
    const vitaminD = await addMedication(marcus.id, medicationSchema.parse({ ...VITAMIN_D, stopped_on: '2026-05-01' }));
    const daleOwn = await addMedication(dale.id, medicationSchema.parse({ kind: 'medication', name: 'Ramipril', dose: 5, dose_unit: 'mg', frequency: 'daily', started_on: '2025-02-01' }));

    expect(trt).toMatchObject({ kind: 'trt', name: 'Testosterone enanthate', dose: 125, dose_unit: 'mg', frequency: 'every_n_days', interval_days: 7, route: 'intramuscular_injection', started_on: '2026-06-05', stopped_on: null });
    // What he takes now first, then what he stopped.
    expect((await listMedications(marcus.id)).map((m) => m.name)).toEqual(['Testosterone enanthate', 'Vitamin D3']);
    expect((await listMedications(dale.id)).map((m) => m.id)).toEqual([daleOwn.id]);

    const unknown = { status: 404, message: MEDICATION_NOT_FOUND };
    expect(await refusal(updateMedication(dale.id, trt.id, { dose: 250 }))).toEqual(unknown);
    expect(await refusal(removeMedication(dale.id, trt.id))).toEqual(unknown);
    expect(await refusal(updateMedication(marcus.id, 'no-such-id', { dose: 250 }))).toEqual(unknown);
    expect(await refusal(removeMedication(marcus.id, 'no-such-id'))).toEqual(unknown);
    expect(await db.medication.findUniqueOrThrow({ where: { id: trt.id } })).toMatchObject({ userId: marcus.id, dose: 125 });

    await removeMedication(marcus.id, vitaminD.id);
    expect((await listMedications(marcus.id)).map((m) => m.id)).toEqual([trt.id]);
    expect(await db.medication.count({ where: { userId: dale.id } })).toBe(1);
  });

  it('checks a change whole: testosterone therapy keeps its dose, a stop stays after the start, a new frequency brings its interval', async () => {
    const member = await createMember();
    const trt = await addMedication(member.id, medicationSchema.parse(TRT));
    const messagesOf = async (call: Promise<unknown>) =>
      call.then(
        () => [],
        (error: { issues?: { path: PropertyKey[]; message: string }[] }) => (error.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      );
    expect(await messagesOf(updateMedication(member.id, trt.id, { dose: null }))).toEqual([`dose: ${MEDICATION_MESSAGES.dose}`]);
    expect(await messagesOf(updateMedication(member.id, trt.id, { stopped_on: '2026-06-04' }))).toEqual([`stopped_on: ${MEDICATION_MESSAGES.stoppedBeforeStart}`]);
    expect(await db.medication.findUniqueOrThrow({ where: { id: trt.id } })).toMatchObject({ dose: 125, stoppedOn: null });

    // Weekly injections from now on: the 7 days it implies, without being sent.
    const weekly = await updateMedication(member.id, trt.id, { frequency: 'weekly', dose: 150 });
    expect(weekly).toMatchObject({ frequency: 'weekly', interval_days: 7, dose: 150 });
    const stopped = await updateMedication(member.id, trt.id, { stopped_on: '2026-11-30', note: 'Paused by my GP' });
    expect(stopped).toMatchObject({ stopped_on: '2026-11-30', note: 'Paused by my GP', dose: 150 });
    expect(Date.parse(stopped.updated_at)).toBeGreaterThanOrEqual(Date.parse(trt.updated_at));
    expect(await updateMedication(member.id, trt.id, { stopped_on: null, note: null })).toMatchObject({ stopped_on: null, note: null });
  });

  it(`holds at most ${MEDICATIONS_MAX} entries`, async () => {
    const member = await createMember();
    await db.medication.createMany({ data: Array.from({ length: MEDICATIONS_MAX }, (_, i) => ({ userId: member.id, kind: 'SUPPLEMENT' as const, name: `Supplement ${i}`, frequency: 'daily', startedOn: day('2026-01-01') })) });
    expect(await refusal(addMedication(member.id, medicationSchema.parse(VITAMIN_D)))).toEqual({ status: 409, message: MEDICATIONS_FULL });
    expect(await db.medication.count({ where: { userId: member.id } })).toBe(MEDICATIONS_MAX);
  });

  it('goes with the member when his account is deleted', async () => {
    const member = await createMember();
    await addMedication(member.id, medicationSchema.parse(TRT));
    await db.user.delete({ where: { id: member.id } });
    expect(await db.medication.count({ where: { userId: member.id } })).toBe(0);
  });
});

describe('TRT monitoring in My actions', () => {
  it('asks a member on testosterone therapy for his dated blood tests until an uploaded report meets them, and to see his doctor about a haematocrit above 54 %', async () => {
    const member = await createMember();
    expect(await trtActions(member.id, '2027-04-10')).toEqual({ onTrt: false, actions: [], checks: [] });
    await addMedication(member.id, medicationSchema.parse({ ...TRT, started_on: '2026-12-05' }));

    const before = await trtActions(member.id, '2027-04-10');
    expect(before.actions.map((action) => [action.status, action.text])).toEqual([
      ['due', 'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 3–6 months after starting (by 5 Jun 2027).'],
      ['upcoming', 'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 12 months after starting (from 5 Sept 2027, by 5 Dec 2027).'],
    ]);

    // A report uploaded and confirmed: the three markers on one day, the haematocrit in L/L and high.
    const report = await db.labReport.create({ data: { userId: member.id, fileName: 'April bloods.pdf', mimeType: 'application/pdf', sizeBytes: 1, storageKey: 'test/april' } });
    const takenAt = new Date('2027-04-02T08:30:00Z');
    await db.labResult.createMany({
      data: [
        { userId: member.id, reportId: report.id, marker: 'total_testosterone', value: 24.1, unit: 'nmol/L', valueNgDl: 695.1, takenAt },
        { userId: member.id, reportId: report.id, marker: 'haematocrit', value: 0.552, unit: 'L/L', takenAt },
        { userId: member.id, reportId: report.id, marker: 'psa', value: 0.9, unit: 'ng/mL', takenAt },
      ],
    });
    // Another member's results meet nothing of his.
    const other = await createMember();
    await db.labResult.create({ data: { userId: other.id, marker: 'psa', value: 1, unit: 'ng/mL', takenAt: new Date('2027-09-10T08:00:00Z') } });

    const after = await trtActions(member.id, '2027-04-10');
    expect(after.checks[0]).toMatchObject({ number: 1, status: 'met', results: { testosterone: '2027-04-02', haematocrit: '2027-04-02', psa: '2027-04-02' } });
    expect(after.actions.map((action) => [action.kind, action.text])).toEqual([
      ['see_doctor', 'Speak to your doctor about your haematocrit: it was 55.2 % on 2 Apr 2027, above the 54 % at which the Endocrine Society’s guideline asks for testosterone therapy to be reviewed.'],
      ['blood_test', 'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 12 months after starting (from 5 Sept 2027, by 5 Dec 2027).'],
    ]);
  });
});

describe('the doctor’s PDF', () => {
  it('lists what the member takes first, current then stopped, and the app’s suggestions apart, labelled as not necessarily taken', async () => {
    const member = await createMember({ firstName: 'Ravi' });
    await addMedication(member.id, medicationSchema.parse({ ...TRT, started_on: '2026-06-05' }));
    await addMedication(member.id, medicationSchema.parse({ ...VITAMIN_D, stopped_on: '2026-05-01' }));
    await addMedication(member.id, medicationSchema.parse({ kind: 'supplement', name: 'Creatine', dose: 5, dose_unit: 'g', frequency: 'daily', started_on: '2026-09-01', note: 'After training' }));
    await db.supplement.createMany({ data: SUPPLEMENTS, skipDuplicates: true });
    await db.recommendationSet.create({ data: { userId: member.id, day: day('2026-11-20'), place: 'none', supplementSlugs: ['magnesium-glycinate', 'zinc-picolinate'], advice: 'x', nextRefreshAt: day('2026-11-21') } });

    const text = await pdfText(await doctorSummaryPdf(member.id, new Date('2026-12-01T10:00:00Z')));
    const lines = [
      'What I take',
      'Creatine (supplement): 5 g daily, since 1 Sept 2026. Note: After training',
      'Testosterone enanthate (testosterone therapy): 125 mg every 7 days, injected into a muscle, since 5 Jun 2026.',
      'Vitamin D3 (supplement): 25 µg daily, by mouth, from 10 Jan 2026 to 1 May 2026.',
      SUGGESTED_LABEL,
      'On 20 Nov 2026: Magnesium Glycinate, Zinc Picolinate.',
    ];
    for (const line of lines) expect(text).toContain(line);
    const at = lines.map((line) => text.indexOf(line));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain('Vitamin D3 + K2');
  });

  it('says when he has listed nothing, and when nothing was suggested', async () => {
    const member = await createMember();
    const text = await pdfText(await doctorSummaryPdf(member.id));
    expect(text).toContain(`What I take Nothing listed by the member. ${SUGGESTED_LABEL} None suggested yet.`);
  });
});

// "Prepare for your doctor" (lib/reports/doctor-summary.ts): the PDF made on the server, read back with PDF.js
// (unpdf) as a doctor's viewer would, carries the member's figures as /my_results and /insights give them,
// each with its date and source, and nothing of another member's.
import { afterAll, describe, expect, it } from '@jest/globals';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { formatDateGB } from '@/lib/format';
import { resultPanels } from '@/lib/labs/results';
import { profileJson } from '@/lib/export/profile-json';
import { saveDoctorQuestions } from '@/lib/reports/doctor-questions';
import { checkinLine, doctorSummaryPdf } from '@/lib/reports/doctor-summary';
import { runsOf } from '@/lib/reports/pdf-fonts';
import { DOCTOR_QUESTIONS_TOO_LONG, doctorQuestionsSchema } from '@/lib/validation/doctor-questions';
import { createMember } from '../support/members';
import { pdfTextItems, pdfText as readPdfText } from '../support/pdf-text';

afterAll(() => db.$disconnect());

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The PDF's text, its lines joined by spaces (a wrapped sentence reads whole); PDF.js gives the micro sign as Greek mu. */
const textOf = readPdfText;

describe('doctorSummaryPdf', () => {
  it('writes every result in the member’s units, the lab’s own figure and range after a converted one', async () => {
    const member = await createMember({ firstName: 'Dale', country: 'us' });
    await db.labResult.createMany({
      data: [
        { userId: member.id, marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', valueNgDl: 409.6, referenceLow: 8.6, referenceHigh: 29, takenAt: day('2026-09-30') },
        { userId: member.id, marker: 'total_testosterone', value: 398, unit: 'ng/dL', valueNgDl: 398, takenAt: day('2026-03-03') },
        { userId: member.id, marker: 'glucose', value: 5.5, unit: 'mmol/L', referenceLow: 3.9, referenceHigh: 5.8, takenAt: day('2026-09-30') },
      ],
    });
    const text = await textOf(await doctorSummaryPdf(member.id));
    // 14.2 nmol/L × 28.842 = 409.6 ng/dL, written 410 as the dashboard writes it; 5.5 mmol/L × 18.016 = 99.1 mg/dL.
    // 398 to 409.6 ng/dL is 2.9 % up: within testosterone's usual variation (a rise must pass 64 %), judged on the figures as entered.
    expect(text).toContain('Total testosterone: 410 ng/dL, taken 30 Sept 2026, lab range 248–836 (as entered: 14.2 nmol/L (8.6–29)), from own entry. Earlier: 398 ng/dL on 3 Mar 2026. Since 3 Mar 2026: up 3 %, within this test’s usual variation of 64 %.');
    // How a change is judged, once, with the source of the figure used.
    expect(text).toContain('within-person variation as published, analytical variation taken as half of it). Within-person variation from: Guldhaug NA et al.');
    expect(text).toContain('Glucose: 99.1 mg/dL, taken 30 Sept 2026, lab range 70.3–104 (as entered: 5.5 mmol/L (3.9–5.8))');
  });

  it('gives every blood result with its flag, range, date and report, the blood pressure and the 90 days’ measures', async () => {
    const now = new Date();
    const today = utcDay(now);
    // In the UK: SI units, so the earlier result printed in ng/dL is written in nmol/L with the rest.
    const member = await createMember({ firstName: 'Marcus', lastName: 'Hale', dateOfBirth: day('1981-04-12'), country: 'gb' });
    const report = await db.labReport.create({ data: { userId: member.id, fileName: 'October bloods.pdf', mimeType: 'application/pdf', sizeBytes: 1, storageKey: 'test/x', uploadedAt: day('2026-10-02') } });
    await db.labResult.createMany({
      data: [
        { userId: member.id, reportId: report.id, marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', valueNgDl: 409.6, referenceLow: 8.6, referenceHigh: 29, takenAt: day('2026-09-30') },
        { userId: member.id, marker: 'total_testosterone', value: 398, unit: 'ng/dL', valueNgDl: 398, takenAt: day('2026-03-03') },
        { userId: member.id, reportId: report.id, marker: 'psa', value: 0.1, comparator: '<=', unit: 'µg/L', referenceHigh: 4, takenAt: day('2026-09-30') },
        { userId: member.id, reportId: report.id, marker: 'triglycerides', value: 2.4, unit: 'mmol/L', referenceHigh: 1.7, takenAt: day('2026-09-30') },
      ],
    });
    // Three weighings and, the day before today, the scale's blood pressure too.
    for (const [i, kg] of [88.4, 88.1, 87.9].entries()) {
      const pressure = i === 1 ? { systolicBpMmhg: 124, diastolicBpMmhg: 80 } : {};
      await db.dailyMetric.create({ data: { userId: member.id, day: day(addDays(today, i - 2)), source: 'WITHINGS', weightKg: kg, ...pressure } });
    }
    const other = await createMember({ firstName: 'Someone' });
    await db.labResult.create({ data: { userId: other.id, marker: 'tsh', value: 2.5, unit: 'mIU/L', takenAt: day('2026-09-30') } });

    const bytes = await doctorSummaryPdf(member.id, now);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await textOf(bytes);
    expect(text).toContain('Summary for your doctor');
    // First, what is outside the lab's range: of three markers, the triglycerides.
    expect(text).toContain("1 of 3 latest results outside the lab's range: Triglycerides high (2.4 mmol/L, 30 Sept 2026).");
    expect(text).toContain('Marcus Hale, born 12 Apr 1981');
    expect(text).toContain('Total testosterone: 14.2 nmol/L, taken 30 Sept 2026, lab range 8.6–29, from October bloods.pdf. Earlier: 13.8 nmol/L on 3 Mar 2026.');
    // A bound stays a bound, written without the ≤ the PDF's font lacks.
    expect(text).toContain('PSA: <= 0.1 µg/L, taken 30 Sept 2026, lab range < 4, from October bloods.pdf.');
    expect(text).toContain('Triglycerides: 2.4 mmol/L (HIGH), taken 30 Sept 2026, lab range < 1.7');
    expect(text).toContain(`124/80 mmHg on ${formatDateGB(addDays(today, -1))}, from Withings.`);
    expect(text).toMatch(new RegExp(`Weight: 87.9 kg on ${formatDateGB(today)}; 88.4 kg on ${formatDateGB(addDays(today, -2))}, 3 days with a value\\. From Withings`));
    expect(text).not.toContain('TSH');
    expect(text).not.toContain('Someone');

    // Every result /my_results shows is in the PDF, as it is written there.
    for (const panel of await resultPanels(member.id)) {
      expect(text).toContain(panel.title);
      for (const marker of panel.markers) for (const value of marker.values) expect(text).toContain(formatDateGB(value.takenOn));
    }
  });

  it('ends with the questions the member noted, one to a line, as the export keeps them', async () => {
    const member = await createMember();
    const saved = await saveDoctorQuestions(member.id, '  Should I retest my PSA in six months?\r\n\r\nIs my haematocrit a worry on TRT?  ');
    expect(saved.questions).toBe('Should I retest my PSA in six months?\n\nIs my haematocrit a worry on TRT?');
    const text = await textOf(await doctorSummaryPdf(member.id));
    expect(text).toMatch(/Questions from the member Should I retest my PSA in six months\? Is my haematocrit a worry on TRT\?/);
    let exported = '';
    for await (const chunk of profileJson(member.id, new Date())) exported += chunk;
    expect(JSON.parse(exported)).toMatchObject({ doctor_questions: saved.questions });
    // Blank clears them.
    await saveDoctorQuestions(member.id, '   ');
    expect(await textOf(await doctorSummaryPdf(member.id))).toContain('Questions from the member None noted.');
  });

  it('refuses questions over 2,000 characters, or not text, with the words the form shows', () => {
    expect(doctorQuestionsSchema.safeParse({ questions: 'x'.repeat(2000) }).success).toBe(true);
    const long = doctorQuestionsSchema.safeParse({ questions: 'x'.repeat(2001) });
    expect(long.success ? null : long.error.issues[0]!.message).toBe(DOCTOR_QUESTIONS_TOO_LONG);
    expect(DOCTOR_QUESTIONS_TOO_LONG).toBe('Please keep your questions under 2,000 characters.');
    expect(doctorQuestionsSchema.safeParse({ questions: 12 }).success).toBe(false);
  });

  it('counts the last 30 days’ check-ins and the days each symptom was reported, most often first', async () => {
    const member = await createMember();
    const today = utcDay(new Date());
    const checkin = (ago: number, symptoms: string[]) => db.dailyCheckin.create({ data: { userId: member.id, day: day(addDays(today, -ago)), mood: 'HAPPY', energy: 'MODERATE', symptoms } });
    await checkin(0, ['Joint pain', 'Fatigue']);
    await checkin(3, ['Joint pain']);
    await checkin(29, ['Low libido']);
    // The 31st day back is outside the month.
    await checkin(30, ['Headache']);
    expect(await textOf(await doctorSummaryPdf(member.id))).toContain(
      'Check-ins, the last 30 days 3 daily check-ins. Mood: happy on 3 days. Energy: moderate on 3 days. Symptoms reported: Joint pain on 2 days, Fatigue on 1 day, Low libido on 1 day.',
    );
    expect(checkinLine([{ symptoms: [], mood: 'SAD', energy: 'PEAK' }])).toBe('1 daily check-in. Mood: sad on 1 day. Energy: peak on 1 day. No symptoms reported.');
  });

  it('says what is missing for a member with no records, and still makes a PDF', async () => {
    const member = await createMember();
    const text = await textOf(await doctorSummaryPdf(member.id));
    expect(text).toContain('No blood results recorded.');
    expect(text).toContain('No blood pressure recorded.');
    expect(text).toContain('No measures recorded in the last 90 days.');
    expect(text).toContain('No daily check-ins.');
  });

  it('writes a sign no embedded font draws plainly, and keeps the ones they do', async () => {
    // Noto Sans has the quotes, the dash and the micro sign, but not ≤ or ≥ (spelt as typed); no family has the emoji.
    expect((await runsOf('≤ 0.1 ≥ 5 ‘a’ “b” 8.6–29 µg/L 🙂')).map((run) => run.text).join('')).toBe('<= 0.1 >= 5 ‘a’ “b” 8.6–29 µg/L ?');
  });

  // The member's own words in their own script (the Noto fonts of lib/reports/pdf-fonts.ts), and a word longer than a line, printed whole.
  it('prints a name and questions in Cyrillic, Chinese, Polish and Arabic, and a 300-character word whole, on the page', async () => {
    const member = await createMember({ firstName: 'Łukasz', lastName: 'Wołodyjowski' });
    const questions = [
      'Нормальный ли у меня уровень тестостерона?',
      '我的睾酮水平正常吗？',
      'Czy powinienem zbadać poziom żelaza?',
      'هل مستوى التستوستيرون لدي طبيعي؟',
      'x'.repeat(150) + 'y'.repeat(150),
    ];
    await saveDoctorQuestions(member.id, questions.join('\n'));
    const pdf = await doctorSummaryPdf(member.id);
    const text = await textOf(pdf);
    expect(text).toContain('Łukasz Wołodyjowski');
    for (const question of questions.slice(0, 4)) expect(text).toContain(question);
    // The long word breaks across lines but loses no character: every x and y is on the page.
    const long = text.slice(text.indexOf('x'.repeat(10)));
    expect(long.replace(/\s/g, '').slice(0, 300)).toBe(questions[4]);
    expect(text).not.toContain('?'.repeat(3));
    // And all of it is on the page: no piece of text runs past the right margin (56 pt).
    const overflowing = (await pdfTextItems(pdf)).filter((item) => item.x + item.width > item.pageWidth - 56 + 0.5);
    expect(overflowing.map((item) => item.str.slice(0, 40))).toEqual([]);
  });
});

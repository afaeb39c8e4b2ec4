import 'server-only';
import { PDFDocument, rgb } from 'pdf-lib';
import { vitals } from '@/lib/dashboard/vitals';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { formatDateGB } from '@/lib/format';
import { biologicalAge, type BiologicalAge } from '@/lib/labs/biological-age';
import { printedText, rangeText, resultText } from '@/lib/labs/result-text';
import { retestBy } from '@/lib/labs/explanations';
import { type MarkerHistory, type ResultPanel, resultPanels, type ResultValue } from '@/lib/labs/results';
import { verdictText } from '@/lib/labs/reference-change';
import { type ResultsSummary, summariseResults } from '@/lib/labs/results-summary';
import { measureText } from '@/lib/insights/measure-text';
import { type MeasureTrend, measureTrends } from '@/lib/insights/measure-trends';
import { medicationLine } from '@/lib/medications/medication-text';
import { listMedications } from '@/lib/medications/store';
import { experimentLines } from '@/lib/experiments/experiment-text';
import { experimentDetails } from '@/lib/experiments/store';
import { embedFonts, fontKey, type Run, runsOf } from './pdf-fonts';

// "Prepare for your doctor", the PDF (its share link: ./doctor-share.ts): one PDF, made on the server with pdf-lib from
// the same reads the screens use (the results of /my_results, the 90-day measures of /insights, the vital
// signs card's blood pressure), each figure with its date and source, so that what the doctor reads agrees
// with what the member sees. Text only, in the Noto fonts the project ships (lib/reports/pdf-fonts.ts), cut
// down to the characters it prints, so a member's name and questions print in their own script.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.09, 0.11, 0.11);
const MUTED = rgb(0.36, 0.4, 0.4);

// Results and ranges written as /my_results writes them (a ≤ no font draws is spelt <=, pdf-fonts.ts).
const labRange = (v: ResultValue) => (v.low === null && v.high === null ? 'no range printed' : rangeText(v.low, v.high));
const sourceText = (v: ResultValue) => (v.report ? v.report.fileName : 'own entry');

/** Lines laid down the page, a new page when one is full: kept until `finish`, which embeds the fonts they need. */
class Writer {
  private readonly blocks: { text: string; options: Required<TextOptions> }[] = [];

  constructor(private readonly doc: PDFDocument) {}

  /** A paragraph, wrapped to the page's width; a word longer than a line is broken where the line ends. */
  text(text: string, { size = 10, bold = false, colour = INK, gap = 4 }: TextOptions = {}) {
    this.blocks.push({ text, options: { size, bold, colour, gap, before: 0, room: 0 } });
  }

  heading(text: string) {
    this.blocks.push({ text, options: { size: 14, bold: true, colour: INK, gap: 6, before: 10, room: 40 } });
  }

  /** Lays every paragraph down in the fonts that draw its characters (lib/reports/pdf-fonts.ts). */
  async finish() {
    const laid = await Promise.all(this.blocks.map(async (block) => ({ ...block, chars: await charsOf(block.text) })));
    const uses = new Map<string, string>();
    for (const { chars, options } of laid) {
      for (const { char, family } of chars) {
        const key = fontKey(family, options.bold ? 'bold' : 'regular');
        uses.set(key, (uses.get(key) ?? ' ') + char);
      }
    }
    const fonts = await embedFonts(this.doc, uses);
    let page = this.doc.addPage([A4.width, A4.height]);
    let y = A4.height - MARGIN;
    const room = (height: number) => {
      if (y - height >= MARGIN) return;
      page = this.doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    };
    for (const { chars, options } of laid) {
      const { size, bold, colour, gap, before } = options;
      if (options.room) room(options.room);
      y -= before;
      const font = (family: number) => fonts.font(family, bold ? 'bold' : 'regular');
      for (const line of wrap(chars, (run) => font(run.family).widthOfTextAtSize(run.text, size), A4.width - 2 * MARGIN)) {
        room(size * 1.4);
        let x = MARGIN;
        for (const run of runsIn(line)) {
          page.drawText(run.text, { x, y: y - size, size, font: font(run.family), color: colour });
          x += font(run.family).widthOfTextAtSize(run.text, size);
        }
        y -= size * 1.4;
      }
      y -= gap;
    }
  }
}

type TextOptions = { size?: number; bold?: boolean; colour?: typeof INK; gap?: number; before?: number; room?: number };
type Char = { char: string; family: number };

/** Each character of `text` with the family that draws it (a sign none draws spelt plainly, or "?"). */
async function charsOf(text: string): Promise<Char[]> {
  return (await runsOf(text)).flatMap((run) => [...run.text].map((char) => ({ char, family: run.family })));
}

/** A line's characters in runs of one family; a space stays in the run it is in (an Arabic phrase is shaped and ordered whole). */
function runsIn(line: Char[]): Run[] {
  const runs: Run[] = [];
  for (const { char, family } of line) {
    const last = runs.at(-1);
    if (last && (last.family === family || char === ' ')) last.text += char;
    else runs.push({ text: char, family });
  }
  return runs;
}

/**
 * The lines of a paragraph at most `width` wide: words kept whole where they fit, and a word wider than a
 * line (a long address or an unbroken string a member typed) broken between its characters.
 */
function wrap(chars: Char[], widthOf: (run: Run) => number, width: number): Char[][] {
  const measure = (line: Char[]) => runsIn(line).reduce((sum, run) => sum + widthOf(run), 0);
  const words: Char[][] = [[]];
  for (const c of chars) {
    if (c.char === ' ') words.push([]);
    else words.at(-1)!.push(c);
  }
  const lines: Char[][] = [];
  let line: Char[] = [];
  for (const word of words) {
    const next = line.length ? [...line, { char: ' ', family: line.at(-1)!.family }, ...word] : word;
    if (measure(next) <= width || !line.length) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
    // Still too wide alone: broken where the line ends, and the rest goes on.
    while (measure(line) > width && line.length > 1) {
      let fits = 1;
      while (fits < line.length && measure(line.slice(0, fits + 1)) <= width) fits += 1;
      lines.push(line.slice(0, fits));
      line = line.slice(fits);
    }
  }
  if (line.length || !lines.length) lines.push(line);
  return lines;
}

/** A measure over the 90 days: its latest value and date, its first in the range, and its source. */
function measureLine(measure: MeasureTrend): string | null {
  const first = measure.points[0];
  const last = measure.points.at(-1);
  if (!first || !last) return null;
  const figure = (value: number) => measureText(measure, value);
  const span = measure.points.length > 1 ? `; ${figure(first.value)} on ${formatDateGB(first.day)}, ${measure.points.length} days with a value` : '';
  // The screens' captions speak to the member ("From your daily check-ins."); this page speaks to the doctor.
  const from = (measure.from ?? '').replace(/\byour\b/g, 'the member’s');
  return `${measure.label}: ${figure(last.value)} on ${formatDateGB(last.day)}${span}. ${from}`.trim();
}

function markerLine(history: MarkerHistory): string {
  const [latest, ...earlier] = history.values;
  // In the member's units; a converted figure names the lab's own after it.
  const printed = latest ? printedText(latest) : null;
  const now = latest
    ? `${resultText(latest)}${latest.flag ? ` (${latest.flag.toUpperCase()})` : ''}, taken ${formatDateGB(latest.takenOn)}, lab range ${labRange(latest)}${printed ? ` (${printed.replace(/^As/, 'as')})` : ''}, from ${sourceText(latest)}`
    : '';
  const before = earlier.length ? ` Earlier: ${earlier.map((v) => `${resultText(v)} on ${formatDateGB(v.takenOn)}`).join('; ')}.` : '';
  const verdict = history.change?.verdict;
  const change = verdict ? ` Since ${formatDateGB(history.change!.previousOn)}: ${verdictText(verdict)}.` : '';
  return `${history.label}: ${now}.${before}${change}`;
}

/**
 * How the changes above were judged, once under the results, with the sources of the figures used: a change
 * is "more than the usual variation" past its 95 % reference change value (lib/labs/reference-change.ts).
 */
export function changeMethodLine(panels: readonly ResultPanel[]): string | null {
  const sources = [...new Set(panels.flatMap((panel) => panel.markers.flatMap((history) => (history.change?.verdict ? [history.change.verdict.source.name] : []))))];
  if (!sources.length) return null;
  return `A change is called more than the usual variation when it passes the test's 95 % reference change value (log-normal; within-person variation as published, analytical variation taken as half of it). Within-person variation from: ${sources.join('; ')}.`;
}

/**
 * What /my_results leads with, for the doctor: how many latest results lie outside the lab's range, and
 * which, each with the retest the member was suggested (lib/labs/explanations.ts).
 */
export function outsideLine(summary: ResultsSummary): string {
  const head = `${summary.outside.length} of ${summary.total} latest results outside the lab's range`;
  if (!summary.outside.length) return `${head}.`;
  const each = summary.outside.map((entry) => {
    const retest = retestBy(entry.marker, entry.value.takenOn);
    return `${entry.label} ${entry.flag.toLowerCase()} (${resultText(entry.value)}, ${formatDateGB(entry.value.takenOn)}${retest ? `; retest suggested by ${formatDateGB(retest)}` : ''})`;
  });
  return `${head}: ${each.join(', ')}.`;
}

/** Under "What I take", what heads the app's own suggestions, kept apart from what the member listed. */
export const SUGGESTED_LABEL = 'Suggested by Vitality (not necessarily taken)';

/** Under the experiments: what such an answer can and cannot say (docs/experiments.md). */
export const EXPERIMENTS_NOTE =
  'Each experiment compares the member’s own days before and during a change (and after it, where planned), by a regression with day-to-day autocorrelation; the interval is 90 %. It describes this member over these weeks, not the change’s effect in general, and an answer before and during alone cannot tell the change from a drift.';

const onDays = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** How often each answer was given ("happy on 12 days, neutral on 3 days"), in the scale's order. */
function tally(answers: readonly string[], scale: readonly string[]): string {
  return scale.flatMap((answer) => {
    const n = answers.filter((a) => a === answer).length;
    return n ? [`${answer} on ${onDays(n)}`] : [];
  }).join(', ');
}

/**
 * How many daily check-ins the member made; their mood and energy, answer by answer, best first; and on how
 * many of them each symptom was reported, most often first.
 */
export function checkinLine(checkins: readonly { symptoms: readonly string[]; mood: string; energy: string }[]): string {
  if (!checkins.length) return 'No daily check-ins.';
  const days = new Map<string, number>();
  for (const checkin of checkins) for (const symptom of new Set(checkin.symptoms)) days.set(symptom, (days.get(symptom) ?? 0) + 1);
  const made = `${checkins.length} daily check-${checkins.length === 1 ? 'in' : 'ins'}.`;
  const feelings = ` Mood: ${tally(checkins.map((c) => c.mood.toLowerCase()), MOODS)}. Energy: ${tally(checkins.map((c) => c.energy.toLowerCase()), ENERGIES)}.`;
  if (!days.size) return `${made}${feelings} No symptoms reported.`;
  const reported = [...days].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([symptom, n]) => `${symptom} on ${onDays(n)}`);
  return `${made}${feelings} Symptoms reported: ${reported.join(', ')}.`;
}

const MOODS = ['elated', 'happy', 'neutral', 'sad', 'terrible'] as const;
const ENERGIES = ['peak', 'moderate', 'low', 'depleted'] as const;

const DECIMAL = (value: number) => value.toFixed(1);

/** The biological age and its nine inputs, each with its date and report; or why there is none. */
function biologicalAgeLines(bioAge: BiologicalAge): string[] {
  const { current, refusal, trend } = bioAge;
  if (!current) {
    const last = trend.at(-1);
    return [`None computed. ${(refusal ?? '').replace(/\b([Yy])our\b/g, (_, y: string) => (y === 'Y' ? 'The member’s' : 'the member’s'))}`, ...(last ? [`The last one was ${DECIMAL(last.phenoAge)} years, from results of ${formatDateGB(last.on)}.`] : [])];
  }
  const head = `${DECIMAL(current.phenoAge)} years from results of ${formatDateGB(current.on)}, at a calendar age of ${DECIMAL(current.calendarAge)} (Levine's PhenoAge, Aging 2018).`;
  const inputs = current.inputs.map((input) => `${input.label}: ${resultText(input)}, ${formatDateGB(input.takenOn)}, from ${input.report ? input.report.fileName : 'own entry'}.`);
  const earlier = trend.slice(0, -1);
  return [head, ...inputs, ...(earlier.length ? [`Earlier: ${earlier.map((e) => `${DECIMAL(e.phenoAge)} on ${formatDateGB(e.on)}`).join('; ')}.`] : [])];
}

/** The member's summary as PDF bytes. */
export async function doctorSummaryPdf(userId: string, now = new Date()): Promise<Uint8Array> {
  const since = addDays(utcDay(now), -29);
  const [user, panels, trends, vital, checkins, bioAge, recommended, taken] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true, dateOfBirth: true, doctorQuestions: true, timeZone: true } }),
    resultPanels(userId),
    measureTrends(userId, 90, now),
    vitals(userId, now),
    db.dailyCheckin.findMany({ where: { userId, day: { gte: ISO_DAY.toDate(since) } }, select: { symptoms: true, mood: true, energy: true } }),
    biologicalAge(userId),
    db.recommendationSet.findFirst({ where: { userId }, orderBy: [{ day: 'desc' }, { createdAt: 'desc' }], select: { day: true, supplementSlugs: true } }),
    listMedications(userId),
  ]);
  const experiments = await experimentDetails({ id: userId, timeZone: user.timeZone }, now);
  const supplements = recommended?.supplementSlugs.length
    ? await db.supplement.findMany({ where: { slug: { in: recommended.supplementSlugs } }, select: { slug: true, name: true } })
    : [];
  const doc = await PDFDocument.create();
  doc.setTitle('Vitality summary for your doctor');
  doc.setProducer('Vitality');
  doc.setCreationDate(now);
  const write = new Writer(doc);

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  write.text('Summary for your doctor', { size: 20, bold: true, gap: 6 });
  write.text(`${name || 'Vitality member'}${user.dateOfBirth ? `, born ${formatDateGB(user.dateOfBirth)}` : ''}. Made on ${formatDateGB(now)} from the member's own records in Vitality.`, { colour: MUTED, gap: 10 });

  write.heading('Blood results');
  if (!panels.length) write.text('No blood results recorded.', { colour: MUTED });
  else write.text(outsideLine(summariseResults(panels)), { bold: true, gap: 6 });
  for (const panel of panels) {
    write.text(panel.title, { bold: true, gap: 2 });
    for (const history of panel.markers) write.text(markerLine(history), { gap: 3 });
    write.text('', { gap: 4 });
  }
  const method = changeMethodLine(panels);
  if (method) write.text(method, { colour: MUTED, size: 8, gap: 6 });

  write.heading('Biological age');
  for (const line of biologicalAgeLines(bioAge)) write.text(line, { gap: 3 });

  write.heading('Blood pressure');
  write.text(
    vital.bp_systolic !== null && vital.bp_diastolic !== null && vital.bp_measured_at
      ? `${vital.bp_systolic}/${vital.bp_diastolic} mmHg on ${formatDateGB(vital.bp_measured_at)}, ${vital.bp_source === 'device' && vital.bp_device ? `from ${vital.bp_device}` : vital.bp_source === 'scan' ? 'from a camera scan' : "from the member's cuff"}.`
      : 'No blood pressure recorded.',
  );

  write.heading('The last 90 days');
  const lines = trends.measures.filter((m) => m.key !== 'testosterone').flatMap((m) => measureLine(m) ?? []);
  if (!lines.length) write.text('No measures recorded in the last 90 days.', { colour: MUTED });
  for (const line of lines) write.text(line, { gap: 3 });

  write.heading('Check-ins, the last 30 days');
  write.text(checkinLine(checkins));

  // The member's own list first; the app's suggestions apart, in the order it ranked them, since he may take none of them.
  write.heading('What I take');
  if (!taken.length) write.text('Nothing listed by the member.', { colour: MUTED });
  for (const entry of taken) write.text(medicationLine(entry), { gap: 3 });
  write.text(SUGGESTED_LABEL, { bold: true, gap: 2 });
  const named = (recommended?.supplementSlugs ?? []).flatMap((slug) => supplements.find((s) => s.slug === slug)?.name ?? []);
  write.text(recommended && named.length ? `On ${formatDateGB(recommended.day)}: ${named.join(', ')}.` : 'None suggested yet.', named.length ? {} : { colour: MUTED });

  // His own trials, newest first: each answer as he reads it, the primary outcome's first, the watched ones labelled exploratory.
  write.heading('Experiments');
  if (!experiments.length) write.text('None run by the member.', { colour: MUTED });
  for (const experiment of experiments) {
    write.text(experiment.change, { bold: true, gap: 2 });
    for (const line of experimentLines(experiment, user.timeZone)) write.text(line, { gap: 2 });
    write.text('', { gap: 4 });
  }
  if (experiments.length) write.text(EXPERIMENTS_NOTE, { colour: MUTED, size: 8, gap: 6 });

  write.heading('Questions from the member');
  const questions = (user.doctorQuestions ?? '').split('\n').filter((line) => line.trim());
  if (!questions.length) write.text('None noted.', { colour: MUTED });
  for (const question of questions) write.text(question, { gap: 3 });

  write.text('', { gap: 10 });
  write.text(
    'Every figure above is the member’s own, as their lab, device or check-in gave it, with its date and source. Ranges are the ones the lab printed. Vitality does not diagnose; this summary is for the conversation with you.',
    { size: 8, colour: MUTED },
  );
  await write.finish();
  return doc.save();
}

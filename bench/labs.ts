// npm run bench:labs [-- --json] [-- --only=<id pattern>] — how well the lab-report reader (lib/labs/read-report.ts: the PDF's text
// layer read in a child process, then parseLabReport) reads the generated corpus in tests/fixtures/labs:
// text PDFs in many labs' layouts, and scans, phone photos and image-only PDFs of six of them
// (tests/fixtures/labs/README.md; answers.json is the key, generate.ts makes both).
//
// Per report: a marker found is correct when the key has it with the same value and comparator; anything
// else found is a false positive (a wrong value also leaves the key's marker missed). Precision = correct /
// found, recall = correct / keyed. Among the correct ones, the unit (compared as the corpus test compares it,
// by normaliseUnit: case, spaces, µ/u/μ, "10*9/L" = "x10^9/L" = "x E9/L", "1,73" = "1.73") and both reference limits; per report, the collection date. Totals for the text PDFs, for the images
// (scan, photo, image-only PDF) and overall, then every false positive, miss and wrong unit, range or date,
// with the line the parser read, for whoever improves the parser. --json prints only the totals, as JSON.
//
// The held-out set (tests/fixtures/labs/held-out) is scored apart: layouts the parser is never tuned on.
//
// A measurement, not a gate: it exits 0 whatever the scores, and 1 only when a file of the key is missing.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { normaliseUnit, type LabMarkerKey } from '@/lib/labs/markers';
import type { Comparator, ParsedMarker } from '@/lib/labs/parse-report';
import { readLabReport, type ReportReading } from '@/lib/labs/read-report';
import { type Answer, FIXTURES, type Kind } from '../tests/fixtures/labs/answer-key';
import { median } from './stats';
const asJson = process.argv.includes('--json');
/** --only=<regular expression>: the reports whose id matches it (e.g. --only='scan|photo'), for a quicker look while tuning. */
const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length);
const progress = (message: string) => process.stderr.write(`${message}\n`);


/** One thing to fix: what the key says against what the reader gave. */
type Finding = { id: string; marker: string; expected: string; got: string; line?: string };

type Score = {
  id: string;
  kind: Kind;
  /** 'yes', 'no' (no text layer: a scan or an image), or 'stopped' (the reader's limits). */
  text: 'yes' | 'no' | 'stopped' | 'error';
  found: number;
  correct: number;
  keyed: number;
  unitOk: number;
  rangeOk: number;
  dateOk: boolean;
  ms: number;
};

const sameNumber = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-6);

/** "ug/L", "µg/l" and "μg/L" are one unit; so are "mIU/mL" and "miu/ml", "10*9/L" and "x10^9/L" (the corpus test's comparison). */
const sameUnit = (a: string, b: string) => normaliseUnit(a) === normaliseUnit(b);

const showValue = (m: { value: number; comparator: Comparator | null; unit: string }) => `${m.comparator ?? ''}${m.value} ${m.unit}`.trim();
const showRange = (low: number | null, high: number | null) => `${low ?? '–'} .. ${high ?? '–'}`;

function score(answer: Answer, reading: ReportReading | null, ms: number, findings: Record<'falsePositives' | 'misses' | 'units' | 'ranges' | 'dates', Finding[]>): Score {
  const found: readonly ParsedMarker[] = reading?.report.markers ?? [];
  const matched = new Set<LabMarkerKey>();
  let unitOk = 0;
  let rangeOk = 0;
  for (const got of found) {
    const expected = answer.markers.find((key) => key.marker === got.marker);
    if (expected && !matched.has(got.marker) && sameNumber(got.value, expected.value) && got.comparator === expected.comparator) {
      matched.add(got.marker);
      if (sameUnit(got.unit, expected.unit)) unitOk += 1;
      else findings.units.push({ id: answer.id, marker: got.marker, expected: expected.unit, got: got.unit, line: got.line });
      if (sameNumber(got.referenceLow, expected.referenceLow) && sameNumber(got.referenceHigh, expected.referenceHigh)) rangeOk += 1;
      else
        findings.ranges.push({
          id: answer.id,
          marker: got.marker,
          expected: showRange(expected.referenceLow, expected.referenceHigh),
          got: showRange(got.referenceLow, got.referenceHigh),
          line: got.line,
        });
    } else {
      findings.falsePositives.push({ id: answer.id, marker: got.marker, expected: expected ? showValue(expected) : 'not on the report', got: showValue(got), line: got.line });
    }
  }
  for (const expected of answer.markers) {
    if (matched.has(expected.marker)) continue;
    const got = found.find((m) => m.marker === expected.marker);
    findings.misses.push({ id: answer.id, marker: expected.marker, expected: showValue(expected), got: got ? showValue(got) : 'nothing' });
  }
  const gotDate = reading?.report.collectedOn ?? null;
  // A letter or a plan (nothing keyed) has no collection date to get right.
  const dateOk = answer.markers.length === 0 || gotDate === answer.collectedOn;
  if (!dateOk) findings.dates.push({ id: answer.id, marker: 'collectedOn', expected: answer.collectedOn, got: gotDate ?? 'nothing' });
  const text = reading === null ? 'error' : !reading.readable ? 'stopped' : reading.textFound ? 'yes' : 'no';
  return { id: answer.id, kind: answer.kind, text, found: found.length, correct: matched.size, keyed: answer.markers.length, unitOk, rangeOk, dateOk, ms };
}

type Totals = {
  reports: number;
  found: number;
  correct: number;
  keyed: number;
  /** Fractions (0–1); null where there is nothing to divide by. */
  precision: number | null;
  recall: number | null;
  unitAccuracy: number | null;
  rangeAccuracy: number | null;
  dateAccuracy: number | null;
  msTotal: number;
  msMedian: number | null;
};

const ratio = (part: number, whole: number) => (whole === 0 ? null : Number((part / whole).toFixed(4)));

function totals(scores: readonly Score[]): Totals {
  const sum = (pick: (s: Score) => number) => scores.reduce((total, s) => total + pick(s), 0);
  const correct = sum((s) => s.correct);
  return {
    reports: scores.length,
    found: sum((s) => s.found),
    correct,
    keyed: sum((s) => s.keyed),
    precision: ratio(correct, sum((s) => s.found)),
    recall: ratio(correct, sum((s) => s.keyed)),
    unitAccuracy: ratio(sum((s) => s.unitOk), correct),
    rangeAccuracy: ratio(sum((s) => s.rangeOk), correct),
    dateAccuracy: ratio(sum((s) => (s.dateOk ? 1 : 0)), scores.length),
    msTotal: Math.round(sum((s) => s.ms)),
    msMedian: scores.length === 0 ? null : Math.round(median(scores.map((s) => s.ms))),
  };
}

const percent = (fraction: number | null) => (fraction === null ? '–' : `${(fraction * 100).toFixed(0)}%`);

/** Left-aligned first column, the rest right-aligned, columns as wide as their widest cell. */
function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function findingList(title: string, list: readonly Finding[]): string {
  if (list.length === 0) return `${title}: none`;
  const rows = list.map((f) => `  ${f.id.padEnd(22)} ${f.marker.padEnd(18)} expected ${f.expected.padEnd(16)} got ${f.got}${f.line ? `   ← "${f.line.slice(0, 110)}"` : ''}`);
  return [`${title} (${list.length}):`, ...rows].join('\n');
}

async function main(): Promise<number> {
  const generate = 'Run npx tsx tests/fixtures/labs/generate.ts.';
  const answers: Answer[] = [];
  // The corpus the parser is tuned on, then the held-out set it never is (tests/fixtures/labs/held-out/README.md).
  for (const keyFile of ['answers.json', path.join('held-out', 'answers.json')]) {
    const key = await readFile(path.join(FIXTURES, keyFile), 'utf8').catch(() => null);
    if (key === null) {
      console.error(`tests/fixtures/labs/${keyFile} is missing. ${generate}`);
      return 1;
    }
    answers.push(...(JSON.parse(key) as Answer[]));
  }
  if (only) answers.splice(0, answers.length, ...answers.filter((answer) => new RegExp(only).test(answer.id)));
  const heldOut = new Set(answers.filter((answer) => answer.file.startsWith('held-out')).map((answer) => answer.id));
  const missing: string[] = [];
  for (const answer of answers) {
    await access(path.join(FIXTURES, answer.file)).catch(() => missing.push(answer.file));
  }
  if (missing.length > 0) {
    console.error(`Missing from tests/fixtures/labs: ${missing.join(', ')}. ${generate}`);
    return 1;
  }

  const findings = { falsePositives: [] as Finding[], misses: [] as Finding[], units: [] as Finding[], ranges: [] as Finding[], dates: [] as Finding[] };
  const scores: Score[] = [];
  // One at a time, as the server reads an upload: the times are each report's own.
  for (const answer of answers) {
    const bytes = new Uint8Array(await readFile(path.join(FIXTURES, answer.file)));
    const kind = answer.file.endsWith('.pdf') ? 'pdf' : 'image';
    const started = performance.now();
    let reading: ReportReading | null = null;
    try {
      reading = await readLabReport(bytes, kind);
    } catch (error) {
      // Counted as a report that gave nothing; the measurement goes on.
      progress(`${answer.id}: readLabReport threw: ${error instanceof Error ? error.message : String(error)}`);
    }
    scores.push(score(answer, reading, performance.now() - started, findings));
  }

  const tuned = scores.filter((s) => !heldOut.has(s.id));
  const held = scores.filter((s) => heldOut.has(s.id));
  const groups = {
    'text-pdf': totals(tuned.filter((s) => s.kind === 'text-pdf')),
    'scan/photo/image-pdf': totals(tuned.filter((s) => s.kind !== 'text-pdf')),
    overall: totals(tuned),
    'held-out text-pdf': totals(held.filter((s) => s.kind === 'text-pdf')),
    'held-out scan/photo/image-pdf': totals(held.filter((s) => s.kind !== 'text-pdf')),
    'held-out overall': totals(held),
  };
  if (asJson) {
    console.log(JSON.stringify(groups, null, 2));
    return 0;
  }

  console.log(
    table(
      ['report', 'kind', 'text', 'found', 'correct', 'keyed', 'precision', 'recall', 'unit', 'range', 'date', 'ms'],
      scores.map((s) => [
        s.id,
        s.kind,
        s.text,
        String(s.found),
        String(s.correct),
        String(s.keyed),
        percent(ratio(s.correct, s.found)),
        percent(ratio(s.correct, s.keyed)),
        percent(ratio(s.unitOk, s.correct)),
        percent(ratio(s.rangeOk, s.correct)),
        s.dateOk ? 'ok' : 'NO',
        s.ms.toFixed(0),
      ]),
    ),
  );
  console.log('');
  console.log(
    table(
      ['totals', 'reports', 'found', 'correct', 'keyed', 'precision', 'recall', 'unit', 'range', 'date', 'ms total', 'ms median'],
      Object.entries(groups).map(([name, t]) => [
        name,
        String(t.reports),
        String(t.found),
        String(t.correct),
        String(t.keyed),
        percent(t.precision),
        percent(t.recall),
        percent(t.unitAccuracy),
        percent(t.rangeAccuracy),
        percent(t.dateAccuracy),
        String(t.msTotal),
        String(t.msMedian ?? '–'),
      ]),
    ),
  );
  console.log('\nunit and range: among the correct; date: reports whose collection date is right; ms: the time to read one report.');
  console.log('held-out: layouts the parser is never tuned on (tests/fixtures/labs/held-out), two of them documents that are no lab report.\n');
  console.log(findingList('False positives (found, but not on the key or with another value)', findings.falsePositives));
  console.log('');
  // A report that gave no text at all (an image, until the reader does OCR) misses every marker: one line each.
  const textless = new Set(scores.filter((s) => s.text !== 'yes').map((s) => s.id));
  console.log(findingList('Misses (on the key, not found with its value)', findings.misses.filter((f) => !textless.has(f.id))));
  for (const id of textless) {
    const missed = findings.misses.filter((f) => f.id === id);
    console.log(`  ${id.padEnd(22)} no text found; all ${missed.length} missed: ${missed.map((f) => `${f.marker} ${f.expected}`).join(', ')}`);
  }
  console.log('');
  console.log(findingList('Wrong units (value correct)', findings.units));
  console.log('');
  console.log(findingList('Wrong reference limits (value correct)', findings.ranges));
  console.log('');
  console.log(findingList('Wrong collection dates', findings.dates));
  return 0;
}

process.exitCode = await main();

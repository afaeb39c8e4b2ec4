import { LAB_MARKERS, LAB_MARKER_KEYS, listedUnit, normaliseUnit, toCanonical, unitsOf, type LabMarkerKey } from './markers';

// Reads the markers of LAB_MARKERS, and the day the blood was taken, out of a lab report's text
// (./report-text.ts). Labs lay their reports out in many ways, so this reads line by line and only
// takes what it is sure of; the person reviews every finding (with its source `line`) before it is saved.
//
// A marker row: the marker's name at the start of a line, perhaps a short qualifier ("(calculated)",
// ", Total, MS", dot leaders), then the value, then, in any order, a unit the marker is reported in
// (`unitsOf`), flags and a reference range. PDF text extraction keeps a row on one line when the cells
// share a baseline but may break it into one line per cell; a name line without a value or unit is
// therefore read together with the lines after it that start like a cell (a number, a unit, a flag,
// a range), up to MAX_CONTINUATION_LINES.
//
// Not read, by design: values without a unit the marker is reported in (no guessing "0.46" is L/L),
// values outside the marker's plausible range, a name that is not at the start of its line, a name
// broken over two lines, thousands separators ("1,100" reads as 1.1: a comma is a decimal comma),
// several result columns (earlier results) on one row: the first number after the name is the value.

export type ParsedMarker = {
  marker: LabMarkerKey;
  value: number;
  /** As printed, in the catalogue's spelling (unitsOf): "ug/L" → "µg/L", "l/l" → "L/L". */
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  /** The source text (the lines it was read from, joined by a space), for the review screen. */
  line: string;
};

export type ParsedLabReport = {
  /** YYYY-MM-DD. */
  collectedOn: string | null;
  markers: ParsedMarker[];
};

// ─── Text clean-up ──────────────────────────────────────────────────────────────────────────────────

/** One spelling for the characters reports vary in: dashes, the micro sign, blanks. */
function cleanLine(line: string): string {
  return line
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/μ/g, 'µ')
    .replace(/\s+/g, ' ')
    .trim();
}

// ─── Marker names ───────────────────────────────────────────────────────────────────────────────────

// Names as labs print them, lower-case, words separated by spaces. Between words the text may have any
// run of spaces and punctuation (",", "-", "(", ...), so "testosterone total" matches "Testosterone,
// Total", "Testosterone (total)" and "TESTOSTERONE TOTAL". The longest name that matches wins, so
// "Testosterone, Free" is free testosterone, not testosterone followed by a qualifier.
const NAMES: Readonly<Record<LabMarkerKey, readonly string[]>> = {
  total_testosterone: ['testosterone', 'total testosterone', 'testosterone total', 'testosterone serum', 'serum testosterone'],
  free_testosterone: [
    'free testosterone',
    'testosterone free',
    'free t',
    'calculated free testosterone',
    'calc free testosterone',
    'free testosterone calculated',
  ],
  shbg: ['shbg', 'sex hormone binding globulin'],
  oestradiol: ['oestradiol', 'estradiol', 'e2', 'oestradiol e2', 'estradiol e2'],
  lh: ['lh', 'luteinising hormone', 'luteinizing hormone'],
  fsh: ['fsh', 'follicle stimulating hormone'],
  prolactin: ['prolactin'],
  psa: ['psa', 'total psa', 'psa total', 'prostate specific antigen', 'total prostate specific antigen', 'prostate specific antigen total'],
  haematocrit: ['haematocrit', 'hematocrit', 'hct', 'pcv', 'packed cell volume'],
  vitamin_d: [
    'vitamin d',
    'total vitamin d',
    'vitamin d total',
    '25 oh vitamin d',
    '25 hydroxy vitamin d',
    '25 hydroxyvitamin d',
    'vitamin d 25 oh',
    'vitamin d 25 hydroxy',
    '25 oh d',
  ],
  hba1c: [
    'hba1c',
    'hb a1c',
    'a1c',
    'haemoglobin a1c',
    'hemoglobin a1c',
    'glycated haemoglobin',
    'glycated hemoglobin',
    'glycosylated haemoglobin',
    'glycosylated hemoglobin',
  ],
  total_cholesterol: ['cholesterol', 'total cholesterol', 'cholesterol total', 'serum cholesterol'],
  ldl_cholesterol: ['ldl', 'ldl c', 'ldl cholesterol', 'cholesterol ldl', 'ldl cholesterol calculated', 'ldl cholesterol direct'],
  hdl_cholesterol: ['hdl', 'hdl c', 'hdl cholesterol', 'cholesterol hdl'],
  triglycerides: ['triglycerides', 'triglyceride', 'triglycerides fasting'],
  tsh: ['tsh', 'thyroid stimulating hormone', 'thyrotropin', 'tsh basal'],
};

/** Punctuation and blanks labs put between the words of a name; not "/", which joins two tests ("Cholesterol/HDL"). */
const NAME_GAP = String.raw`[\s,.:;()\[\]-]+`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type NamePattern = { marker: LabMarkerKey; pattern: RegExp; length: number };

/** Every name as a pattern anchored at the line's start (after a bullet), longest first. */
const NAME_PATTERNS: readonly NamePattern[] = LAB_MARKER_KEYS.flatMap((marker) =>
  NAMES[marker].map((name) => ({
    marker,
    // The name must end at a word's end: "LH" is not the start of "LHRH", nor "Free T" of "Free T4".
    pattern: new RegExp(`^(?:[•·*-]\\s*)?${name.split(' ').map(escapeRegExp).join(NAME_GAP)}(?![a-z0-9])`, 'i'),
    length: name.length,
  })),
).sort((a, b) => b.length - a.length);

// What may follow a name without making it another test: "Free PSA" never matches (no name starts
// with "free psa"), but "PSA, Free", "Cholesterol/HDL ratio", "Testosterone, Bioavailable" and
// "LH/FSH" start with a name and are told apart by the words after it.
const OTHER_TEST_AFTER_NAME = /^\s*\/|\b(?:free|bioavailable|bioavail|ratio|index|particles?|size|non)\b/i;
/** A name followed by more words than this before its value is prose ("LH and FSH are ..."), not a row. */
const MAX_QUALIFIER_WORDS = 4;

type NameMatch = { marker: LabMarkerKey; rest: string };

/** The marker a line starts with, and the text after its name. */
function matchName(line: string): NameMatch | null {
  for (const { marker, pattern } of NAME_PATTERNS) {
    const match = pattern.exec(line);
    if (match) return { marker, rest: line.slice(match[0].length) };
  }
  return null;
}

// ─── Numbers, units, flags, ranges ──────────────────────────────────────────────────────────────────

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
/** "5,12" → 5.12: a comma between digits is a decimal comma (see the header on thousands separators). */
const toNumber = (text: string): number => Number(text.replace(',', '.'));

/** A result: a number, perhaps with "<" or ">" before it and a flag ("H", "(L)", "*") or "%" stuck to it. */
const VALUE_TOKEN = new RegExp(`^(?:<=?|>=?|≤|≥)?(${NUMBER})(?:\\*+|\\(?[HL]{1,2}\\)?|%)?$`, 'i');
const QUALIFIER_TOKEN = /^(?:<=?|>=?|≤|≥)$/;
/** Dot leaders between a name and its value ("Testosterone ........ 5,12"). */
const LEADER_TOKEN = /^[.…_·:]+$/;
const FLAG_TOKEN = /^(?:\(?(?:H|L|HH|LL|HI|LO|HIGH|LOW|A|ABN|ABNORMAL)\)?|\*+)$/i;
const RANGE_WORD = /^(?:-|to)$/i;

/** Every unit spelling in the catalogue, normalised: to tell a cell that holds a unit. */
const KNOWN_UNITS = new Set(LAB_MARKER_KEYS.flatMap((key) => unitsOf(key).map(normaliseUnit)));

/** Text that looks like a unit: "nmol/L", "mIU/mL", "L/L", "%" (alone or before words: "% of total Hgb"). */
const UNIT_CANDIDATE = /(?<=^|[\s([])(%|[a-zµ]+\/[a-z]+)(?=$|[\s)\],;])/gi;

/** The first unit in `text` that `marker` is reported in, spelt as the catalogue spells it. */
function findUnit(marker: LabMarkerKey, text: string): string | null {
  for (const [, candidate] of text.matchAll(UNIT_CANDIDATE)) {
    const unit = listedUnit(marker, candidate ?? '');
    if (unit) return unit;
  }
  return null;
}

/** "14.2nmol/L" and "5.4%" as two cells, so the value and the unit are each seen. */
const splitStuckUnits = (text: string) => text.replace(/(\d)(%|[a-zµ]+\/[a-z]+)/gi, '$1 $2');

type Reference = { low: number | null; high: number | null };

const RANGE = new RegExp(`(?<![\\w.,])(${NUMBER})\\s*(?:-|to)\\s*(${NUMBER})(?![\\w.,]*\\d)`, 'i');
const UPPER_LIMIT = new RegExp(`(?:<\\s*or\\s*=|<=?|≤|up\\s+to|below)\\s*(${NUMBER})`, 'i');
const LOWER_LIMIT = new RegExp(`(?:>\\s*or\\s*=|>=?|≥|above)\\s*(${NUMBER})`, 'i');

/**
 * The reference range in the text after a value: "8.6 - 29.0", "(8.6 – 29.0)", "[8.6-29.0]",
 * "Ref: 8.6 to 29.0", "< 4.0" or "< OR = 4.0" (upper limit only), "> 50" (lower limit only). The first
 * of these in the text counts; a range whose ends are the wrong way round is not a range.
 */
function findReference(text: string): Reference {
  const found = [RANGE, UPPER_LIMIT, LOWER_LIMIT]
    .map((pattern) => ({ pattern, match: pattern.exec(text) }))
    .filter((f): f is { pattern: RegExp; match: RegExpExecArray } => f.match !== null)
    .sort((a, b) => a.match.index - b.match.index)[0];
  if (!found) return { low: null, high: null };
  const [, first = '', second = ''] = found.match;
  if (found.pattern === RANGE) {
    const low = toNumber(first);
    const high = toNumber(second);
    return low <= high ? { low, high } : { low: null, high: null };
  }
  return found.pattern === UPPER_LIMIT ? { low: null, high: toNumber(first) } : { low: toNumber(first), high: null };
}

type Reading = { value: number | null; before: string; after: string; words: number };

/**
 * The value in the text after a name: the first number standing alone. A "<" or ">" before it is
 * dropped and the number kept ("<0.1" reads as 0.1): the result has no field for it, and the review
 * screen shows the source line with the qualifier, so the person sees what the lab wrote.
 * Words before the value are the name's qualifier; a number that starts a range ("8.6 - 29.0"), or any
 * other cell with digits in it, means the row has no value here.
 */
function readValue(rest: string): Reading {
  const tokens = splitStuckUnits(rest).split(' ').filter(Boolean);
  let words = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? '';
    const qualified = QUALIFIER_TOKEN.test(token) ? tokens[i + 1] : undefined;
    const number = VALUE_TOKEN.exec(qualified ?? token);
    const end = qualified === undefined ? i + 1 : i + 2;
    if (number) {
      if (RANGE_WORD.test(tokens[end] ?? '') && VALUE_TOKEN.test(tokens[end + 1] ?? '')) break;
      return { value: toNumber(number[1] ?? ''), before: tokens.slice(0, i).join(' '), after: tokens.slice(end).join(' '), words };
    }
    // "25-OH", "3rd", "D3", "A1c" are words of a name; "(8.6", "8.6-29.0", "<4.0)" are cells of a range.
    if (/\d/.test(token) && !/[a-z]/i.test(token)) break;
    if (!LEADER_TOKEN.test(token)) words += 1;
  }
  return { value: null, before: tokens.join(' '), after: '', words };
}

// ─── Rows ───────────────────────────────────────────────────────────────────────────────────────────

/** How many lines after a name line may hold its cells (value, unit, range, lab code). */
const MAX_CONTINUATION_LINES = 4;

/** A line that is a cell of the row above rather than a row of its own. */
function isContinuation(line: string): boolean {
  if (line === '' || matchName(line)) return false;
  const first = line.split(' ')[0] ?? '';
  return (
    /^[<>≤≥([]?\s*\d/.test(line) ||
    KNOWN_UNITS.has(normaliseUnit(first)) ||
    FLAG_TOKEN.test(first) ||
    LEADER_TOKEN.test(first) ||
    /^(?:ref(?:erence)?(?:\s+range)?|range|normal)\b/i.test(line)
  );
}

/** A marker row's finding, or null when a part is missing or the value is not a plausible one. */
function readRow(marker: LabMarkerKey, rest: string, line: string): ParsedMarker | null {
  const reading = readValue(rest);
  if (reading.value === null) return null;
  if (reading.words > MAX_QUALIFIER_WORDS || OTHER_TEST_AFTER_NAME.test(reading.before)) return null;
  // The unit usually follows the value; some reports print it in the name's cell ("Testosterone (nmol/L)").
  const unit = findUnit(marker, reading.after) ?? findUnit(marker, reading.before);
  if (!unit) return null;
  const canonical = toCanonical(marker, reading.value, unit);
  const { min, max } = LAB_MARKERS[marker].plausible;
  if (canonical === null || canonical < min || canonical > max) return null;
  const reference = findReference(reading.after);
  return { marker, value: reading.value, unit, referenceLow: reference.low, referenceHigh: reference.high, line };
}

/** The markers in the report's lines, in the order they appear; a marker's first good row counts. */
function readMarkers(lines: readonly string[]): ParsedMarker[] {
  const found = new Map<LabMarkerKey, ParsedMarker>();
  lines.forEach((line, index) => {
    const name = matchName(line);
    if (!name || found.has(name.marker)) return;
    let row = readRow(name.marker, name.rest, line);
    if (!row) {
      // The cells may be on the lines below: take the ones that look like cells, and read them as one row.
      const cells: string[] = [];
      for (const next of lines.slice(index + 1, index + 1 + MAX_CONTINUATION_LINES)) {
        if (!isContinuation(next)) break;
        cells.push(next);
      }
      if (cells.length > 0) row = readRow(name.marker, [name.rest, ...cells].join(' '), [line, ...cells].join(' '));
    }
    if (row) found.set(name.marker, row);
  });
  return [...found.values()];
}

// ─── Dates ──────────────────────────────────────────────────────────────────────────────────────────

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "Mar", "March", "Sept" → 3, 3, 9; null for a word that is not a month. */
const monthNumber = (word: string): number | null => {
  const lower = word.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.findIndex((month) => lower.length >= 3 && month.startsWith(lower));
  return index === -1 ? null : index + 1;
};

/** YYYY-MM-DD for a day that exists (no 31 April, 29 February only in leap years), else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));
const MONTH_WORD = '([a-z]{3,9}\\.?)';

type DateFormat = { pattern: RegExp; read: (m: RegExpExecArray) => string | null };

const DATE_FORMATS: readonly DateFormat[] = [
  // 2026-05-20, 2026/05/20, 2026.05.20
  { pattern: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, read: (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) },
  // 03/03/2026, 20.05.2026, 04-15-2026, 03/03/26. Day first, as in the UK and Europe, unless that is no
  // date and month first is one (04/15/2026). 03/04/2026 from a US lab is therefore read as 3 April.
  {
    pattern: /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-]\d)/,
    read: (m) => {
      const [a, b, year] = [Number(m[1]), Number(m[3]), fullYear(m[4] ?? '')];
      return isoDate(year, b, a) ?? isoDate(year, a, b);
    },
  },
  // 12 Mar 2026, 12 March 2026, 12-Mar-2026, 12th March 2026
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH_WORD}[\\s-]+(\\d{4})\\b`, 'i'),
    read: (m) => {
      const month = monthNumber(m[2] ?? '');
      return month === null ? null : isoDate(Number(m[3]), month, Number(m[1]));
    },
  },
  // March 12, 2026; Mar 12 2026
  {
    pattern: new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'),
    read: (m) => {
      const month = monthNumber(m[1] ?? '');
      return month === null ? null : isoDate(Number(m[3]), month, Number(m[2]));
    },
  },
];

/** How far after its label a date may start ("Collected: ", "Collection Date/Time: "). */
const DATE_DISTANCE = 16;

/** The date right after a label: the first one in `text` that starts within DATE_DISTANCE characters. */
function dateAfterLabel(text: string): string | null {
  const first = DATE_FORMATS.map((format) => ({ format, match: format.pattern.exec(text) }))
    .filter((f): f is { format: DateFormat; match: RegExpExecArray } => f.match !== null && f.match.index <= DATE_DISTANCE)
    .sort((a, b) => a.match.index - b.match.index);
  for (const { format, match } of first) {
    const date = format.read(match);
    if (date) return date;
  }
  return null;
}

const COLLECTION_LABEL =
  /\b(?:date\s+(?:of\s+)?collect(?:ed|ion)|(?:sample|specimen)\s+(?:collected|collection|taken|date)|collect(?:ed|ion)(?:\s+date)?)\b/gi;
// Only when no collection label has a date. A bare "Date" must be followed by ":", so that "Date of
// birth" and "Date received" are not taken for it.
const REPORT_LABEL = /\b(?:report(?:ed)?(?:\s+(?:date|on))?|date\s+(?:of\s+)?report(?:ed)?|date(?=\s*:))/gi;

/** The first date after one of `label`'s matches, on the label's line or, when the line ends there, the next. */
function labelledDate(lines: readonly string[], label: RegExp): string | null {
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(label)) {
      const after = line.slice(match.index + match[0].length);
      const date = dateAfterLabel(after) ?? (/^[\s:/a-z]*$/i.test(after) ? dateAfterLabel(lines[index + 1] ?? '') : null);
      if (date) return date;
    }
  }
  return null;
}

// ─── The report ─────────────────────────────────────────────────────────────────────────────────────

/** The markers and collection date a lab report's text gives (see the header for what it does not read). */
export function parseLabReport(text: string): ParsedLabReport {
  const lines = text.split(/\r?\n/).map(cleanLine);
  return {
    collectedOn: labelledDate(lines, COLLECTION_LABEL) ?? labelledDate(lines, REPORT_LABEL),
    markers: readMarkers(lines),
  };
}

import { MARKER_NAMES, SHARED_MARKER_NAMES } from './marker-names';
import { convertToCanonical, LAB_MARKERS, LAB_MARKER_KEYS, listedUnit, normaliseUnit, unitsOf, type LabMarkerKey } from './markers';

// Reads the markers of LAB_MARKERS, and the day the blood was taken, out of a lab report's text
// (./report-text.ts, rows rebuilt from the words' positions by ./layout.ts: a tab between a row's
// cells). Labs lay their reports out in many ways and in several languages, so this reads row by row
// and only takes what it is sure of; the person reviews every finding (with its source `line`) before
// it is saved. A wrong value the member confirms is worse than a missed one.
//
// A marker row: the marker's name at the start of a row (in English, German, French, Spanish or
// Italian; accents and ligatures folded), perhaps a short qualifier ("(calculated)", ", Total, MS",
// "level", dot leaders), then the value with its comparator ("<0.1"), then, in any order, a unit the
// marker is reported in (`unitsOf`), flags and a reference range. A line holding two tables' rows side
// by side is cut where a new name cell starts after a value. A name row without a value is read
// together with the lines after it that hold only cells (a number, a unit, a flag, a range, a "Value"
// or "Normal range" label), passing over method lines ("(CLIA)", "Method: ECLIA"), up to
// MAX_CONTINUATION_LINES. A number after a range label ("Normal range: <200") is a limit, never the value.
//
// The full blood panel adds: units with digits in them ("10^9/L", "x10E3/uL", "10*9/L",
// "mL/min/1.73m2"), never taken for a value or a range; names two markers share (a differential's
// "Neutrophils", "Lp(a)"), sent to one by the unit of the value (SHARED_MARKER_NAMES), and not read when the
// unit fits neither; a French row with a differential's percentage and count side by side; and words
// that make a row another test of the same name (a direct bilirubin, an ionised calcium, a urine
// creatinine, the "if African American" eGFR: OTHER_TEST_OF, OTHER_SPECIMEN).
//
// Not read, by design: values without a unit the marker is reported in (no guessing "0.46" is L/L),
// values outside the marker's plausible range, a name broken over two lines, thousands separators
// ("1,100" reads as 1.1: a comma is a decimal comma; "6 200 /mm3" is not read at all), banded
// interpretations as a range ("Deficiency < 20, Insufficiency 20-30": no range), and a marker whose rows
// disagree with nothing to choose between them (none is shown).

/** How a result relates to its number: exactly it, or below/above it ("<0.1", ">1500"); FHIR's valueQuantity.comparator. */
export type Comparator = '<' | '<=' | '>' | '>=';

export type ParsedMarker = {
  marker: LabMarkerKey;
  value: number;
  /** null for an exact value; "<" for "<0.1" (below the lab's limit of detection), ">" for ">1500". */
  comparator: Comparator | null;
  /** As printed, in the catalogue's spelling (unitsOf): "ug/L" → "µg/L", "l/l" → "L/L". */
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  /** The source text (the lines it was read from, joined by a space), for the review screen. */
  line: string;
};

export type ParsedLabReport = {
  /** YYYY-MM-DD; null when none is labelled, or when its day and month could be either way round. */
  collectedOn: string | null;
  /** When the labelled date reads two ways (03/04/2026) and the report gives no cue: both, for the review to ask. */
  dateChoices: string[];
  markers: ParsedMarker[];
  /**
   * A cumulative report's earlier columns (one per collection date, newest first), each its own dated
   * result for the review to offer; `markers` and `collectedOn` are then the newest column's.
   */
  earlier: EarlierResults[];
};

/** The results of one earlier collection printed on the same report. */
export type EarlierResults = { collectedOn: string; markers: ParsedMarker[] };

// ─── Text clean-up ──────────────────────────────────────────────────────────────────────────────────

/** One spelling for the characters reports vary in: dashes, the micro sign, blanks; tabs (cell gaps) kept. */
function cleanLine(line: string): string {
  return line
    .replace(/[‐‑‒–—−]/g, '-')
    .replace(/μ/g, 'µ')
    .replace(/[^\S\t]+/g, ' ')
    .replace(/ *\t[\t ]*/g, '\t')
    // A unit printed with a space in it, as one word: "x 10^9/L" → "x10^9/L", "x E9/L" → "xE9/L", "mL/min/1.73 m²" → "mL/min/1.73m²".
    .replace(/(?<=^|[\s(])([xX×]) (?=10(?:\^|\*|[eE]|[⁰¹²³⁴⁵⁶⁷⁸⁹])|[eE]\d{1,2}\/)/g, '$1')
    .replace(/(\/1[.,]73) (m(?:2|²|\^2))/gi, '$1$2')
    .trim();
}

/**
 * The line with accents and ligatures folded ("Östradiol" → "Ostradiol", "Œstradiol" → "Oestradiol",
 * "à" → "a"), which the names, ranges and labels are matched against; the micro sign stays.
 */
function fold(line: string): string {
  return line
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

// ─── Marker names ───────────────────────────────────────────────────────────────────────────────────

// The names themselves are data, in ./marker-names.ts (MARKER_NAMES, SHARED_MARKER_NAMES).

/** Punctuation and blanks labs put between the words of a name; not "/", which joins two tests ("Cholesterol/HDL"). */
const NAME_GAP = String.raw`[\s,.:;()\[\]-]+`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name's marker; for a shared name, the markers its unit chooses between (`shared`), the first of them as `marker`. */
type NamePattern = { marker: LabMarkerKey; shared: readonly LabMarkerKey[] | null; pattern: RegExp; length: number };

/** A specimen word some labs put before the name ("Serum testosterone level", "S-Testosteron"). */
const SPECIMEN_PREFIX = String.raw`(?:(?:serum|plasma|blood|s|p)(?:\s+|\s*-\s*))?`;

/** A name as a pattern anchored at the line's start (after a bullet and a specimen word). */
const namePattern = (name: string) =>
  // The name must end at a word's end: "LH" is not the start of "LHRH", nor "Free T" of "Free T4".
  new RegExp(`^(?:[•·*-]\\s*)?${SPECIMEN_PREFIX}${name.split(' ').map(escapeRegExp).join(NAME_GAP)}(?![a-z0-9])`, 'i');

/** Every name as a pattern, longest first. */
const NAME_PATTERNS: readonly NamePattern[] = [
  ...LAB_MARKER_KEYS.flatMap((marker) => MARKER_NAMES[marker].map((name) => ({ marker, shared: null, pattern: namePattern(name), length: name.length }))),
  ...SHARED_MARKER_NAMES.flatMap(({ markers, names }) => names.map((name) => ({ marker: markers[0]!, shared: markers, pattern: namePattern(name), length: name.length }))),
].sort((a, b) => b.length - a.length);

// What may follow a name without making it another test: "Free PSA" never matches (no name starts
// with "free psa"), but "PSA, Free", "Cholesterol/HDL ratio", "Testosterone, Bioavailable" and
// "LH/FSH" start with a name and are told apart by the words after it.
const OTHER_TEST_AFTER_NAME = /^\s*\/|\b(?:free|frei|freies|vrij|vrije|libre|libero|bioavailable|bioavail|biodisponible|bioverfugbar|ratio|quotient|index|indice|particles?|size|non)\b/i;
/** A name followed by more words than this before its value is prose ("LH and FSH are ..."), not a row. */
const MAX_QUALIFIER_WORDS = 4;
/**
 * Words in a result cell that mean the test has no result yet or none at all ("PSA  Pending  2.1", where
 * 2.1 is the previous result's column): the row gives no value, whatever number stands after them. In the
 * five languages the reader knows.
 */
const NO_RESULT = new RegExp(
  [
    'pending', 'to follow', 'awaited', 'in progress', 'not yet available', 'see (?:comment|note|below|report|attached)', 'refer to (?:comment|note)',
    'cancel+ed', 'not done', 'not performed', 'not tested', 'no result', 'h(?:a)?emoly[sz](?:ed|is)', 'qns', 'quantity not sufficient',
    'insufficient(?: sample| specimen| quantity)?', 'clotted', 'unsuitable', 'specimen rejected', 'sample rejected',
    'pendiente', 'en curso', 'anulad[oa]', 'hemolizad[oa]', 'ausstehend', 'folgt', 'storniert', 'h[äa]molytisch', 'en attente', '[àa] suivre', 'annul[ée]e?', 'h[ée]molys[ée]e?', 'in attesa', 'emolizzat[oa]', 'annullat[oa]',
  ]
    .map((words) => `(?<!\\p{L})(?:${words})(?!\\p{L})`)
    .join('|'),
  'iu',
);

type NameMatch = { marker: LabMarkerKey; shared: readonly LabMarkerKey[] | null; rest: string };

/** The marker a line starts with (for a shared name, the markers it may be), and the text after its name. */
function matchName(line: string): NameMatch | null {
  for (const { marker, shared, pattern } of NAME_PATTERNS) {
    const match = pattern.exec(line);
    if (match) return { marker, shared, rest: line.slice(match[0].length) };
  }
  // "% Neutrophils" (no name of its own, as "% Saturation" is): the percentage's sign before the name is its unit, read with the row's cells.
  const percent = /^%\s*(?=\p{L})/u.exec(line);
  const named = percent ? matchName(line.slice(percent[0].length)) : null;
  return named && { ...named, rest: ` %${named.rest}` };
}

/** Atypical lymphocytes and band (or immature) neutrophils: counted apart from the cells the differential names. */
const ATYPICAL_LYMPHOCYTES = /\b(?:atypical|atypisch\w*|atypiques?|atipic\w*|reactive|variant|large|granular)\b/i;
const BAND_NEUTROPHILS = /\b(?:bands?|stab\w*|immatures?|unreif\w*|cayados?)\b/i;

/**
 * Words between a marker's name and its value that make the row another test of the same name: a total
 * bilirubin is not its direct fraction, a serum calcium not the ionised one, the race-free eGFR not the
 * "if African American" one (that row is left out; the reader keeps the row without a race word).
 */
const OTHER_TEST_OF: Partial<Record<LabMarkerKey, RegExp>> = {
  bilirubin: /\b(?:direct|direkt|directe|directa|diretta|indirect|indirekt|indirecte|indirecta|indiretta|conjugated|unconjugated|conjuguee|coniugata|neonatal)\b/i,
  calcium: /\b(?:ionized|ionised|ionise|ionisiert|ionizado|ionizzato|ionico|corrected|adjusted|korrigiert|corrige|corregido|corretto)\b|\+\+/i,
  egfr: /\b(?:african|afr|africn|afroamericano|black|cystatin|cystatine|cistatina|cys)\b/i,
  creatinine: /\b(?:clearance|kinase)\b/i,
  glucose: /\b(?:tolerance|toleranz|post|postprandial|pp|ogtt|csf|liquor)\b/i,
  iron: /\b(?:saturation|sat|binding|bind|capacity|uibc|tibc)\b|%/i,
  rdw: /\bsd\b/i,
  vitamin_b12: /\b(?:active|aktives|holo\w*)\b/i,
  folate: /\b(?:rbc|red|erythrocyte|erythrozyten|erythrocytaire|eritrocitario|eritrocitaria|globular)\b/i,
  // The red cells' magnesium, zinc or potassium is another test than the serum's.
  magnesium: /\b(?:rbc|red|erythrocytes?|erythrozyt\w*|erythrocytaire|eritrocit\w*|intracellular|intracellulaire|whole\s+blood|vollblut)\b/i,
  potassium: /\b(?:rbc|red|erythrocytes?|erythrozyt\w*|intracellular|whole\s+blood|vollblut)\b/i,
  cortisol: /\b(?:free|frei|libre|libero|late|midnight|night)\b/i,
  insulin: /\b(?:antibod\w*|antikorper)\b/i,
  lymphocytes_pct: ATYPICAL_LYMPHOCYTES,
  lymphocytes_abs: ATYPICAL_LYMPHOCYTES,
  neutrophils_pct: BAND_NEUTROPHILS,
  neutrophils_abs: BAND_NEUTROPHILS,
};
/** Words that put a row in another specimen than serum or plasma: urine, saliva, cerebrospinal fluid. */
const OTHER_SPECIMEN = /\b(?:urine|urin|urinary|urinaire|urinaires|orina|urinario|urinaria|harn|spot|saliva|salivary|salivaire|speichel|salivale|csf|liquor|24\s*h\w*)\b/i;

// ─── Numbers, units, flags, ranges ──────────────────────────────────────────────────────────────────

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
/** "5,12" → 5.12: a comma between digits is a decimal comma (see the header on thousands separators). */
const toNumber = (text: string): number => Number(text.replace(',', '.'));

/** A result: a number, perhaps with "<" or ">" before it and a flag ("H", "(L)", "*", "+") or "%" stuck to it. */
const VALUE_TOKEN = new RegExp(`^(?:<=?|>=?|≤|≥)?(${NUMBER})(?:\\*+|\\++|\\(?[HL]{1,2}\\)?|%)?$`, 'i');
const QUALIFIER_TOKEN = /^(?:<=?|>=?|≤|≥)$/;
/** Dot leaders between a name and its value ("Testosterone ........ 5,12"). */
const LEADER_TOKEN = /^[.…_·:]+$/;
const FLAG_TOKEN = /^(?:\(?(?:H|L|HH|LL|HI|LO|HIGH|LOW|A|ABN|ABNORMAL)\)?|\*+)$/i;
/** Between a range's two ends: "-", "to", French "à" (folded to "a"), German "bis". */
const RANGE_WORD = /^(?:-|to|a|bis)$/i;

/** Every unit spelling in the catalogue, normalised: to tell a cell that holds a unit. */
const KNOWN_UNITS = new Set(LAB_MARKER_KEYS.flatMap((key) => unitsOf(key).map(normaliseUnit)));

/**
 * Text that looks like a unit: "nmol/L", "mIU/mL", "L/L", "%" (alone or before words: "% of total Hgb");
 * a count per volume with its power of ten ("10^9/L", "x10E3/uL", "10*9/L", "10⁹/L", "/nL", "cells/uL",
 * "/mm3"); the eGFR's "mL/min/1.73m2" ("mL/min/1,73 m²", "mL/min/{1.73_m2}"); and the bare units of the
 * red cell indices ("fL", "pg", "fmol", "µm3").
 */
const UNIT_CANDIDATE = /(?<=^|[\s([])(%|[x×*]?10(?:\^|\*{1,2}|e)?(?:[0-9⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}|\?)\/[a-zµ]+3?|[x×]?e\d{1,2}\/[a-zµ]+|[a-zµ]*\/[a-zµ]+(?:3|\/(?:1[.,]73(?:\s?m(?:2|²|\^2))?|\{1[.,]73_m2\}))?|fl|pg|fmol|[µu]m3|µ3)(?=$|[\s)\],;])/gi;

/** A count per microlitre whose power OCR left unread (ocrCorrected): 10^3 or 10^6, whichever the marker is counted in. */
const UNREAD_MICROLITRE_POWER = 'x10^?/µL';
KNOWN_UNITS.add(normaliseUnit(UNREAD_MICROLITRE_POWER));

/** `candidate` as the catalogue spells it for `marker`, or undefined when the marker is not reported in it. */
function listedFor(marker: LabMarkerKey, candidate: string): string | undefined {
  if (normaliseUnit(candidate) !== normaliseUnit(UNREAD_MICROLITRE_POWER)) return listedUnit(marker, candidate);
  const fits = ['x10^3/µL', 'x10^6/µL'].map((unit) => listedUnit(marker, unit)).filter((unit) => unit !== undefined);
  return fits.length === 1 ? fits[0] : undefined;
}

/** The first unit in `text` that `marker` is reported in, spelt as the catalogue spells it. */
function findUnit(marker: LabMarkerKey, text: string): string | null {
  for (const [, candidate] of text.matchAll(UNIT_CANDIDATE)) {
    const unit = listedFor(marker, candidate ?? '');
    if (unit) return unit;
  }
  return null;
}

/** "14.2nmol/L" and "5.4%" as two cells, so the value and the unit are each seen. */
const splitStuckUnits = (text: string) => text.replace(/(\d)(%|[a-zµ]+\/[a-z]+)/gi, '$1 $2').replace(/(?<=(?:^|\s)\d+(?:[.,]\d+)?)(fl|pg)(?=$|\s)/gi, ' $1');

type Reference = { low: number | null; high: number | null };

const RANGE = new RegExp(`(?<![\\w.,])(${NUMBER})\\s*(?:-|to|a|bis)\\s*(${NUMBER})(?![\\w.,]*\\d)`, 'i');
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

/** `flag`: the direction the lab's flag beside the value gives ("H", "(L)", "↑", "LOW"), null without one. */
type Reading = { value: number | null; comparator: Comparator | null; before: string; after: string; words: number; flag?: 'H' | 'L' | null };

/** The direction a flag token gives: high, low, or none ("*", "A" say only that the result is out of range). */
function flagDirection(token: string | undefined): 'H' | 'L' | null {
  const bare = (token ?? '').replace(/[()]/g, '').toUpperCase();
  if (/^(?:H|HH|HI|HIGH|↑)$/.test(bare)) return 'H';
  if (/^(?:L|LL|LO|LOW|↓)$/.test(bare)) return 'L';
  return null;
}

/** A number with a zero before its first digit ("02", "007") is a site or lab code: a result never starts so. */
const CODE_NUMBER = /^0\d+$/;

/** "<", "<=", "≤", ">", ">=", "≥" in front of a result, in FHIR's spelling. */
export function comparatorOf(text: string): Comparator | null {
  const sign = /^(<=?|>=?|≤|≥)/.exec(text)?.[1];
  if (!sign) return null;
  return sign === '≤' ? '<=' : sign === '≥' ? '>=' : (sign as Comparator);
}

/**
 * The value in the text after a name: the first number standing alone, with the "<" or ">" before it
 * kept as its comparator ("<0.1" is below 0.1, not 0.1).
 * Words before the value are the name's qualifier; a number that starts a range ("8.6 - 29.0"), or any
 * other cell with digits in it, means the row has no value here.
 */
function readValue(rest: string): Reading {
  const tokens = splitStuckUnits(rest).split(' ').filter(Boolean);
  let words = 0;
  let unitSeen = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? '';
    // "< OR = 40" is how a reference limit is printed, never a result; a digit OCR was unsure of ("?")
    // leaves the cell unread; a "<" number after the unit ("mg/dL <100") is the range cell.
    if (QUALIFIER_TOKEN.test(token) && /^or$/i.test(tokens[i + 1] ?? '')) break;
    if (token.includes('?')) break;
    if (KNOWN_UNITS.has(normaliseUnit(token))) unitSeen = true;
    if (unitSeen && /^(?:<=?|>=?|≤|≥)/.test(token)) break;
    const qualified = QUALIFIER_TOKEN.test(token) ? tokens[i + 1] : undefined;
    const number = VALUE_TOKEN.exec(qualified ?? token);
    const end = qualified === undefined ? i + 1 : i + 2;
    // "eGFR ... per 1.73 square metres 84": the body surface an eGFR is given per is part of its name; so
    // is the collection time of "Cortisol, 24 hr urine" or "Glucose, 2 hours".
    if (number && /^(?:square|sq\.?|m2|m²|m\^2|hr|hrs|hours?|std|stunden|heures?|horas?)$/i.test(tokens[end] ?? '')) {
      words += 1;
      continue;
    }
    if (number && qualified === undefined && CODE_NUMBER.test(token)) continue;
    if (number) {
      if (RANGE_WORD.test(tokens[end] ?? '') && VALUE_TOKEN.test(tokens[end + 1] ?? '')) break;
      const stuck = (qualified ?? token).slice((qualified ?? token).indexOf(number[1] ?? '') + (number[1] ?? '').length);
      // A flag before the value only as a letter or an arrow: "High" before it is a name's word ("C-Reactive Protein, High Sensitivity").
      const flag = flagDirection(stuck) ?? flagDirection(tokens[end]) ?? (i > 0 && /^\(?(?:[HL]{1,2}|[↑↓])\)?$/.test(tokens[i - 1] ?? '') ? flagDirection(tokens[i - 1]) : null);
      return { value: toNumber(number[1] ?? ''), comparator: comparatorOf(qualified === undefined ? token : `${token}${qualified}`), before: tokens.slice(0, i).join(' '), after: tokens.slice(end).join(' '), words, flag };
    }
    // "25-OH", "3rd", "D3", "A1c" are words of a name; "(8.6", "8.6-29.0", "<4.0)" are cells of a range.
    if (/\d/.test(token) && !/[a-z]/i.test(token)) break;
    if (!LEADER_TOKEN.test(token)) words += 1;
  }
  return { value: null, comparator: null, before: tokens.join(' '), after: '', words };
}

// ─── Rows ───────────────────────────────────────────────────────────────────────────────────────────

/** How many lines after a name line may hold its cells (value, unit, range, lab code). */
const MAX_CONTINUATION_LINES = 4;

/** A label that starts a reference range: what follows it is a limit, never the value. */
const REFERENCE_LABEL =
  /(?:^|\s)(?:normal\s+range|reference\s+(?:range|interval|values?)|ref(?:erence)?\.?\s+range|ref\.?|range|normal|interval|normwerte?|normbereich|referenzbereich|ref\.?-?bereich|valeurs?\s+(?:de\s+)?reference|valeurs?\s+normales?|intervalle\s+de\s+reference|rango\s+de\s+referencia|valores?\s+de\s+referencia|valori\s+di\s+riferimento|intervallo\s+di\s+riferimento)\s*:?(?=\s|$|[<>≤≥(\[\d])/i;
/** A label before the result itself ("Value", "Result", "Ergebnis", "Résultat"): passed over. */
const VALUE_LABEL = /^(?:value|result|your\s+result|ergebnis|wert|resultat|resultado|risultato|valeur)\s*:?$/i;
/** The same labels as column headers, where they may be plural, "Your value" or Italian "Esito". */
const RESULT_HEADER = /^(?:values?|results?|your\s+(?:result|value)|ergebnis|wert|resultats?|resultados?|risultat[oi]|esito|valeurs?)\s*:?$/i;
/** A method line under a name ("(CLIA)", "Method: ECLIA", "Méthode : ..."): no cell of the row. */
const METHOD_LINE = /^(?:\((?:[A-Z][A-Za-z0-9 /-]{1,24})\)|(?:method|methode|metodo|methodik|technique)\b.*)$/i;
/** Words of a banded interpretation ("Deficiency < 20, Insufficiency 20-30, Sufficient 30-100"): no single range. */
const BAND_WORDS = /\b(?:deficien\w*|insufficien\w*|sufficien\w*|optimal|desirable|borderline|toxic\w*|intoxication|pre-?diabet\w*|diabet\w*|carence|insuffisance|mangel|unzureichend|ausreichend|carenza|insufficienza|deficiencia|insuficiencia)\b/i;
/** A cell that is one band of an interpretation: its word, then its limit or range ("Insufficienza: 10 - 30"). */
const BAND_CELL = new RegExp(`^${BAND_WORDS.source}\\s*:?\\s*(?:[<>≤≥]=?\\s*)?\\d`, 'i');

/** A line that is a cell of the row above rather than a row of its own. */
function isContinuation(line: string): boolean {
  if (line === '' || matchName(line)) return false;
  const cells = line.split('\t');
  const first = line.split(/[\s\t]/)[0] ?? '';
  const cellLike = (cell: string) => {
    const head = cell.split(' ')[0] ?? '';
    return (
      /^[<>≤≥([]?\s*\d/.test(cell) ||
      KNOWN_UNITS.has(normaliseUnit(head)) ||
      FLAG_TOKEN.test(head) ||
      LEADER_TOKEN.test(head) ||
      VALUE_LABEL.test(cell) ||
      REFERENCE_LABEL.test(` ${cell}`) ||
      /^[A-Z]{2,3}$/.test(cell) // a performing-lab code ("EN")
    );
  };
  // A number that starts a line of words ("25-OH Vitamin D2 <5 nmol/L") is another test's name, not a cell.
  if (/^\d+[a-z-]*\s+[a-z]{3,}/i.test(line) && !KNOWN_UNITS.has(normaliseUnit(line.split(' ')[1] ?? ''))) return false;
  // The first word alone, or the whole first cell ("Your result" is a label, "Your" alone is not).
  return (cellLike(first) || cellLike(cells[0] ?? '')) && cells.every(cellLike);
}

/** The text with its labelled reference cell cut out, and that cell ("Normal range: <200 mg/dL" → "<200 mg/dL"). */
function cutLabelledReference(text: string): { text: string; reference: string | null } {
  const match = REFERENCE_LABEL.exec(text);
  if (!match) return { text, reference: null };
  const start = match.index;
  const after = text.slice(start + match[0].length);
  // The reference runs to the end of its cell (a tab), else to the end of the text.
  const cellEnd = after.indexOf('\t');
  const reference = cellEnd === -1 ? after : after.slice(0, cellEnd);
  // A status word ("Normal" in a Status column) with no limit after it is no reference.
  if (!/\d/.test(reference)) return { text, reference: null };
  const rest = cellEnd === -1 ? '' : after.slice(cellEnd);
  // The unit printed with the range ("<200 mg/dL") still names the row's unit.
  return { text: `${text.slice(0, start)} ${rest} ${findAnyUnit(reference) ?? ''}`.trim(), reference };
}

/** The first text in `text` that looks like a unit, as printed. */
function findAnyUnit(text: string): string | null {
  for (const [, candidate] of text.matchAll(UNIT_CANDIDATE)) if (candidate && KNOWN_UNITS.has(normaliseUnit(candidate))) return candidate;
  return null;
}

/** Words a results row prints after its value (flags, ranges, who the range is for): they neither make nor break a sentence. */
const TABLE_WORDS = new Set(['h', 'l', 'high', 'low', 'normal', 'abnormal', 'borderline', 'desirable', 'optimal', 'adult', 'adults', 'male', 'males', 'men', 'female', 'females', 'women', 'years', 'year', 'yrs', 'age', 'aged', 'reference', 'range', 'ref', 'interval', 'to', 'up', 'below', 'above', 'less', 'than', 'greater', 'over', 'under', 'and', 'or', 'flag', 'units', 'unit']);
/** Words in a row that make a sentence of it ("… is roughly the middle of the range we aim for", "… refer to urology within two weeks"). */
const SENTENCE_WORDS = 5;

/**
 * Whether the text after a value is a sentence's: five or more words in a row that are neither units nor
 * words a results table prints. A value comes only from a results row; a sentence never gives one.
 */
function isSentence(after: string): boolean {
  let run = 0;
  for (const token of after.split(/\s+/).filter(Boolean)) {
    const word = token.replace(/[,.;:!?…"'’()]+$/u, '').replace(/^[("'‘]+/u, '');
    if (!/^\p{L}[\p{L}'’-]*$/u.test(word) || KNOWN_UNITS.has(normaliseUnit(word))) {
      run = 0;
      continue;
    }
    if (TABLE_WORDS.has(word.toLowerCase())) continue;
    run += 1;
    if (run >= SENTENCE_WORDS) return true;
  }
  return false;
}

/** A word a results cell may print before its value: a label ("Result:"), a flag, a unit, a leader. */
const cellWordBeforeValue = (token: string) =>
  !/\p{L}{2,}/u.test(token) || RESULT_HEADER.test(token) || FLAG_TOKEN.test(token) || LEADER_TOKEN.test(token) || KNOWN_UNITS.has(normaliseUnit(token));

/**
 * Whether the value stands after words in a cell of its own, past the name's cell ("PSA | Before starting,
 * 3 and 12 months | Rise of more than 1.4 ug/L: refer"): a results table prints a value at the start of
 * its cell, so that number is part of a phrase (a schedule, a rule), not a result.
 */
function wordsBeforeInCell(text: string, reading: Reading): boolean {
  const cells = text.split('\t');
  if (cells.length < 2) return false;
  let index = reading.before ? reading.before.split(' ').length : 0;
  for (const [at, cell] of cells.entries()) {
    const tokens = splitStuckUnits(cell).split(' ').filter(Boolean);
    if (index < tokens.length) return at > 0 && tokens.slice(0, index).some((token) => !cellWordBeforeValue(token));
    index -= tokens.length;
  }
  return false;
}

/** Results after a row's value, before its unit or range, that make it a history row (one column per date). */
const HISTORY_RESULTS = 2;

/**
 * How many more results stand after the value, before its unit or range: "HDL 1.2 1.2 1.3 mmol/L" has two.
 * One is a previous-result column (Result | Previous, which labs print after the current one); two or
 * more are a cumulative report's columns, readable only under their dates (readCumulative): which one is
 * current cannot be told from the row alone.
 */
function historyAfter(after: string): number {
  const tokens = after.split(' ').filter(Boolean);
  let results = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (FLAG_TOKEN.test(token) || NO_RESULT.test(token)) continue;
    if (!VALUE_TOKEN.test(token) || RANGE_WORD.test(tokens[i + 1] ?? '')) break;
    results += 1;
  }
  return results;
}

/** How sure a row is: a reference range and table cells say it is a results row, not a sentence. */
type Candidate = { row: ParsedMarker; evidence: number; canonical: number; following: number };

/** A word before a number that makes it a threshold ("below 30", "greater than 7.0"), in the five languages. */
const THRESHOLD_WORD = /^(?:above|below|under|over|than|exceeds?|exceeding|unter|uber|oberhalb|unterhalb|inferieur|inferieure|superieur|superieure|menor|mayor|debajo|encima|inferiore|superiore|sotto|sopra)$/i;

/** Units in which a count runs to thousands ("3420 cells/uL", "245000 /mm3"): a number before a 3-digit group ("3 420") is one number cut by a thousands space. */
const PER_MICROLITRE = new Set(['cells/µL', '/µL', '/mm3'].map(normaliseUnit));
/** Words in a differential's name cell that say it is the count ("Neutrophils, Absolute", "NEUT#") or the percentage ("Neut %"). */
const SAYS_COUNT = /(?:^|[\s(])(?:#|abs\.?|absolute?|absolut\w*|assolut\w*|absolutos?|count|zahl)(?=$|[\s).,#])/i;
const SAYS_PERCENT = /%|\b(?:percent|pct|relative?|relativ|pourcentage|porcentaje|percentuale)\b/i;

/**
 * The unit of a row's value itself, when the catalogue lists it for `marker`: the first unit after the
 * value (else in the name's cell). For shared names, where the unit chooses the marker: a later unit
 * ("55 %  3.2 G/L") belongs to another result.
 */
function unitOfValue(marker: LabMarkerKey, reading: Reading): string | null {
  const printed = findAnyUnit(reading.after) ?? findAnyUnit(reading.before);
  return printed ? (listedFor(marker, printed) ?? null) : null;
}

/** A marker row's finding (`byUnit`: a shared name's, read only in the unit of its value), or null when a part is missing or the value is not a plausible one. */
function readRow(marker: LabMarkerKey, rest: string, line: string, byUnit = false): Candidate | null {
  const cut = cutLabelledReference(rest);
  let { text } = cut;
  let labelled = cut.reference;
  let reading = readValue(text.replace(/\t/g, ' '));
  if (reading.value === null && labelled === null) {
    // A range cell before the result (the result printed lower in its row, or in a later column): the
    // range is the reference, and the value is looked for after it.
    const range = [RANGE, UPPER_LIMIT, LOWER_LIMIT].map((pattern) => pattern.exec(text)).filter((m) => m !== null).sort((a, b) => a.index - b.index)[0];
    if (range) {
      labelled = range[0];
      text = `${text.slice(0, range.index)} ${text.slice(range.index + range[0].length)}`;
      reading = readValue(text.replace(/\t/g, ' '));
      if (reading.value !== null && !findUnit(marker, reading.after) && !findUnit(marker, reading.before)) {
        // The unit printed with the range ("46.0-224.0 pg/mL") names the row's unit.
        reading = { ...reading, after: `${reading.after} ${text}` };
      }
    }
  }
  if (reading.value === null) return null;
  if (NO_RESULT.test(reading.before)) return null;
  // "Ferritin below 30 ug/L suggests ...", "Glucose levels above 7.0 mmol/L": a threshold, not a result.
  if (THRESHOLD_WORD.test(reading.before.split(' ').at(-1)?.replace(/[^\p{L}]/gu, '') ?? '')) return null;
  if (wordsBeforeInCell(text, reading)) return null;
  const following = historyAfter(reading.after);
  if (following >= HISTORY_RESULTS) return null;
  if (isSentence(reading.after)) return null;
  if (reading.words > MAX_QUALIFIER_WORDS || OTHER_TEST_AFTER_NAME.test(reading.before) || OTHER_SPECIMEN.test(reading.before) || OTHER_TEST_OF[marker]?.test(reading.before)) return null;
  // The unit usually follows the value; some reports print it in the name's cell ("Testosterone (nmol/L)").
  const printed = byUnit ? unitOfValue(marker, reading) : (findUnit(marker, reading.after) ?? findUnit(marker, reading.before));
  const unit = printed ?? (byUnit || !bareBetween(reading.after) ? null : unitOfBareRow(marker, reading.value, findReference(labelled ?? reading.after)));
  if (!unit) return null;
  // "Neutrophils, absolute ... %" or "Neut % ... x10^9/L": the name and the unit disagree.
  if (byUnit && (unit === '%' ? SAYS_COUNT.test(reading.before) : SAYS_PERCENT.test(reading.before))) return null;
  if (PER_MICROLITRE.has(normaliseUnit(unit)) && /^\d{3}(?=\s|$)/.test(reading.after)) return null;
  const canonical = convertToCanonical(marker, reading.value, unit);
  const { min, max } = LAB_MARKERS[marker].plausible;
  if (canonical === null || canonical < min || canonical > max) return null;
  const rangeText = labelled ?? reading.after;
  const reference = BAND_WORDS.test(rangeText) ? { low: null, high: null } : findReference(rangeText);
  if (disagreesWithFlag(reading, reference)) return null;
  const row: ParsedMarker = { marker, value: reading.value, comparator: reading.comparator, unit, referenceLow: reference.low, referenceHigh: reference.high, line };
  const evidence = (reference.low !== null || reference.high !== null ? 2 : 0) + (rest.includes('\t') ? 1 : 0);
  return { row, evidence, canonical, following };
}

/**
 * Whether a value disagrees with the lab's own flag beside it: an "H" on a value inside its range (or
 * below its upper limit), an "L" on one inside it (or above its lower limit), an "H" on a "<" result or an
 * "L" on a ">" one. Such a reading is of a range's edge or of the wrong cell ("2.31 H <1.70" read as
 * "<1.70"), never a result to keep.
 */
function disagreesWithFlag(reading: Reading, reference: Reference): boolean {
  const { value, comparator, flag } = reading;
  if (!flag || value === null) return false;
  if (flag === 'H' && (comparator === '<' || comparator === '<=')) return true;
  if (flag === 'L' && (comparator === '>' || comparator === '>=')) return true;
  if (flag === 'H' && reference.high !== null) return value < reference.high && (reference.low === null || value >= reference.low);
  if (flag === 'L' && reference.low !== null) return value > reference.low && (reference.high === null || value <= reference.high);
  return false;
}

/** True when nothing but a flag stands between a value and its range: no word that may be a unit OCR misread ("UL"). */
const bareBetween = (after: string) =>
  after
    .split(/(?=[<>≤≥([]?\s*\d)/)[0]!
    .split(/\s+/)
    .every((token) => token === '' || FLAG_TOKEN.test(token) || !/[\p{L}%/]/u.test(token));

/** A fraction's unit (a haematocrit's L/L): labs print it without one. */
const FRACTION = new Set(['l/l']);

/**
 * The unit of a row printed without one ("Haematocrit  0.44  0.40-0.52"), when the marker is measured in
 * one scale only (PSA: ng/mL and µg/L are one), or its value and range fit only its fraction's scale
 * (0.44 is no haematocrit in %, but is one in L/L). A row without a range, or of a marker with scales a
 * figure may be in (a testosterone in nmol/L or ng/dL), gives none.
 */
function unitOfBareRow(marker: LabMarkerKey, value: number, reference: Reference): string | null {
  if (reference.low === null || reference.high === null) return null;
  const { plausible, upperLimits, lowerLimits } = LAB_MARKERS[marker];
  const scaleOf = (unit: string) => convertToCanonical(marker, 1, unit);
  const oneScale = new Set(unitsOf(marker).map(scaleOf)).size === 1;
  const fits = unitsOf(marker).filter((unit) => {
    const [v = null, low = null, high = null] = [value, reference.low!, reference.high!].map((figure) => convertToCanonical(marker, figure, unit));
    return v !== null && low !== null && high !== null && v >= plausible.min && v <= plausible.max && high >= upperLimits.min && high <= upperLimits.max && low >= lowerLimits.min && low <= lowerLimits.max;
  });
  if (new Set(fits.map(scaleOf)).size !== 1) return null;
  return oneScale || FRACTION.has(normaliseUnit(fits[0]!)) ? fits[0]! : null;
}

/** The finding of a row that starts with `name`: for a shared name, of the marker its value's unit names. */
function readNamed(name: NameMatch, rest: string, line: string): Candidate | null {
  if (!name.shared) return readRow(name.marker, rest, line);
  for (const marker of name.shared) {
    const found = readRow(marker, rest, line, true);
    if (found) return found;
  }
  return null;
}

/** A differential row that gives the percentage and the count side by side ("Lymphocytes  31,2 %  2,12 G/L  1,00 à 4,00", as French reports print them). */
const DUAL_ROW = new RegExp(`^([^\\d]*?)(?<![\\w.,])(${NUMBER})\\s*%\\s+(${NUMBER})\\s*(\\S+)(.*)$`, 's');

/**
 * Both results of a row that prints a differential's percentage and its count side by side, or null for
 * any other row. The range after the count is the count's; the percentage has none.
 */
function readDual(name: NameMatch, line: string): Candidate[] | null {
  const [percentKey, countKey] = name.shared ?? [];
  if (!percentKey || !countKey || LAB_MARKERS[percentKey].unit !== '%') return null;
  const match = DUAL_ROW.exec(name.rest);
  if (!match) return null;
  const [, before = '', percent = '', count = '', unit = '', tail = ''] = match;
  if (!listedUnit(countKey, unit)) return null;
  const percentRow = readRow(percentKey, `${before}${percent} %`, line, true);
  const countRow = readRow(countKey, `${before}${count} ${unit}${tail}`, line, true);
  return percentRow && countRow ? [percentRow, countRow] : null;
}

/** A row's line for the review: cells joined by spaces, as the member reads them on the report. */
const shown = (line: string) => line.replace(/\t/g, ' ').replace(/ {2,}/g, ' ').trim();

/**
 * The line cut into rows where a second table's row starts beside the first: a cell that starts with a
 * marker name after a cell with a number in it ("Testosterone | 18.2 | nmol/L | Cholesterol | 5.1 | mmol/L").
 * Another test's name cell ("Sodium") after a number also ends the row, so its numbers are not lent.
 */
function rowsOf(line: string): string[] {
  const cells = line.split('\t');
  const rows: string[][] = [[]];
  let numbered = false;
  for (const cell of cells) {
    const current = rows.at(-1)!;
    const folded = fold(cell);
    const startsRow = numbered && current.length > 0 && /^[A-Za-z•·]/.test(folded) && !isContinuation(folded) && !FLAG_TOKEN.test(cell) && !REFERENCE_LABEL.test(` ${cell}`) && !VALUE_LABEL.test(cell) && !METHOD_LINE.test(cell) && !/^[A-Z]{2,3}$/.test(cell) && !findAnyUnit(cell) && cell.split(' ').length <= 8;
    if (startsRow) {
      rows.push([cell]);
      numbered = false;
    } else {
      current.push(cell);
    }
    if (/\d/.test(cell) && !/^[A-Za-z]/.test(cell)) numbered = true;
  }
  return rows.map((row) => row.join('\t'));
}

/** A header cell of an earlier result's column: "Previous", "Prior result", "Vorwert", "Antériorités", "Precedente". */
const PREVIOUS_LABEL = /^(?:previous|prior|last|earlier|vorwert|vorbefund|anteriorites?|anterieur|precedente|anterior|resultado anterior)\b/i;
/** A header cell of the units or the reference range column. */
const UNIT_OR_RANGE_LABEL = /^(?:units?|einheit|unites?|unidades?|unita(?: di misura)?|ref\w*|range|normal|interval\w*|valeurs?|valori|intervalo|rango|standard range|bio\.? ref)/i;

/**
 * Whether a line is a table's header, and if so whether it has a previous-result column between the
 * result and the unit or range ("Test | Result | Previous (12/01/2025) | Units | Range"); null for a line
 * that is no header.
 */
function tableHeader(line: string): boolean | null {
  const cells = line.split('\t').map((cell) => cell.trim());
  const result = cells.findIndex((cell) => RESULT_HEADER.test(cell));
  const previous = cells.findIndex((cell) => PREVIOUS_LABEL.test(cell));
  const unitOrRange = cells.findIndex((cell) => UNIT_OR_RANGE_LABEL.test(cell));
  if (result === -1 || unitOrRange === -1) return null;
  return previous > result && previous < unitOrRange;
}

/** Relative difference under which two readings of a marker (in its own unit) are one result. */
const SAME_RESULT = 0.03;

/**
 * The markers in the report's lines, in the order they appear. A marker with several rows keeps the one
 * with the most evidence (a reference range, table cells), or the first of equals; when the best rows
 * disagree (18.2 against 15 nmol/L), the marker is left out rather than guessed.
 */
function readMarkers(lines: readonly string[], ocr: boolean): ParsedMarker[] {
  const candidates = new Map<LabMarkerKey, Candidate[]>();
  const originals = lines.flatMap(rowsOf);
  // Matched and read with accents folded; shown to the member as printed.
  const rows = originals.map(fold);
  let twoResults = false;
  rows.forEach((line, index) => {
    const header = tableHeader(line);
    if (header !== null) twoResults = header;
    const matched = matchName(line);
    if (!matched) return;
    // A card's name with its status word ("Testosterone  Normal"): the result is on the lines below.
    const name = isStatus(matched.rest.replace(/\t/g, ' ').trim()) ? { ...matched, rest: '' } : matched;
    const dual = readDual(name, shown(originals[index]!));
    if (dual) {
      for (const both of dual) if (!ocr || likelyAsRead(both.row)) candidates.set(both.row.marker, [...(candidates.get(both.row.marker) ?? []), both]);
      return;
    }
    let found = readNamed(name, name.rest, shown(originals[index]!));
    if (!found) {
      // The cells may be on the lines below: take the ones that look like cells (passing over a method
      // line), and read them as one row.
      const cells: number[] = [];
      for (let at = index + 1; at <= index + 1 + MAX_CONTINUATION_LINES && at < rows.length; at += 1) {
        if (METHOD_LINE.test(rows[at]!)) continue;
        if (!isContinuation(rows[at]!)) break;
        cells.push(at);
        if (cells.length >= MAX_CONTINUATION_LINES) break;
      }
      if (cells.length > 0) found = readNamed(name, [name.rest, ...cells.map((at) => rows[at]!)].join('\t'), shown([index, ...cells].map((at) => originals[at]!).join(' ')));
    } else if (found.row.comparator !== null && found.row.referenceLow === null && found.row.referenceHigh === null && /^\d+(?:[.,]\d+)?(?:\s+\(?[HL*]{1,2}\)?)?(?:\s+(?:%|[a-zµ]+\/[a-z]+))?$/i.test(rows[index + 1] ?? '')) {
      // "<150 mg/dL" alone in the row and a bare number (perhaps with its unit) on the line below (an
      // out-of-range result printed lower in its row): the "<150" is the reference limit, the number the result.
      const reread = readNamed(name, `${rows[index + 1]}\t${name.rest}`, shown(`${originals[index]!} ${originals[index + 1]!}`));
      if (reread && reread.row.comparator === null) found = reread;
    } else if (found.row.referenceLow === null && found.row.referenceHigh === null) {
      // A range printed on the line below the result.
      const next = rows[index + 1] ?? '';
      const rangeLine = /^[([]?\s*(?:ref\w*\.?\s*:?\s*)?[<>≤≥]?\s*\d/i.test(next) && !/[a-z]{3,}/i.test(next.replace(/^ref\w*/i, '')) ? next : null;
      if (rangeLine) {
        const reference = findReference(rangeLine);
        if (reference.low !== null || reference.high !== null) found = { ...found, row: { ...found.row, referenceLow: reference.low, referenceHigh: reference.high, line: shown(`${originals[index]!} ${rangeLine}`) }, evidence: found.evidence + 2 };
      }
    }
    // A range that is the first band of an interpretation printed over the next lines ("Normal < 5.7" /
    // "Prediabetes 5.7-6.4" / "Diabetes >= 6.5") is no reference range.
    if (found && (found.row.referenceLow !== null || found.row.referenceHigh !== null)) {
      // The two lines below, up to the next marker's row: a band starts with its word and its limit ("Prediabetes 5.7-6.4").
      const below = rows.slice(index + 1, index + 3);
      const next = below.findIndex((line) => matchName(line));
      const own = next === -1 ? below : below.slice(0, next);
      if (own.some((line) => line.split('\t').some((cell) => BAND_CELL.test(cell.trim())))) found = { ...found, row: { ...found.row, referenceLow: null, referenceHigh: null }, evidence: found.evidence - 2 };
    }
    if (found && ocr && !likelyAsRead(found.row)) {
      // A range that lost its decimal points ("15-124" for 1.5-12.4) beside a value read with its point
      // ("3.9"): the value stands, the range does not. A value without a point may have lost it: left out.
      const rangeless = { ...found.row, referenceLow: null, referenceHigh: null };
      found = !Number.isInteger(found.row.value) && !found.row.line.includes('?') ? { ...found, row: rangeless, evidence: found.evidence - 2 } : null;
    }
    // Under a header with a previous-result column before the unit, a row OCR read with one result has
    // lost a cell, and which one (the current, or the previous) cannot be told.
    if (found && ocr && twoResults && found.following < 1) found = null;
    if (found) candidates.set(found.row.marker, [...(candidates.get(found.row.marker) ?? []), found]);
  });
  const chosen: ParsedMarker[] = [];
  for (const list of candidates.values()) {
    const best = Math.max(...list.map((c) => c.evidence));
    const top = list.filter((c) => c.evidence === best);
    const first = top[0]!;
    const agree = top.every((c) => Math.abs(c.canonical - first.canonical) <= SAME_RESULT * Math.max(Math.abs(first.canonical), 1e-9) && c.row.comparator === first.row.comparator);
    if (agree) chosen.push(first.row);
  }
  return chosen;
}

// ─── Dates ──────────────────────────────────────────────────────────────────────────────────────────

/** Month names in English, German, French, Spanish and Italian, accents folded. */
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'januar', 'janvier', 'enero', 'gennaio', 'jan'],
  ['february', 'februar', 'fevrier', 'febrero', 'febbraio'],
  ['march', 'marz', 'mars', 'marzo'],
  ['april', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio'],
  ['june', 'juni', 'juin', 'junio', 'giugno'],
  ['july', 'juli', 'juillet', 'julio', 'luglio'],
  ['august', 'aout', 'agosto'],
  ['september', 'septembre', 'septiembre', 'settembre', 'sept'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre'],
  ['november', 'novembre', 'noviembre'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dicembre'],
];

/** "Mar", "März", "mars", "Sept", "juil." → 3, 3, 3, 9, 7; null for a word that is no month, or could be two. */
const monthNumber = (word: string): number | null => {
  const lower = fold(word).toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const months = new Set(MONTH_NAMES.flatMap((names, index) => (names.some((name) => name.startsWith(lower)) ? [index + 1] : [])));
  return months.size === 1 ? [...months][0]! : null;
};

/** YYYY-MM-DD for a day that exists (no 31 April, 29 February only in leap years), else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));
const MONTH_WORD = '([a-z]{3,9}\\.?)';

/** Which way round a numeric date's day and month are: day first (UK, Europe, India) or month first (US). */
type DateOrder = 'dmy' | 'mdy';

/** The readings of one date: one, or two when day and month could be either way round (03/04/2026). */
type DateReadings = { dmy: string | null; mdy: string | null } | { exact: string };

type DateFormat = { pattern: RegExp; read: (m: RegExpExecArray) => DateReadings | null };

const exact = (date: string | null): DateReadings | null => (date ? { exact: date } : null);

const DATE_FORMATS: readonly DateFormat[] = [
  // 2026-05-20, 2026/05/20, 2026.05.20
  { pattern: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, read: (m) => exact(isoDate(Number(m[1]), Number(m[2]), Number(m[3]))) },
  // 03/03/2026, 20.05.2026, 04-15-2026, 03/03/26: day first or month first, as the report's cues say (dateOrder).
  {
    pattern: /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-]\d)/,
    read: (m) => {
      const [a, b, year] = [Number(m[1]), Number(m[3]), fullYear(m[4] ?? '')];
      const [dmy, mdy] = [isoDate(year, b, a), isoDate(year, a, b)];
      if (dmy === mdy || !dmy || !mdy) return exact(dmy ?? mdy);
      return { dmy, mdy };
    },
  },
  // 12 Mar 2026, 12 March 2026, 12-Mar-2026, 11/May/2026, 12th March 2026, 4. März 2026, 4 de marzo de 2026
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|\\.)?(?:[\\s-]+|\\/)(?:de\\s+)?${MONTH_WORD}(?:[\\s-]+|\\/)(?:de\\s+)?(\\d{4})\\b`, 'i'),
    read: (m) => {
      const month = monthNumber(m[2] ?? '');
      return month === null ? null : exact(isoDate(Number(m[3]), month, Number(m[1])));
    },
  },
  // March 12, 2026; Mar 12 2026
  {
    pattern: new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'),
    read: (m) => {
      const month = monthNumber(m[1] ?? '');
      return month === null ? null : exact(isoDate(Number(m[3]), month, Number(m[2])));
    },
  },
];

/** How far after its label a date may start ("Collected: ", "Collection Date/Time: ", "Prélèvement du "). */
const DATE_DISTANCE = 16;

/** The date right after a label: the first one in `text` that starts within DATE_DISTANCE characters. */
function dateAfterLabel(text: string): DateReadings | null {
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
  /\b(?:date\s+(?:of\s+)?collect(?:ed|ion)|date\s+(?:of\s+)?(?:sample|specimen|draw)|(?:sample|specimen)\s+(?:collected|collection|taken|drawn|date)|(?:date\s+)?drawn|draw\s+date|(?:datum\s+)?(?:bloed)?afname(?:datum)?|collect(?:ed|ion)(?:\s+date)?|(?:proben)?entnahme(?:datum|zeit(?:punkt)?)?|abnahme(?:datum)?|blutentnahme|date\s+(?:de\s+|du\s+)?prelevement|prelevement(?:\s+(?:du|le))?|preleve\s+le|fecha\s+de\s+(?:extraccion|toma|recogida|la\s+muestra|muestra)|data\s+(?:del\s+|di\s+)?prelievo|prelievo(?:\s+del)?)\b/gi;
// Only when no collection label has a date. A bare "Date" must be followed by ":", so that "Date of
// birth" and "Date received" are not taken for it.
const REPORT_LABEL =
  /\b(?:report(?:ed)?(?:\s+(?:date|on))?|date\s+(?:of\s+)?report(?:ed)?|befund(?:datum)?|berichtsdatum|edite\s+le|date\s+d'edition|fecha\s+(?:de\s+)?informe|data\s+(?:del\s+)?referto|date(?=\s*:)|datum(?=\s*:))/gi;

/** The first date after one of `label`'s matches, on the label's line or, when the line ends there, the next. */
function labelledDate(lines: readonly string[], label: RegExp): DateReadings | null {
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(label)) {
      const after = line.slice(match.index + match[0].length);
      const date = dateAfterLabel(after) ?? (/^[\s:/a-z]*$/i.test(after) ? dateAfterLabel(lines[index + 1] ?? '') : null);
      if (date) return date;
    }
  }
  return null;
}

/**
 * Which way round the report writes numeric dates, from its own cues; null when they do not say.
 * Strongest: another date on the page that reads one way only (a date of birth of 14/07/1979). Then
 * the language, the units and spelling a lab of a country uses, and its address.
 */
const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
/** Labels a number follows on a report (its ID, an accession or a patient number), never a city before a state. */
const NUMBER_LABELS = 'report|patient|sample|specimen|order|accession|lab|account|member|visit|requisition|invoice|client|mrn|case|ref|reference|batch|kit|test|tube|barcode|control|episode|request|no|nr|number';
/** The labels in either case, the state's code in capitals (as addresses print it; "in 12345" is no address). */
const anyCase = (words: string) => words.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
const US_ADDRESS = new RegExp(`(?<!\\b(?:${anyCase(NUMBER_LABELS)})\\.?\\s*#?\\s*)\\b(?:${US_STATES})\\s+\\d{5}(?:-\\d{4})?\\b`);

export function dateOrder(text: string): DateOrder | null {
  let score = 0; // > 0: day first; < 0: month first
  for (const [, a, , b] of text.matchAll(/\b(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})\b/g)) {
    if (Number(a) > 12 && Number(b) <= 12) score += 5;
    if (Number(b) > 12 && Number(a) <= 12) score -= 5;
  }
  // Dots are a European habit (20.05.2026); the US writes slashes.
  if (/\b\d{1,2}\.\d{1,2}\.\d{4}\b/.test(text)) score += 2;
  const cue = (pattern: RegExp, weight: number) => {
    if (pattern.test(text)) score += weight;
  };
  // Languages whose countries write the day first.
  cue(/\b(?:probenentnahme|befund|ergebnis|referenzbereich|prelevement|resultat|valeurs|bilan|analisi|prelievo|referto|resultado|extraccion|laboratorio|labor)\b/i, 3);
  // UK, European and Indian laboratories.
  cue(/\b(?:nhs|haematocrit|oestradiol|haemoglobin|india|mumbai|delhi|bengaluru|bangalore|chennai|hyderabad|kolkata|pune|nabl)\b/i, 3);
  cue(/pvt\.?\s*ltd\b/i, 3);
  cue(/\b(?:mmol\/l|nmol\/l|pmol\/l|l\/l)\b/i, 2);
  // US laboratories: a state and ZIP code, CLIA, US time zones, US spelling with US units.
  // A state's code and a ZIP code, as an address ends ("Boise, ID 83702"); not a label and a number ("Report ID 77120").
  cue(US_ADDRESS, -3);
  // A CLIA certificate number ("CLIA: 31D0696246"); "(CLIA)" alone is a method (chemiluminescence), used worldwide.
  cue(/\bclia\b[^\n\d]{0,12}\d{2}d\d{7}\b/i, -3);
  cue(/\b(?:e[sd]t|c[sd]t|p[sd]t|m[sd]t)\b/, -3);
  cue(/\b(?:ng\/dl|mg\/dl)\b/i, -1);
  cue(/\b(?:estradiol|hematocrit|hemoglobin)\b/i, -1);
  if (score >= 2) return 'dmy';
  if (score <= -2) return 'mdy';
  return null;
}

/** The collection date (else the report date) and, when its order stays open, both of its readings. */
function collectionDate(lines: readonly string[], text: string): Pick<ParsedLabReport, 'collectedOn' | 'dateChoices'> {
  const readings = labelledDate(lines, COLLECTION_LABEL) ?? labelledDate(lines, REPORT_LABEL);
  if (!readings) return { collectedOn: null, dateChoices: [] };
  if ('exact' in readings) return { collectedOn: readings.exact, dateChoices: [] };
  const order = dateOrder(text);
  const chosen = order ? readings[order] : null;
  if (chosen) return { collectedOn: chosen, dateChoices: [] };
  return { collectedOn: null, dateChoices: [readings.dmy, readings.mdy].filter((d): d is string => d !== null) };
}

// ─── Cards ──────────────────────────────────────────────────────────────────────────────────────────
// Results printed as cards side by side (a name, the value, "Normal range ..." stacked in each card, two
// or three cards a row) come out of the layout as lines of one cell per card: names side by side, then
// values side by side. A line whose cells are all bare marker names starts such a row of cards; the lines
// under it with as many cells are cut into the cards' own stacks, one card after the other, which the
// row reader then reads as a name with its cells on the lines below. A table never prints two marker
// names side by side with nothing else in the row.

/** A cell that is a marker's name and nothing else (no number, no unit). */
const bareName = (cell: string) => {
  const name = matchName(fold(cell.trim()));
  return name !== null && !/\d/.test(cell) && name.rest.replace(/[\s:.,()-]/g, '') === '';
};

/**
 * The word a result card prints beside its name for where the result stands ("Testosterone  Normal",
 * "Vitamin D  Out of range", "Ferritin  Optimal"), in the five languages: not a cell of the result.
 */
const STATUS_WORDS = /^(?:normal|in range|within range|out of range|outside range|optimal|sub-?optimal|borderline|abnormal|high|low|above range|below range|elevated|ok|good|needs attention|attention|review|normal range|im normbereich|normal|erhoht|erniedrigt|auffallig|unauffallig|dans les normes|hors normes|eleve|bas|normale|alto|bajo|fuera de rango|nella norma|fuori norma|alto|basso|normaal|afwijkend|verhoogd|verlaagd)$/i;
const isStatus = (cell: string) => STATUS_WORDS.test(fold(cell).replace(/[\s:.!]+$/, '').trim());

/** A card's row of names with the status word beside each name taken away ("Testosterone | Normal | Vitamin D | Low"). */
function withoutStatus(line: string): string {
  const cells = line.split('\t');
  const kept = cells.filter((cell, at) => !(at > 0 && isStatus(cell) && bareName(cells[at - 1]!)));
  return kept.length < cells.length && kept.every(bareName) ? kept.join('\t') : line;
}

/** The lines with every row of cards turned into its cards' stacks, one card after the other. */
function unstackCards(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const cells = withoutStatus(lines[index]!).split('\t');
    if (cells.length < 2 || !cells.every(bareName)) {
      out.push(lines[index]!);
      continue;
    }
    const stacks: string[][] = cells.map((cell) => [cell.trim()]);
    let next = index + 1;
    while (next < lines.length) {
      const below = lines[next]!.split('\t');
      if (below.length !== cells.length || below.every(bareName)) break;
      below.forEach((cell, at) => stacks[at]!.push(cell.trim()));
      next += 1;
    }
    // An empty line after the cards: a line the block could not place is no card's cell.
    out.push(...stacks.flat(), '');
    index = next - 1;
  }
  return out;
}

// ─── Cumulative reports ─────────────────────────────────────────────────────────────────────────────
// Many labs print a patient's history: one row per marker, one column per collection date. The header
// row holds the dates; the newest column is this report's result and its date the collection date; each
// earlier column is offered as its own dated result. A row whose cells cannot be matched to the header's
// date columns one to one (a cell missing, a cell too many) gives no value at all: reading "the first
// number" there would take an old result for the current one.

/** What may stand in a date's header cell beside the date: its time, a word saying it is the latest, a mark. */
const HEADER_DATE_EXTRA = /^(?:\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|\(?(?:current|latest|this|today|actuel(?:le)?|aktuell|actual|attuale)\)?|[*#:]|\s)*$/i;

/** The date a header cell holds and little else ("04/03/2026", "04 Mar 2026 08:15", "2026-03-04"), as its readings. */
function headerDate(cell: string): DateReadings | null {
  const text = fold(cell).trim();
  for (const format of DATE_FORMATS) {
    const match = format.pattern.exec(text);
    if (!match) continue;
    const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;
    if (!HEADER_DATE_EXTRA.test(rest)) continue;
    return format.read(match);
  }
  return null;
}

type DateColumn = { cell: number; readings: DateReadings; label: string };
type CumulativeTable = { header: number; end: number; cells: number; columns: DateColumn[] };

/** The report's cumulative tables: a header row with two or more date cells, and the rows under it up to the next header. */
function cumulativeTables(lines: readonly string[]): CumulativeTable[] {
  const tables: CumulativeTable[] = [];
  lines.forEach((line, index) => {
    const cells = line.split('\t');
    const columns = cells.flatMap((cell, at) => {
      const readings = headerDate(cell);
      return readings ? [{ cell: at, readings, label: cell.trim() }] : [];
    });
    const previous = tables.at(-1);
    // A header row ends the table above it; so does another table's header ("Test  Result  Units").
    if (previous && previous.end === lines.length && (columns.length >= 2 || cells.some((cell) => VALUE_LABEL.test(fold(cell).trim())))) previous.end = index;
    if (columns.length >= 2) tables.push({ header: index, end: lines.length, cells: cells.length, columns });
  });
  return tables;
}

/** A cell that holds one column's result: a number with its comparator and flag, or words saying there is none. */
const RESULT_CELL = new RegExp(`^(?:(?:<=?|>=?|≤|≥)\\s*)?${NUMBER}\\s*(?:\\*+|\\(?[HL]{1,2}\\)?|[↑↓])?$|^[-–—.]+$`, 'i');
const isResultCell = (cell: string) => RESULT_CELL.test(cell.trim()) || NO_RESULT.test(cell);

/**
 * Each date column's cell in a row of a cumulative table, or null when the row's cells do not line up
 * with the header's: as many cells as the header (a cell per column), or, after the name, a run of
 * result cells exactly as long as the header's run of dates.
 */
function columnCells(cells: readonly string[], table: CumulativeTable): { values: string[]; others: string[] } | null {
  const dateCells = new Set(table.columns.map((column) => column.cell));
  if (cells.length === table.cells) {
    return { values: table.columns.map((column) => cells[column.cell] ?? ''), others: cells.filter((_, at) => at > 0 && !dateCells.has(at)) };
  }
  const first = table.columns[0]!.cell;
  const contiguous = table.columns.every((column, at) => column.cell === first + at);
  if (!contiguous) return null;
  let run = 1;
  while (run < cells.length && isResultCell(cells[run]!)) run += 1;
  if (run - 1 !== table.columns.length) return null;
  return { values: cells.slice(1, run), others: cells.slice(run) };
}

/**
 * Whether the dates head columns of results: under them, at least half of the marker rows hold a result
 * (or a word for none) in every date column. Dates side by side in a patient's details ("John Smith |
 * 14/07/1979 | 04/03/2026") head no such columns, and the rows below are read as a plain table.
 */
function holdsResults(lines: readonly string[], table: CumulativeTable): boolean {
  let markerRows = 0;
  let resultRows = 0;
  for (let index = table.header + 1; index < table.end; index += 1) {
    const cells = lines[index]!.split('\t');
    if (!matchName(fold(cells[0] ?? ''))) continue;
    markerRows += 1;
    const split = columnCells(cells, table);
    if (split && split.values.every((value) => value.trim() !== '' && isResultCell(value))) resultRows += 1;
  }
  return markerRows > 0 && resultRows * 2 >= markerRows;
}

/** A date's reading in the report's order; null when it reads two ways and the report gives no cue. */
const readingIn = (readings: DateReadings, order: DateOrder | null): string | null => ('exact' in readings ? readings.exact : order ? readings[order] : null);

type TableReading = { current: ParsedMarker[]; collectedOn: string | null; dateChoices: string[]; earlier: EarlierResults[]; rows: Set<number> };

/**
 * The newest column of every cumulative table as the report's results, the earlier ones as dated results,
 * and the lines the tables' marker rows take (which the row-by-row reader then leaves alone).
 */
function readCumulative(lines: readonly string[], order: DateOrder | null, ocr: boolean): TableReading | null {
  const tables = cumulativeTables(lines);
  if (!tables.length) return null;
  const rows = new Set<number>();
  const byDay = new Map<string, Map<LabMarkerKey, Candidate | null>>();
  let newest: { day: string | null; choices: string[] } | null = null;
  for (const table of tables.filter((candidate) => holdsResults(lines, candidate))) {
    // The newest column, under the report's date order; when the order is open, under both readings alike.
    const days = table.columns.map((column) => readingIn(column.readings, order));
    const newestUnder = (which: DateOrder | null) => {
      const read = table.columns.map((column) => ('exact' in column.readings ? column.readings.exact : which ? column.readings[which] : null));
      if (read.some((day) => day === null)) return null;
      return read.indexOf([...read].sort().at(-1)!);
    };
    const currentAt = order ? newestUnder(order) : newestUnder('dmy') === newestUnder('mdy') ? newestUnder('dmy') : null;
    for (let index = table.header + 1; index < table.end; index += 1) {
      const line = lines[index]!;
      const cells = line.split('\t');
      const name = matchName(fold(cells[0] ?? ''));
      if (!name) continue;
      rows.add(index);
      if (currentAt === null) continue;
      const split = columnCells(cells, table);
      if (!split) continue;
      table.columns.forEach((column, at) => {
        // The current column's date may read two ways (the review asks); an earlier one's must be sure.
        const day = days[at] ?? (at === currentAt ? '' : null);
        if (day === null) return;
        const value = split.values[at] ?? '';
        const results = byDay.get(day) ?? new Map<LabMarkerKey, Candidate | null>();
        byDay.set(day, results);
        let found = /\d/.test(value) && !NO_RESULT.test(value) ? readNamed(name, [name.rest, value, ...split.others].join('\t'), `${shown(line)} (column ${column.label})`) : null;
        if (found && ocr && !likelyAsRead(found.row)) found = null;
        // A shared name ("Neutrophils") names its marker only through a value's unit: no value, no marker.
        const marker = found?.row.marker ?? (name.shared ? null : name.marker);
        if (marker === null) return;
        // Two rows of one marker on one day that disagree give neither.
        const before = results.get(marker);
        if (before === undefined) results.set(marker, found);
        else if (before && found && Math.abs(before.canonical - found.canonical) > SAME_RESULT * Math.max(before.canonical, 1e-9)) results.set(marker, null);
      });
    }
    if (currentAt !== null) {
      const current = table.columns[currentAt]!.readings;
      const day = readingIn(current, order);
      const choices = 'exact' in current || day ? [] : [current.dmy, current.mdy].filter((d): d is string => d !== null);
      if (!newest || (day ?? '') > (newest.day ?? '')) newest = { day, choices };
    }
  }
  if (!newest) return { current: [], collectedOn: null, dateChoices: [], earlier: [], rows };
  const markersOf = (results: Map<LabMarkerKey, Candidate | null> | undefined) => [...(results?.values() ?? [])].flatMap((c) => (c ? [c.row] : []));
  const current = markersOf(byDay.get(newest.day ?? ''));
  const earlier = [...byDay.keys()]
    .filter((day) => day !== '' && day !== newest.day && (newest.day === null || day < newest.day))
    .sort()
    .reverse()
    .map((day) => ({ collectedOn: day, markers: markersOf(byDay.get(day)) }))
    .filter((results) => results.markers.length > 0);
  return { current, collectedOn: newest.day, dateChoices: newest.choices, earlier, rows };
}

// ─── The report ─────────────────────────────────────────────────────────────────────────────────────

/** The markers and collection date a lab report's text gives (see the header for what it does not read). */
/** A value read by OCR more than this factor outside its own row's range has probably lost a decimal point. */
const OCR_VALUE_FACTOR = 8;

/**
 * Whether a row read by OCR can be trusted. A row whose range OCR could not read ("FSH 51 mIU/mL ??-???",
 * 5,1 read as 51) has nothing to check a value without a decimal point against: left out. A lost decimal
 * point ("1.7-8.6" read as "17-86") puts the upper limit outside where labs' upper limits for the marker fall (LabMarker.upperLimits), and one in
 * the value alone ("4.3" read as "43") puts it far outside its own range.
 */
function likelyAsRead(row: ParsedMarker): boolean {
  // A range OCR could not read ("??-???") leaves a value that may have lost its point ("51") unchecked.
  if (row.referenceLow === null && row.referenceHigh === null && row.line.includes('?') && Number.isInteger(row.value)) return false;
  const { upperLimits, lowerLimits } = LAB_MARKERS[row.marker];
  const canonical = (value: number) => convertToCanonical(row.marker, value, row.unit) ?? value;
  if (row.referenceHigh !== null) {
    const high = canonical(row.referenceHigh);
    if (high < upperLimits.min || high > upperLimits.max) return false;
    if (row.value > row.referenceHigh * OCR_VALUE_FACTOR) return false;
  }
  if (row.referenceLow !== null && row.referenceLow > 0) {
    const low = canonical(row.referenceLow);
    if (low < lowerLimits.min || low > lowerLimits.max) return false;
    if (row.value < row.referenceLow / OCR_VALUE_FACTOR) return false;
  }
  return true;
}

/**
 * OCR's usual slips in what a lab report holds, undone before parsing: "µ" read as "p" in a unit
 * ("pIU/mL", "plU/mL" are no units), the "1" of "A1c" read as "l", a decimal point read as a colon, a date run into
 * its time.
 */
function ocrCorrected(line: string): string {
  return (
    line
      // A cell count's power of ten garbled ("x??”?/L", "x1079/L", "x?????/L": the small raised figures
      // read badly): four marks where "10^9" stands, five where "10^12" does, each mark unread or one OCR
      // makes of that figure. The marker's own units then decide whether the count is one it is counted in.
      // First, before the rules below mistake its marks for a number's ("07" for a lost point).
      .replace(/(?<=^|\s)[x×X]([^\s/]{4,5})\/L(?=\s|$)/g, (unit, power: string) => garbledPower(power) ?? unit)
      // The same per microlitre ("x??"?/uL", "x10A3/pL": the caret read as "A", µ as "p"), four marks where
      // "10^3" or "10^6" stands; a last mark unread leaves the power to the marker's units ("x10^?/µL").
      .replace(/(?<=^|\s)[x×X]([^\s/]{4})\/[pµu]L(?=\s|$)/g, (unit, power: string) => garbledMicrolitrePower(power) ?? unit)
      // The raised 2 of eGFR's "1.73m²" read as "?".
      .replace(/(?<=\/1[.,]73\s?m)\?(?=\s|$)/g, '2')
      .replace(/(?<![A-Za-z])p(IU|UI|U)\/(m?l)\b/gi, 'µ$1/$2')
      .replace(/(?<![A-Za-z])[pu][l1|]U\/(m?l)\b/gi, 'µIU/$1')
      // µ read as "H", "HW" or "u" ("HIU/mL", "HUI/mL"), and the I of "µUI" as l ("pUl/mL"): no unit starts so.
      .replace(/(?<![A-Za-z])(?:H|HW|Hu|u)(IU|UI|U)\/([mM]?[lL])\b/g, 'µ$1/$2')
      .replace(/(?<![A-Za-z])(?:p|H|HW|u)U[l1|]\/([mM]?[lL])\b/g, 'µUI/$1')
      // µg read as "Hg" ("Hg/l" for µg/l): mercury is no unit of a blood level.
      .replace(/(?<![A-Za-z])(?:H|HW|Hu)g\/([dm]?[lL])\b/g, 'µg/$1')
      .replace(/\bA[lI]c\b/g, 'A1c')
      // Specks read as quote marks before a word ("‘TESTOSTERONE", "“ng/mL"): a report prints none there.
      .replace(/(?<=^|\s)[‘’“”`'"]+(?=[A-Za-zµ])/g, '')
      // "L/L" read as "UL", "LIL", "I/L" or "l/I": none of these is a unit, and L/L is the one that looks so.
      .replace(/(?<=^|\s)(?:UL|LIL|I\/L|l\/I|L\/I|I\/l)(?=\s|$)/g, 'L/L')
      // The l of a unit read as "!" or "|" ("mg/d!"), the "/" of "G/L" and "T/L" as I, l or 1 ("6,8 GIL"),
      // the f of "fL" as a brace ("{L"): no unit is spelt so.
      .replace(/(?<=(?:^|\s)[a-zµ]{1,5}\/[a-z]?)[!|](?=\s|$)/gi, 'l')
      .replace(/(?<=^|\s)([GT])[Il1|]L(?=\s|$)/g, '$1/L')
      .replace(/(?<=^|\s)[{(]L(?=\s|$)/g, 'fL')
      // "mUl/mL": the I of the French "mUI" read as l.
      .replace(/(?<![A-Za-z])mU[l1|]\/(m?l)\b/gi, 'mUI/$1')
      // "3:6": a decimal point read as a colon (a time has two digits after it).
      .replace(/(?<![\d:])(\d{1,3}):(\d)(?![\d:])/g, '$1.$2')
      // "04" for "0.4": a number never starts with a zero unless a decimal point follows it, so the point
      // was lost; the "?" leaves the figure unread (not dates, times or codes: "03/04", "08:21", "-0412").
      .replace(/(?<![\d.,/:-])0(?=\d+(?![\d/:.,-]))/g, '0?')
      // "*2,12": the space between a flag printed before the result and the result lost.
      .replace(/(?<=^|\s)(\*+)(?=\d)/g, '$1 ')
      // "03/04/202607:42": the space between a date and its time lost.
      .replace(/(\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4})(\d{1,2}:\d{2})/g, '$1 $2')
  );
}

/** What OCR makes of each figure of a count's power of ten: the figure, a mark unread ("?"), or its look-alikes. */
const POWER_MARKS: Record<string, RegExp> = { '1': /[1lIi|!?]/, '0': /[0oOQD?]/, '^': /[^\p{L}\d]|[74A]/u, '9': /[9gq?]/, '2': /[2zZ?]/ };

/** "x10^9/L" or "x10^12/L" for a garbled power of four or five marks that each could be its figure; else null. */
function garbledPower(marks: string): string | null {
  const power = marks.length === 4 ? '10^9' : '10^12';
  if (marks === power) return null;
  return [...power].every((figure, index) => POWER_MARKS[figure]!.test(marks[index] ?? '')) ? `x${power}/L` : null;
}

/**
 * "x10^3/µL" or "x10^6/µL" for a garbled power per microlitre of four marks, "x10^?/µL" when its last
 * mark is unread (listedFor then takes the one the marker is counted in); else null.
 */
function garbledMicrolitrePower(marks: string): string | null {
  if (![...'10^'].every((figure, index) => POWER_MARKS[figure]!.test(marks[index] ?? ''))) return null;
  const last = marks[3] ?? '';
  const figure = /3/.test(last) ? '3' : /[6bG]/.test(last) ? '6' : last === '?' ? '?' : null;
  return figure ? `x10^${figure}/µL` : null;
}

/** The white cells the differential counts, each read as a percentage and as a count. */
const DIFFERENTIAL = ['neutrophils', 'lymphocytes', 'monocytes', 'eosinophils', 'basophils'] as const;

/**
 * A report's results checked against one another: a differential's count can be no more than
 * the white cells it is a part of, and where the white cells, the percentage and the count are all read,
 * the count is the white cells times the percentage (within the rounding of what is printed: a count to
 * one decimal, a percentage to a whole number). A count that breaks either (a decimal point lost in a
 * photo: lymphocytes "21" beside white cells 6.1 and 34 %) is left out, and with it a percentage it
 * disagrees with, since which of the two was misread cannot be told.
 */
export function consistent(markers: readonly ParsedMarker[]): ParsedMarker[] {
  const canonical = (row: ParsedMarker | undefined) => (row ? convertToCanonical(row.marker, row.value, row.unit) : null);
  const find = (key: LabMarkerKey) => markers.find((m) => m.marker === key);
  const wbc = canonical(find('wbc'));
  if (wbc === null) return [...markers];
  const dropped = new Set<LabMarkerKey>();
  for (const cell of DIFFERENTIAL) {
    const count = canonical(find(`${cell}_abs`));
    const percent = canonical(find(`${cell}_pct`));
    if (count === null) continue;
    const slack = 0.06 + 0.006 * wbc;
    if (count > wbc + slack) dropped.add(`${cell}_abs`);
    else if (percent !== null) {
      const expected = (wbc * percent) / 100;
      if (Math.abs(count - expected) > 0.3 * expected + slack) {
        dropped.add(`${cell}_abs`);
        dropped.add(`${cell}_pct`);
      }
    }
  }
  return markers.filter((m) => !dropped.has(m.marker));
}

export function parseLabReport(text: string, options: { ocr?: boolean } = {}): ParsedLabReport {
  const report = parseWhole(text, options);
  return { ...report, markers: consistent(report.markers), earlier: report.earlier.map((results) => ({ ...results, markers: consistent(results.markers) })) };
}

function parseWhole(text: string, options: { ocr?: boolean }): ParsedLabReport {
  const ocr = options.ocr === true;
  const lines = unstackCards(text.split(/\r?\n/).map(cleanLine).map((line) => (ocr ? ocrCorrected(line) : line)));
  // Dates are found on the folded text, cells joined ("Prélèvement du\t04/03/2026" → "Prelevement du 04/03/2026").
  const flat = lines.map((line) => fold(line).replace(/\t/g, ' '));
  const labelled = collectionDate(flat, flat.join('\n'));
  const cumulative = readCumulative(lines, dateOrder(flat.join('\n')), ocr);
  if (!cumulative) return { ...labelled, markers: readMarkers(lines, ocr), earlier: [] };
  // The rest of the report (a table of single results beside the history) is read row by row.
  const rest = readMarkers(lines.map((line, index) => (cumulative.rows.has(index) ? '' : line)), ocr).filter((row) => !cumulative.current.some((m) => m.marker === row.marker));
  const dated = cumulative.collectedOn !== null || cumulative.dateChoices.length > 0;
  return {
    collectedOn: dated ? cumulative.collectedOn : labelled.collectedOn,
    dateChoices: dated ? cumulative.dateChoices : labelled.dateChoices,
    markers: [...cumulative.current, ...rest],
    earlier: cumulative.earlier,
  };
}

/**
 * What the reader makes of one row that another reader (a model: ./ai-reader.ts) says gives `marker`:
 * the marker its own names give the row (null for a name it does not know), whether the row is of another
 * specimen or test of that name (urine, red cells, a ratio), and whether `name` stands on the row.
 */
export function rowFacts(row: string, marker: LabMarkerKey, name: string): { knownAs: LabMarkerKey | null; otherTest: boolean; named: boolean } {
  const folded = fold(cleanLine(row)).replace(/\t/g, ' ');
  const match = matchName(folded);
  const knownAs = match ? (match.shared?.includes(marker) ? marker : match.marker) : null;
  const words = match?.rest ?? folded;
  const otherTest = OTHER_SPECIMEN.test(folded) || OTHER_TEST_AFTER_NAME.test(words.split(/\d/)[0] ?? '') || (OTHER_TEST_OF[marker]?.test(folded) ?? false);
  const printed = fold(name).trim().toLowerCase();
  const named = printed.length >= 2 && folded.toLowerCase().includes(printed);
  return { knownAs, otherTest, named };
}

/** The reference range printed after a value on a row (see findReference), for another reader's row. */
export const referenceAfter = (text: string): { low: number | null; high: number | null } => findReference(fold(cleanLine(text)).replace(/\t/g, ' '));

/** Words of the rows that give the patient's or the sample's details, never a result. */
const PERSONAL_ROW = /\b(?:patient|dob|birth|born|specimen|accession|mrn|nhs|requisition|account|physician|doctor|name|id|geb\w*|naissance|nacimiento|nascita)\b/i;

/** Rows the review lists as unread: a page rarely holds more results than this. */
export const MAX_UNREAD_ROWS = 40;

/**
 * The rows of a report that look like results and gave nothing, as the member reads them, for
 * the review to list so that he can add what the reader missed: a line that starts with a name and holds
 * a number with a unit or a range, that no result was read from, and that names no marker read elsewhere.
 * A test the app does not keep (a ratio, a urine test), a row left out as unsure, or one OCR could not
 * read is among them.
 */
export function unreadRows(text: string, report: ParsedLabReport, options: { ocr?: boolean } = {}): string[] {
  const read = [...report.markers, ...report.earlier.flatMap((results) => results.markers)];
  // A page nothing was read from is no results report the reader knows: its review says so instead.
  if (!read.length) return [];
  const sources = read.map((m) => m.line);
  const named = new Set(read.map((m) => m.marker));
  const rows: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = options.ocr ? ocrCorrected(cleanLine(raw)) : cleanLine(raw);
    const first = line.split('\t')[0] ?? '';
    // A name starts a result's row: a capital, or "eGFR", "pH", "% Neutrophils"; then a number stands alone.
    if (!/^(?:\p{Lu}|%|e?gfr\b|ph\b)/u.test(first) || !/(?:^|[\s\t])[<>≤≥]?\d/.test(line)) continue;
    const folded = fold(line);
    // A method line, or a band of an interpretation ("Sufficient 30-100"): no result's row.
    if (METHOD_LINE.test(fold(first)) || BAND_CELL.test(folded)) continue;
    // The patient's and the sample's details: a date, a name, an identifier.
    if (PERSONAL_ROW.test(folded) || DATE_FORMATS.some((format) => format.pattern.test(folded))) continue;
    if (!findAnyUnit(folded) && !RANGE.test(folded)) continue;
    // (search, not test: the labels are global patterns, whose test() would carry its last index over.)
    if (folded.search(COLLECTION_LABEL) !== -1 || folded.search(REPORT_LABEL) !== -1) continue;
    if (isSentence(folded.replace(/\t/g, ' '))) continue;
    const text = shown(line);
    if (sources.some((source) => source.includes(text))) continue;
    const name = matchName(folded);
    if (name && (named.has(name.marker) || name.shared?.some((key) => named.has(key)))) continue;
    if (!rows.includes(text)) rows.push(text);
    if (rows.length >= MAX_UNREAD_ROWS) break;
  }
  return rows;
}

/**
 * Two OCR readings of one picture (./ocr-process.mjs reads it in two page-segmentation modes, which lose
 * different rows) as one: a marker both read alike, or that only one read, is kept; a marker they read
 * differently (a value, a comparator) is left out, as is a date they disagree on.
 */
export function mergeReadings(first: ParsedLabReport, second: ParsedLabReport): ParsedLabReport {
  const same = (a: ParsedMarker, b: ParsedMarker) => a.comparator === b.comparator && Math.abs(a.value - b.value) <= 1e-9 && listedUnit(a.marker, a.unit) === listedUnit(b.marker, b.unit);
  const markers: ParsedMarker[] = [];
  for (const marker of [...first.markers, ...second.markers.filter((m) => !first.markers.some((f) => f.marker === m.marker))]) {
    const other = (first.markers.includes(marker) ? second : first).markers.find((m) => m.marker === marker.marker);
    if (!other) markers.push(marker);
    else if (same(marker, other)) {
      // Both read it alike: the reading that also found a range (or the first) is shown.
      const ranged = (m: ParsedMarker) => m.referenceLow !== null || m.referenceHigh !== null;
      markers.push(ranged(marker) || !ranged(other) ? marker : other);
    }
  }
  const dated = (report: ParsedLabReport) => report.collectedOn !== null || report.dateChoices.length > 0;
  const agree = first.collectedOn === second.collectedOn && first.dateChoices.join() === second.dateChoices.join();
  const date = agree || !dated(second) ? first : !dated(first) ? second : { collectedOn: null, dateChoices: [] };
  return { collectedOn: date.collectedOn, dateChoices: date.dateChoices, markers: consistent(markers), earlier: first.earlier.length ? first.earlier : second.earlier };
}

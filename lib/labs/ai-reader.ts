import 'server-only';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { env } from '@/lib/env';
import { convertToCanonical, LAB_MARKER_KEYS, LAB_MARKERS, listedUnit, normaliseUnit } from './markers';
import { comparatorOf, consistent, referenceAfter, rowFacts, type ParsedLabReport, type ParsedMarker } from './parse-report';

// A second reader of a lab report's text where a model is configured: OpenAI, or any
// compatible server, through structured output, beside the built-in reader (./parse-report.ts), never
// instead of it. The model proposes results; a result the built-in reader did not find is kept only when
// the report's own text bears it out on one row: the row stands in the text, the number stands alone on
// it (not as a range's end, not as a code with a leading zero), a unit the marker is reported in stands on
// it, the name the model read stands on it, the built-in reader's own names do not give the row to another
// test, and the value is plausible. Where both readers read a marker, the built-in's reading stands.
// Without OPENAI_API_KEY nothing is asked; any failure or a timeout leaves the built-in reading as it was.

/** After this long the built-in reading is answered alone. */
export const AI_READER_TIMEOUT_MS = 12_000;
/** The text sent: lab reports are a few pages; anything past this is not sent. */
const MAX_TEXT = 30_000;
const MAX_RESULTS = 120;

// No string lengths in the schema: OpenAI's strict structured outputs refuse maxLength (the tests' fake
// peer does too); a row longer than any report's is passed over in checkedSuggestion instead.
const Suggestion = z.object({
  marker: z.enum(LAB_MARKER_KEYS),
  name: z.string(),
  value: z.string(),
  unit: z.string(),
  row: z.string(),
});
/** The longest row, name, value and unit a suggestion may carry. */
const LONGEST = { row: 400, name: 120, value: 24, unit: 40 } as const;
const Answer = z.object({ results: z.array(Suggestion).max(MAX_RESULTS) });
type Suggestion = z.infer<typeof Suggestion>;

const SYSTEM = [
  "You read the text of a man's blood test report. List each test result on it whose test is one of the marker keys in the schema.",
  'For each: the marker key, the test name as printed, the result exactly as printed (digits only, with its decimal point or comma), the unit as printed, and the whole row of the text it stands on, copied exactly.',
  'Leave out a test you are not sure of, earlier results, reference limits and anything that is not a result. Answer only with JSON that matches the schema.',
].join(' ');

/** A line as the member reads it: blanks and tabs as single spaces. */
const plain = (line: string) => line.replace(/\s+/g, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A result the model proposed, checked against the report's own text; null when the text does not bear it out. */
export function checkedSuggestion(suggestion: Suggestion, lines: readonly string[], report: ParsedLabReport): ParsedMarker | null {
  const { marker } = suggestion;
  if ((Object.keys(LONGEST) as (keyof typeof LONGEST)[]).some((field) => suggestion[field].length > LONGEST[field])) return null;
  const wanted = plain(suggestion.row);
  if (wanted.length < 5) return null;
  const line = lines.find((candidate) => candidate.includes(wanted));
  if (!line) return null;
  // A row the built-in reader read another marker from is that marker's.
  if (report.markers.some((m) => m.marker !== marker && plain(m.line).includes(line))) return null;
  // The number stands alone, once: not inside another number, not a range's end, not a code.
  const printed = suggestion.value.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(printed) || /^0\d/.test(printed)) return null;
  const found = [...line.matchAll(new RegExp(`(?<![\\d.,\\w-])${escapeRegExp(printed)}(?![\\d.,]*\\d|\\w)`, 'g'))];
  if (found.length !== 1) return null;
  const at = found[0]!.index;
  const before = line.slice(0, at);
  const after = line.slice(at + printed.length);
  if (/^\s*(?:-|–|to|a|bis)\s*\d/i.test(after) || /\d\s*(?:-|–|to|bis)\s*$/i.test(before)) return null;
  // A unit the marker is reported in stands on the row after the name.
  const unit = after
    .split(/[\s()[\]]+/)
    .map((token) => listedUnit(marker, token))
    .find((listed): listed is string => listed !== undefined);
  if (!unit || normaliseUnit(unit) !== normaliseUnit(listedUnit(marker, suggestion.unit) ?? '')) return null;
  const facts = rowFacts(line, marker, suggestion.name);
  if (!facts.named || facts.otherTest || (facts.knownAs !== null && facts.knownAs !== marker)) return null;
  const value = Number(printed.replace(',', '.'));
  const canonical = convertToCanonical(marker, value, unit);
  const { min, max } = LAB_MARKERS[marker].plausible;
  if (canonical === null || canonical < min || canonical > max) return null;
  const reference = referenceAfter(after);
  return { marker, value, comparator: comparatorOf(/(?:<=?|>=?|≤|≥)\s*$/.exec(before)?.[0].trim() ?? ''), unit, referenceLow: reference.low, referenceHigh: reference.high, line };
}

/**
 * The built-in reading with what the model read and the text bears out added. `ask` is the model's call
 * (tests give their own); by default OpenAI's, when OPENAI_API_KEY is set.
 */
export async function withModelReading(text: string, report: ParsedLabReport, ask: ((text: string) => Promise<Suggestion[]>) | null = modelReader()): Promise<ParsedLabReport> {
  if (!ask) return report;
  let suggestions: Suggestion[];
  try {
    suggestions = await ask(text.slice(0, MAX_TEXT));
  } catch (error) {
    console.warn(`[labs] the model's reading was left out: ${failureOf(error)}`);
    return report;
  }
  const lines = text.split(/\r?\n/).map(plain);
  const added: ParsedMarker[] = [];
  for (const suggestion of suggestions) {
    if (report.markers.some((m) => m.marker === suggestion.marker) || added.some((m) => m.marker === suggestion.marker)) continue;
    const checked = checkedSuggestion(suggestion, lines, report);
    if (checked) added.push(checked);
  }
  // The results checked against one another again, the model's among them (a count above the white cells).
  return added.length ? { ...report, markers: consistent([...report.markers, ...added]) } : report;
}

/** Why the model's reading failed, safe to log: its status or the error's kind, never its message (which can quote the report). */
const failureOf = (error: unknown): string => (error instanceof OpenAI.APIError && error.status ? `HTTP ${error.status}` : error instanceof Error ? error.name : 'unknown error');

let client: OpenAI | undefined;

/** OpenAI's (or a compatible server's) reading of a report, or null when no key is set. */
function modelReader(): ((text: string) => Promise<Suggestion[]>) | null {
  if (!env.OPENAI_API_KEY) return null;
  client ??= new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, timeout: AI_READER_TIMEOUT_MS, maxRetries: 0 });
  const openai = client;
  return async (text) => {
    const completion = await openai.chat.completions.create(
      {
        model: env.OPENAI_MODEL,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: text },
        ],
        response_format: zodResponseFormat(Answer, 'lab_results'),
      },
      { signal: AbortSignal.timeout(AI_READER_TIMEOUT_MS), timeout: AI_READER_TIMEOUT_MS },
    );
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new Error('no content');
    const parsed = Answer.safeParse(JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')));
    if (!parsed.success) throw new Error('not the schema');
    return parsed.data.results;
  };
}

export type { Suggestion as ModelSuggestion };

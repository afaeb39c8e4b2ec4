import 'server-only';
import { withModelReading } from './ai-reader';
import { mergeReadings, parseLabReport, unreadRows, type ParsedLabReport } from './parse-report';
import { readImageText, readPdfText, type ReadingProgress } from './report-text';

// One entry point from an uploaded file's bytes to what the review screen shows: the PDF's text layer
// read in a child process (./report-text.ts), or for an image or a PDF without one (a scan) the words OCR
// recognises, then the parser (./parse-report.ts) over either, and a model's reading beside it where one
// is configured (./ai-reader.ts: only what the text bears out is added).

export type ReportReading = {
  /** false when the reader was stopped (time, memory, a crash): the member enters the values by hand. */
  readable: boolean;
  /** true when text was found to parse. */
  textFound: boolean;
  /** How the text was had: the PDF's own text, or OCR (the review asks for a closer check); null without text. */
  readBy: 'text' | 'ocr' | null;
  report: ParsedLabReport;
  /** The rows that look like results and gave nothing (unreadRows), for the review to list. */
  unread: string[];
};

const NOTHING: ParsedLabReport = { collectedOn: null, dateChoices: [], markers: [], earlier: [] };

/**
 * A PDF's own text, parsed: the reading, or null when the PDF has no text layer (a scan), which is then
 * for OCR (readByOcr, run as a background job: lib/labs/reading-job.ts).
 */
export async function readTextLayer(bytes: Uint8Array): Promise<ReportReading | null> {
  const layer = await readPdfText(bytes);
  if (!layer.readable) return { readable: false, textFound: false, readBy: null, report: NOTHING, unread: [] };
  if (!layer.text) return null;
  const report = await withModelReading(layer.text, parseLabReport(layer.text));
  return { readable: true, textFound: true, readBy: 'text', report, unread: unreadRows(layer.text, report) };
}

/** An image, or a PDF that is a scan, read by OCR; `progress` hears of each step. */
export async function readByOcr(bytes: Uint8Array, kind: 'pdf' | 'image', progress?: ReadingProgress): Promise<ReportReading> {
  const ocr = await readImageText(bytes, kind, {}, progress);
  if (!ocr.readable) return { readable: false, textFound: false, readBy: null, report: NOTHING, unread: [] };
  if (!ocr.text) return { readable: true, textFound: false, readBy: null, report: NOTHING, unread: [] };
  const first = parseLabReport(ocr.text, { ocr: true });
  const report = await withModelReading(ocr.text, ocr.alternate ? mergeReadings(first, parseLabReport(ocr.alternate, { ocr: true })) : first);
  return { readable: true, textFound: true, readBy: 'ocr', report, unread: unreadRows(ocr.text, report, { ocr: true }) };
}

/** Both in turn, in this process (the corpus tests, bench:labs): the text layer, or else OCR. */
export async function readLabReport(bytes: Uint8Array, kind: 'pdf' | 'image'): Promise<ReportReading> {
  return (kind === 'pdf' ? await readTextLayer(bytes) : null) ?? readByOcr(bytes, kind);
}

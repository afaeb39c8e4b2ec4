import 'server-only';
import { mergeReadings, parseLabReport, type ParsedLabReport } from './parse-report';
import { readImageText, readPdfText } from './report-text';

// One entry point from an uploaded file's bytes to what the review screen shows: the PDF's text layer
// read in a child process (./report-text.ts), or for an image or a PDF without one (a scan) the words OCR
// recognises, then the parser (./parse-report.ts) over either.

export type ReportReading = {
  /** false when the reader was stopped (time, memory, a crash): the member enters the values by hand. */
  readable: boolean;
  /** true when text was found to parse. */
  textFound: boolean;
  /** How the text was had: the PDF's own text, or OCR (the review asks for a closer check); null without text. */
  readBy: 'text' | 'ocr' | null;
  report: ParsedLabReport;
};

const NOTHING: ParsedLabReport = { collectedOn: null, dateChoices: [], markers: [], earlier: [] };

export async function readLabReport(bytes: Uint8Array, kind: 'pdf' | 'image'): Promise<ReportReading> {
  const layer = kind === 'pdf' ? await readPdfText(bytes) : null;
  if (layer && !layer.readable) return { readable: false, textFound: false, readBy: null, report: NOTHING };
  if (layer?.readable && layer.text) return { readable: true, textFound: true, readBy: 'text', report: parseLabReport(layer.text) };
  // An image, or a PDF that is a scan: OCR.
  const ocr = await readImageText(bytes, kind);
  if (!ocr.readable) return { readable: false, textFound: false, readBy: null, report: NOTHING };
  if (!ocr.text) return { readable: true, textFound: false, readBy: null, report: NOTHING };
  const first = parseLabReport(ocr.text, { ocr: true });
  return { readable: true, textFound: true, readBy: 'ocr', report: ocr.alternate ? mergeReadings(first, parseLabReport(ocr.alternate, { ocr: true })) : first };
}

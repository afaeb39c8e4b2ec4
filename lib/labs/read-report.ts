import 'server-only';
import { parseLabReport, type ParsedLabReport } from './parse-report';
import { readPdfText } from './report-text';

// One entry point from an uploaded file's bytes to what the review screen shows: the PDF's text layer
// read in a child process (./report-text.ts), then the parser (./parse-report.ts). Images and PDFs
// without a text layer give nothing yet (issue 23 adds OCR).

export type ReportReading = {
  /** false when the reader was stopped (time, memory, a crash): the member enters the values by hand. */
  readable: boolean;
  /** true when text was found to parse. */
  textFound: boolean;
  report: ParsedLabReport;
};

const NOTHING: ParsedLabReport = { collectedOn: null, dateChoices: [], markers: [] };

export async function readLabReport(bytes: Uint8Array, kind: 'pdf' | 'image'): Promise<ReportReading> {
  if (kind === 'image') return { readable: true, textFound: false, report: NOTHING };
  const reading = await readPdfText(bytes);
  const text = reading.readable ? reading.text : null;
  return { readable: reading.readable, textFound: Boolean(text), report: text ? parseLabReport(text) : NOTHING };
}

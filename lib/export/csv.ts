// CSV as RFC 4180 writes it (CRLF line ends, a field in double quotes when it holds a quote, a comma or a
// line break, a quote inside doubled), for the data export (lib/export/data-export.ts), and read back
// with csv-parse (parseCsv, on the server: csv-parse works on Node's Buffer).
//
// The files are opened in spreadsheets, which run a cell that starts with =, +, -, @ (or a tab or CR
// before one) as a formula: a check-in reflection the member typed as "=HYPERLINK(…)" would run in
// their own Excel. Such text cells get a leading apostrophe, which spreadsheets read as "this is text"
// (OWASP's advice for CSV injection). Numbers are written as numbers, never prefixed: -3.5 stays -3.5.

import { CsvError, type Options, parse } from 'csv-parse/sync';

const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One value as a field's text, before quoting. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  // Arrays and JSON columns: JSON text, which reads back unambiguously. It starts with [ or {, never a formula.
  return JSON.stringify(value);
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, without its line end. */
export function csvRow(values: readonly unknown[]): string {
  return values.map((value) => quoted(fieldText(value))).join(',');
}

/**
 * The header line, then each page's records: one string per page (whole lines, each ending CRLF), so
 * a page of a thousand rows is one piece for the compressor rather than a thousand.
 */
export async function* csvLines(header: readonly string[], pages: AsyncIterable<readonly (readonly unknown[])[]>): AsyncGenerator<string> {
  yield csvRow(header) + LINE_END;
  for await (const page of pages) {
    if (page.length > 0) yield page.map((row) => csvRow(row) + LINE_END).join('');
  }
}

/** How parseCsv reads: every record kept whatever its length, empty lines as one empty field, any line end. */
const READING: Options = { relax_column_count: true, skip_empty_lines: false, record_delimiter: ['\r\n', '\n', '\r'] };

/**
 * RFC 4180 text (or its UTF-8 bytes) → its records, each a list of field texts (no types: every field is
 * a string), read by csv-parse. Used to read an export back and a vendor's CSV; accepts CRLF, LF and CR
 * line ends, even mixed, and ignores a final line end. Another `delimiter` reads semicolon-separated files
 * (Oura's data export). A quote where RFC 4180 allows none (opening a field half-way, or a closing one
 * followed by more text) or one never closed is a SyntaxError.
 */
export function parseCsv(text: string | Uint8Array, delimiter = ','): string[][] {
  try {
    // Bytes are read where they are (a Buffer over the same memory): csv-parse copies a string into a Buffer first.
    return parse(typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength), { ...READING, delimiter });
  } catch (error) {
    if (error instanceof CsvError) throw new SyntaxError(`CSV not read: ${error.message}`, { cause: error });
    throw error;
  }
}

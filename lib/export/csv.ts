// CSV as RFC 4180 writes it (CRLF line ends, a field in double quotes when it holds a quote, a comma or a
// line break, a quote inside doubled), for the data export (lib/export/data-export.ts). Browser-safe: no
// server imports.
//
// The files are opened in spreadsheets, which run a cell that starts with =, +, -, @ (or a tab or CR
// before one) as a formula: a check-in reflection the member typed as "=HYPERLINK(…)" would run in
// their own Excel. Such text cells get a leading apostrophe, which spreadsheets read as "this is text"
// (OWASP's advice for CSV injection). Numbers are written as numbers, never prefixed: -3.5 stays -3.5.

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

/**
 * RFC 4180 text → its records, each a list of field texts (no types: every field is a string). Used to
 * read an export back; accepts LF as well as CRLF line ends, and ignores a final line end. Another
 * `delimiter` reads semicolon-separated files (Oura's data export).
 */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  // A field is built from slices of the text (the runs between quotes, delimiters and line ends), never a
  // character at a time: a 60 MB file costs its text and its cells, not a string per character.
  let field = '';
  let runStart = 0;
  let inQuotes = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuotes) {
      if (char !== '"') continue;
      field += text.slice(runStart, i);
      if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else inQuotes = false;
      runStart = i + 1;
    } else if (char === '"') {
      field += text.slice(runStart, i);
      inQuotes = true;
      runStart = i + 1;
    } else if (char === delimiter) {
      field += text.slice(runStart, i);
      endField();
      runStart = i + 1;
    } else if (char === '\n' || char === '\r') {
      field += text.slice(runStart, i);
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      runStart = i + 1;
    }
  }
  if (inQuotes) throw new SyntaxError('CSV ends inside a quoted field.');
  field += text.slice(runStart);
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

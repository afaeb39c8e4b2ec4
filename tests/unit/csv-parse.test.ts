import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { csvRow, parseCsv } from '@/lib/export/csv';

// parseCsv reads with csv-parse. What it reads must be what the plain reading of RFC 4180, a character at a
// time, gives, for any text: quotes anywhere, doubled quotes, CR, LF and CRLF, both delimiters, an unclosed
// quote. A quote RFC 4180 allows nowhere (one opening a field half-way, or a closing one followed by more
// of the field) and an unclosed one are refused with a SyntaxError.

/** The reading a character at a time: the reference parseCsv must agree with. */
function readCharByChar(text: string, delimiter: string): string[][] | 'unclosed' | 'misplaced quote' {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false; // the field started with a quote (so an empty one at the very end is still a field)
  let inQuotes = false;
  const endField = () => {
    record.push(field);
    field = '';
    quoted = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuotes) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        inQuotes = false;
        const next = text[i + 1];
        if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') return 'misplaced quote';
      }
    } else if (char === '"') {
      if (field !== '' || quoted) return 'misplaced quote';
      inQuotes = true;
      quoted = true;
    } else if (char === delimiter) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      records.push(record);
      record = [];
    } else field += char;
  }
  if (inQuotes) return 'unclosed';
  if (field !== '' || quoted || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

const csvText = fc.array(fc.constantFrom('a', 'b', '7', ' ', 'é', ',', ';', '"', '""', '\n', '\r', '\r\n'), { maxLength: 60 }).map((parts) => parts.join(''));

describe('parseCsv', () => {
  it('reads any text as the reading a character at a time does, with either delimiter', () => {
    fc.assert(
      fc.property(csvText, fc.constantFrom(',', ';'), (text, delimiter) => {
        const expected = readCharByChar(text, delimiter);
        if (typeof expected === 'string') expect(() => parseCsv(text, delimiter)).toThrow(SyntaxError);
        else expect(parseCsv(text, delimiter)).toEqual(expected);
      }),
      { numRuns: 2000, seed: 20261128 },
    );
  });

  it('reads back any records csvRow wrote, line breaks, quotes and commas inside cells included', () => {
    const cellText = fc.array(fc.constantFrom('a', 'é', ' ', ',', ';', '"', '\r', '\n', '\r\n'), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.array(cellText, { minLength: 1, maxLength: 5 }), { maxLength: 6 }), (records) => {
        const text = records.map((record) => `${csvRow(record)}\r\n`).join('');
        // csvRow writes a cell starting with CR as text for spreadsheets: an apostrophe before it.
        expect(parseCsv(text)).toEqual(records.map((record) => record.map((cell) => (cell.startsWith('\r') ? `'${cell}` : cell))));
      }),
      { numRuns: 1000, seed: 20261128 },
    );
  });

  it('reads a vendor-shaped file: quoted cells with commas, doubled quotes and line breaks', () => {
    const text = 'Cycle start time,Notes\r\n2026-03-01 22:14:00,"Slept ""well"", woke once\nat 4"\r\n2026-03-02 23:01:00,\n';
    expect(parseCsv(text)).toEqual([
      ['Cycle start time', 'Notes'],
      ['2026-03-01 22:14:00', 'Slept "well", woke once\nat 4'],
      ['2026-03-02 23:01:00', ''],
    ]);
  });
});

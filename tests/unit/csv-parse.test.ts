import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseCsv } from '@/lib/export/csv';

// parseCsv builds its cells from slices of the text (a 60 MB file costs its text and its cells). What it
// reads must be what the plain reading, a character at a time, gives, for any text: quotes anywhere, doubled
// quotes, CR, LF and CRLF, both delimiters, an unclosed quote.

/** The reading a character at a time: the reference parseCsv must agree with. */
function readCharByChar(text: string, delimiter: string): string[][] | 'unclosed' {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuotes) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else inQuotes = false;
    } else if (char === '"') inQuotes = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      field = '';
      records.push(record);
      record = [];
    } else field += char;
  }
  if (inQuotes) return 'unclosed';
  if (field !== '' || record.length > 0) {
    record.push(field);
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
        if (expected === 'unclosed') expect(() => parseCsv(text, delimiter)).toThrow(SyntaxError);
        else expect(parseCsv(text, delimiter)).toEqual(expected);
      }),
      { numRuns: 2000, seed: 20261128 },
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

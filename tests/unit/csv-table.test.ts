import { describe, expect, it } from '@jest/globals';
import { csvTable, ExportError } from '@/lib/imports/export-file';

// A vendor's CSV read by its header names, its delimiter (comma or semicolon) told from its first lines.

const bytes = (text: string) => new TextEncoder().encode(text);
/** Each row's cells by the given columns. */
const read = (text: string, columns: string[]) => {
  const table = csvTable(bytes(text));
  return table.rows.map((cell) => columns.map((column) => cell(column)));
};

describe('csvTable', () => {
  it('reads a comma-separated file by its header names, trimmed and in any case', () => {
    expect(read('Cycle start time, Recovery score %\r\n2026-03-01 22:14:00,55\r\n', ['cycle start time', 'recovery score %'])).toEqual([['2026-03-01 22:14:00', '55']]);
  });

  it('reads a semicolon-separated file whose cells hold JSON with commas (Oura’s)', () => {
    const contributors = '"{""deep_sleep"":71,""efficiency"":88}"';
    const text = `id;contributors;day;score\nds-0;${contributors};2026-03-01;82\nds-1;${contributors};2026-03-02;79\n`;
    expect(read(text, ['day', 'score', 'contributors'])).toEqual([
      ['2026-03-01', '82', '{"deep_sleep":71,"efficiency":88}'],
      ['2026-03-02', '79', '{"deep_sleep":71,"efficiency":88}'],
    ]);
  });

  it('takes semicolons when the rows’ decimal commas would split them unevenly', () => {
    expect(read('day;weight\n2026-03-01;81,5\n2026-03-02;81,25\n', ['day', 'weight'])).toEqual([
      ['2026-03-01', '81,5'],
      ['2026-03-02', '81,25'],
    ]);
  });

  it('takes semicolons from a header alone, and commas when a semicolon is only inside a quoted cell', () => {
    expect(csvTable(bytes('timestamp;level;charging\n')).has('level')).toBe(true);
    expect(read('day,note\n2026-03-01,"tired; slept late"\n', ['day', 'note'])).toEqual([['2026-03-01', 'tired; slept late']]);
  });

  it('takes the delimiter that splits the header into more columns when rows are uneven', () => {
    expect(read('day;steps;note\n2026-03-01;8000\n2026-03-02;9000;walk, long\n', ['day', 'steps', 'note'])).toEqual([
      ['2026-03-01', '8000', undefined],
      ['2026-03-02', '9000', 'walk, long'],
    ]);
  });

  it('tells the delimiter when the first lines run past the sample, cut inside a quoted cell', () => {
    const long = `"${'{""bpm"":[60,61,62]},'.repeat(4000)}"`;
    const text = `id;heart_rate;day\n${Array.from({ length: 5 }, (_, i) => `s-${i};${long};2026-03-0${i + 1}`).join('\n')}\n`;
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(read(text, ['day'])).toEqual([['2026-03-01'], ['2026-03-02'], ['2026-03-03'], ['2026-03-04'], ['2026-03-05']]);
  });

  it('reads a file of one column, skips blank rows and a byte-order mark', () => {
    expect(read('\uFEFFday\n2026-03-01\n\n  \n2026-03-02\n', ['day'])).toEqual([['2026-03-01'], ['2026-03-02']]);
  });

  it('refuses a file that ends inside a quoted cell as cut short', () => {
    expect(() => csvTable(bytes('day,note\n2026-03-01,"never closed\n'))).toThrow(new ExportError('truncated'));
  });
});

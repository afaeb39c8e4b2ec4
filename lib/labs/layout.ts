// Rebuilds a report page's rows and columns from where its words stand, for the parser
// (./parse-report.ts). A PDF's text items (./pdf-text-process.mjs) and OCR's words carry their
// positions; joined in content order they would put two columns' rows one after the other, run a range
// printed beside a value into the next row, or split one row over several lines. Here words that share
// a baseline make one line, left to right, and a wide gap between two words (a table's column gap)
// becomes a tab, so the parser can tell a row's cells apart; under a results table's header, each row's
// cells are put in their columns and kept in the parser's order (./table-columns.ts). Pure.

import { highMedian } from '@/lib/statistics';
import { arrange, type Cell, type Table, tableOf } from './table-columns';

/** A run of text on a page: its left edge and baseline measured from the page's top-left, in points or pixels. */
export type PlacedText = { text: string; x: number; y: number; width: number; height: number };

/** A gap wider than this many text heights between two words is a column gap (a tab). */
const COLUMN_GAP = 1.1;
/** A gap narrower than this many text heights joins two items into one word (a word split into pieces). */
const JOIN_GAP = 0.08;
/** Two items are on one line when their baselines are closer than this many text heights. */
const SAME_LINE = 0.45;

/** The high median of the values, or 0 for none. */
const median = (values: number[]): number => (values.length ? highMedian(values) : 0);

/** True when two words share more than a third of the narrower one's width: they cannot stand on one line. */
const overlap = (a: PlacedText, b: PlacedText) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > Math.min(a.width, b.width) / 3;

/**
 * A line whose words overlap across (a small method line just under a name, OCR's close lines) is two
 * lines: split where the baselines are furthest apart, again as long as words still overlap.
 */
function separated(line: PlacedText[], depth = 0): PlacedText[][] {
  if (depth > 3 || line.length < 2 || !line.some((a, i) => line.slice(i + 1).some((b) => overlap(a, b)))) return [line];
  const byY = [...line].sort((a, b) => a.y - b.y);
  let cut = 1;
  for (let i = 1; i < byY.length; i += 1) if (byY[i]!.y - byY[i - 1]!.y > byY[cut]!.y - byY[cut - 1]!.y) cut = i;
  if (byY[cut]!.y === byY[cut - 1]!.y) return [line];
  return [...separated(byY.slice(0, cut), depth + 1), ...separated(byY.slice(cut), depth + 1)];
}

/** One page's lines, top to bottom, each with its cells separated by tabs; a results table's rows in the parser's order (./table-columns.ts). */
export function pageLines(items: readonly PlacedText[]): string[] {
  const words = items
    .map((item) => ({ ...item, text: item.text.replace(/\s+/g, ' ').trim() }))
    .filter((item) => item.text !== '' && Number.isFinite(item.x) && Number.isFinite(item.y) && item.height > 0);
  if (!words.length) return [];
  const typical = median(words.map((w) => w.height));
  // Top to bottom; a line collects every item whose baseline is within SAME_LINE of the line's first.
  const byBaseline = [...words].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: (typeof words)[] = [];
  for (const word of byBaseline) {
    const line = lines.at(-1);
    const height = Math.max(typical, line?.[0]?.height ?? 0);
    if (line && Math.abs(word.y - line[0]!.y) <= SAME_LINE * height) line.push(word);
    else lines.push([word]);
  }
  let table: Table | null = null;
  return lines.flatMap((line) => separated(line)).map((line) => {
    const cells = cellsOf(line, typical);
    const opened = tableOf(cells);
    if (opened) {
      table = opened;
      return opened.header.join('\t');
    }
    const row = table ? arrange(cells, table) : null;
    return (row ?? cells.map((cell) => cell.text)).join('\t');
  });
}

/** A line's words left to right, as cells: a gap wider than COLUMN_GAP heights starts a new cell. */
function cellsOf(line: readonly PlacedText[], typical: number): Cell[] {
  const cells: Cell[] = [];
  for (const word of [...line].sort((a, b) => a.x - b.x)) {
    const cell = cells.at(-1);
    const height = Math.max(typical, word.height);
    const gap = cell ? word.x - cell.x1 : Infinity;
    if (cell && gap <= COLUMN_GAP * height) {
      cell.text += gap > JOIN_GAP * height ? ` ${word.text}` : word.text;
      cell.x1 = Math.max(cell.x1, word.x + word.width);
    } else {
      cells.push({ text: word.text, x0: word.x, x1: word.x + word.width });
    }
  }
  return cells;
}

/** Every page's lines, pages one after another. */
export function layoutText(pages: readonly (readonly PlacedText[])[]): string {
  return pages.map((items) => pageLines(items).join('\n')).join('\n');
}

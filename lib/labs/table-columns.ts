// A results table read by its geometry: the header row names the columns ("Test | Result |
// Flag | Units | Reference range | Lab", in six languages), the columns' bands are where the header's
// cells stand, and each row's cells are put in the band they overlap most. A row then keeps only its name,
// its result, its flag, its unit and its range, in that order, whatever order the lab printed them in:
// a site code ("Testosterone, Serum  02  612 ng/dL"), an earlier result (with its own flag), a method or
// any column the header does not name never stands where the parser (./parse-report.ts) looks for the
// result. A line that does not fit the bands (a comment across the page, a section's title, a date line)
// is left as it was printed. Pure: used by ./layout.ts on each page's lines.

/** A cell of a line: its words' text and where it stands across the page. */
export type Cell = { text: string; x0: number; x1: number };

/** The part a column plays; `other` columns (previous results, the lab's code, a method) are not kept. */
type Role = 'name' | 'result' | 'flag' | 'unit' | 'range' | 'other';

/** The kept columns in the order the parser reads a row. */
const ORDER: readonly Role[] = ['name', 'result', 'flag', 'unit', 'range'];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*:$/, '')
    .trim();

/**
 * Header words by role, accents folded, the whole cell matched: English, German, French, Spanish,
 * Italian and Dutch. "Reference Range - Units" (one column for both) is a range: its unit is read from it.
 */
const HEADER_WORDS: readonly (readonly [Role, RegExp])[] = [
  ['name', /^(?:tests?|test name|tests? (?:ordered|performed)|analytes?|analysis|investigations?|parameters?|examinations?|components?|descriptions?|untersuchung(?:en)?|analysen?|kenngrosse|examens?|analyses?|pruebas?|determinaci(?:on|ones)|magnitud|esami?|analisi|bepaling(?:en)?|onderzoek|test ?naam)$/],
  ['result', /^(?:results?|values?|your (?:result|value)|current(?: result)?|ergebnis(?:se)?|wert|befund|messwert|resultats?|resultados?|risultat[oi]|esito|valeurs?|uitslag|waarde|resultaat)(?: \(?\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\)?)?$/],
  ['flag', /^(?:flags?|status|abn(?:ormal)?|h\/l|l\/h|alert|markierung|indicateur|indicador|vlag)$/],
  ['unit', /^(?:units?|einheit(?:en)?|unites?|unidad(?:es)?|unita(?: di misura)?|u\.? ?m\.?|eenhe(?:id|den))$/],
  [
    'range',
    /^(?:(?:normal|reference|ref\.?|bio\.? ?ref(?:erence)?\.?|biological ref\w*|standard|expected)\s+(?:range|interval|values?)s?|reference|references|ref\.?|range|normal|norm|normwerte?|normbereich|referenz\w*|ref\.?-?bereich|valeurs? (?:de )?references?|valeurs? normales?|intervalle de reference|(?:rango|intervalo|valores?) de referencia|valori (?:di )?riferimento|intervallo di riferimento|referentie\w*|normaalwaarden?)(?: ?[-/&] ?units?)?$/,
  ],
  ['other', /^(?:lab|laboratory|site|code|loc|location|performing(?: lab| site)?|labo|method|methode|metodo|methodik|specimen)$/],
];

/** A column of earlier results ("Previous (12/01/2025)", "Vorwert"): never the result, even when the result's header was not read. */
const PREVIOUS = /^(?:(?:previous|prior|last|earlier)(?: results?| values?)?(?: \(?[\d./-]+\)?)?|vorwert(?:e)?|vorbefund|anteriorites?|anterieur|precedente?|anterior(?:es)?|resultado anterior|vorige(?: uitslag)?|eerdere?)$/;

const roleOf = (cell: string): Role | null => (PREVIOUS.test(fold(cell)) ? 'other' : (HEADER_WORDS.find(([, words]) => words.test(fold(cell)))?.[0] ?? null));

/** A column of the table: its role and its band across the page. */
type Column = { role: Role; from: number; to: number };

/**
 * `resultless`: the header names a column of earlier results but no result column (OCR lost the result's
 * header and its figures, a bold column in a photo): the table's rows give no result, so an earlier one
 * never stands in for it.
 */
export type Table = { columns: Column[]; header: string[]; resultless: boolean };

/**
 * The table a header line opens, or null when the line is no header: each of its cells names a column
 * (a nameless first column is the names'), one of them the result and one the unit or the range. Two
 * result columns (a "In Range | Out Of Range" pair, two tables side by side) are left to the parser.
 */
export function tableOf(cells: readonly Cell[]): Table | null {
  if (cells.length < 3) return null;
  const roles = cells.map((cell) => roleOf(cell.text));
  if (roles.includes(null)) return null;
  const count = (role: Role) => roles.filter((r) => r === role).length;
  const resultless = count('result') === 0 && cells.some((cell) => PREVIOUS.test(fold(cell.text)));
  if ((count('result') !== 1 && !resultless) || count('name') > 1 || count('unit') + count('range') === 0) return null;
  if (count('flag') > 1 || count('unit') > 1 || count('range') > 1) return null;
  // The names' column is the first: a header without a name cell has its names left of the first column.
  if (count('name') === 1 && roles[0] !== 'name') return null;
  const named = roles[0] === 'name';
  const columns: Column[] = [];
  if (!named) columns.push({ role: 'name', from: -Infinity, to: cells[0]!.x0 });
  cells.forEach((cell, index) => {
    const next = cells[index + 1];
    // A band runs from the middle of the gap before its header to the middle of the gap after it.
    const from = index === 0 ? (named ? -Infinity : cell.x0) : (cells[index - 1]!.x1 + cell.x0) / 2;
    const to = next ? (cell.x1 + next.x0) / 2 : Infinity;
    columns.push({ role: roles[index]!, from, to });
  });
  const header = ORDER.flatMap((role) => {
    const at = roles.indexOf(role);
    return at === -1 ? [] : [cells[at]!.text];
  });
  return { columns, header, resultless };
}

const overlap = (cell: Cell, column: Column) => Math.min(cell.x1, column.to) - Math.max(cell.x0, column.from);

/** A code printed after a name, in the names' column: a site or lab code ("02", "01", "EN", "Z4M"). */
const CODE = /^(?:0\d{1,2}|[A-Z]{2,3}|[A-Z]\d[A-Z]?|\d[A-Z]{1,2})$/;
/** A cell that can be a result: a number (perhaps with "<" or ">" and a flag), or a word a lab prints for none. */
const RESULT_LIKE = /^(?:[<>≤≥]=?\s*)?\d|^(?:pending|to follow|see (?:below|note|comment)|cancel+ed|haemolysed|hemolyzed|not (?:done|received|tested)|insufficient|qns|tnp)/i;

/**
 * A row's cells in the parser's order (name, result, flag, unit, range), or null when the line is not a
 * row of the table: a cell that straddles columns more than it stands in one, no name, or a result column
 * that holds no result.
 */
export function arrange(cells: readonly Cell[], table: Table): string[] | null {
  const byRole = new Map<Role, string[]>();
  for (const cell of cells) {
    const width = Math.max(cell.x1 - cell.x0, 1e-6);
    let best = table.columns[0]!;
    for (const column of table.columns) if (overlap(cell, column) > overlap(cell, best)) best = column;
    // Wider than its column by half again: a sentence or a title across the table, not a cell of it.
    if (overlap(cell, best) < width / 2) return null;
    byRole.set(best.role, [...(byRole.get(best.role) ?? []), cell.text]);
  }
  const [name, ...codes] = byRole.get('name') ?? [];
  // A row of a table whose result column was not read: its name alone, which gives nothing.
  if (table.resultless) return name && /^[\p{L}%#(]/u.test(name) && byRole.has('other') ? [name] : null;
  const result = byRole.get('result') ?? [];
  if (!name || !/^[\p{L}%#(]/u.test(name) || !result.length || !RESULT_LIKE.test(result[0]!)) return null;
  // A cell after the name in the names' column is the name's own continuation unless it is a code.
  const nameCell = [name, ...codes.filter((code) => !CODE.test(code))].join(' ');
  // A column the row leaves empty (no flag) is no cell: the parser reads tabs as the gaps between cells.
  return ORDER.map((role) => (role === 'name' ? nameCell : (byRole.get(role) ?? []).join(' '))).filter((cell) => cell !== '');
}

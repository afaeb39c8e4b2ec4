// Type-ahead for comboboxes: which options match what the user typed, best first. Pure.

/** `population`, when known, ranks matches within a group: 'Lond' finds London before Londesborough. */
export type SearchableOption = { value: string; label: string; population?: number };

/** Lower case without accents, so 'zur' finds 'Zürich'. */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

const byPopulation = (a: SearchableOption, b: SearchableOption) => (b.population ?? 0) - (a.population ?? 0);

/**
 * Type-ahead over a list: the label equal to the query first ('Manchester' before 'Manchester Airport'),
 * then labels that start with it, then labels with a word that starts with it, then any other match
 * ('Godmanchester'); each group by population, largest first, else in list order.
 */
export function createOptionSearch<T extends SearchableOption>(options: readonly T[]): (query: string) => T[] {
  const folded = options.map((option) => foldForSearch(option.label));
  return (query) => {
    const q = foldForSearch(query.trim());
    if (!q) return [...options];
    const exact: T[] = [];
    const starts: T[] = [];
    const wordStarts: T[] = [];
    const contains: T[] = [];
    folded.forEach((label, i) => {
      const option = options[i];
      const at = label.indexOf(q);
      if (!option || at === -1) return;
      if (label === q) exact.push(option);
      else if (at === 0) starts.push(option);
      else if (startsAWord(label, q, at)) wordStarts.push(option);
      else contains.push(option);
    });
    // Array sort is stable, so options of equal (or no) population keep the list's order.
    return [...exact.sort(byPopulation), ...starts.sort(byPopulation), ...wordStarts.sort(byPopulation), ...contains.sort(byPopulation)];
  };
}

const isWordCharacter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Whether `query` occurs in `label` at `from` or later right after a space, hyphen or other separator. */
function startsAWord(label: string, query: string, from: number): boolean {
  for (let at = from; at !== -1; at = label.indexOf(query, at + 1)) {
    if (!isWordCharacter(label[at - 1])) return true;
  }
  return false;
}

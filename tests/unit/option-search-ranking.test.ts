import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createOptionSearch, foldForSearch, type SearchableOption } from '@/lib/option-search';

// The city type-ahead's order, as properties over any list: exact, then prefix, then word start, then
// any other match, whatever order the list comes in and whatever the populations.

const labels = (options: readonly SearchableOption[]) => options.map((option) => option.label);

/** 0 exact, 1 prefix, 2 a later word's start, 3 anywhere else; the order the search promises. */
function rank(label: string, query: string): number {
  const folded = foldForSearch(label);
  const q = foldForSearch(query.trim());
  if (folded === q) return 0;
  if (folded.startsWith(q)) return 1;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(folded) ? 2 : 3;
}

// Short words over a small alphabet, so that queries often match several labels in every way.
const word = fc.string({ unit: fc.constantFrom('a', 'm', 'n', 'c', 'h', 'e', 'r', 's', 't'), minLength: 1, maxLength: 6 });
const label = fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', '-')).map(([words, separator]) => words.join(separator));
const option = fc.record({ label, population: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }) });
const optionList = fc.uniqueArray(option, { selector: (o) => foldForSearch(o.label), minLength: 1, maxLength: 25 });
const asOptions = (list: readonly { label: string; population: number | undefined }[]): SearchableOption[] =>
  list.map(({ label, population }) => (population === undefined ? { value: label, label } : { value: label, label, population }));

describe('createOptionSearch ranking', () => {
  it('puts the one exact match first, whatever the list order, the populations or the case typed', () => {
    fc.assert(
      fc.property(optionList, fc.nat(), fc.boolean(), (list, pick, upper) => {
        const options = asOptions(list);
        const target = options[pick % options.length]!;
        const typed = upper ? target.label.toUpperCase() : `  ${target.label} `;
        const found = createOptionSearch(options)(typed);
        expect(found[0]?.label).toBe(target.label);
      }),
    );
  });

  it('returns exactly the options whose label contains the query, in exact, prefix, word-start, contains order', () => {
    fc.assert(
      fc.property(optionList, word, (list, query) => {
        const options = asOptions(list);
        const found = createOptionSearch(options)(query);
        const q = foldForSearch(query);
        expect(new Set(labels(found))).toEqual(new Set(labels(options.filter((o) => foldForSearch(o.label).includes(q)))));
        const ranks = found.map((o) => rank(o.label, query));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
    );
  });

  it('orders each group by population, largest first, and keeps the list order among equals', () => {
    fc.assert(
      fc.property(optionList, word, (list, query) => {
        const options = asOptions(list);
        const found = createOptionSearch(options)(query);
        found.forEach((current, i) => {
          const previous = found[i - 1];
          if (!previous || rank(previous.label, query) !== rank(current.label, query)) return;
          const [a, b] = [previous.population ?? 0, current.population ?? 0];
          expect(a).toBeGreaterThanOrEqual(b);
          if (a === b) expect(options.indexOf(previous)).toBeLessThan(options.indexOf(current));
        });
      }),
    );
  });

  it("finds Manchester first for 'Manchester', before larger prefix matches, with Godmanchester last", () => {
    const options: SearchableOption[] = [
      { value: 'Godmanchester', label: 'Godmanchester', population: 6_000 },
      { value: 'Manchester', label: 'Manchester', population: 395_515 },
      { value: 'Manchester Airport', label: 'Manchester Airport', population: 900_000 },
      { value: 'West Manchester', label: 'West Manchester', population: 1_000 },
    ];
    expect(labels(createOptionSearch(options)('manchester'))).toEqual(['Manchester', 'Manchester Airport', 'West Manchester', 'Godmanchester']);
  });
});

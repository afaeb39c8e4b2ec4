import { Card } from '@/components/ui/card';
import { formatDateGB } from '@/lib/format';
import { EXPLANATIONS, GENERIC, isUrgent, retestBy } from '@/lib/labs/explanations';
import { unitLabel } from '@/lib/labs/lab-units';
import { convertedNumber, resultFigure, resultText } from '@/lib/labs/result-text';
import { type ResultsMatrix, type ResultsSummary, resultsMatrix, summariseResults, type SummaryEntry } from '@/lib/labs/results-summary';
import type { ResultPanel } from '@/lib/labs/results';

const lower = (flag: 'Low' | 'High') => flag.toLowerCase();

/** "Vitamin D low (27.4 ng/mL), Haematocrit high (0.55 L/L)" */
const listed = (entries: readonly SummaryEntry[], words: (entry: SummaryEntry) => string) => entries.map((entry) => `${entry.label} ${words(entry)} (${resultText(entry.value)})`).join(', ');

/** The sentences /my_results leads with: what is outside the lab's range, what is near an edge, and the rest. */
export function SummaryText({ summary }: { summary: ResultsSummary }) {
  const { total, outside, borderline, inRange, noRange } = summary;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="results-summary">
      <p className="text-base text-neutral-900">
        <span className="font-semibold">
          {outside.length} of {total}
        </span>{' '}
        {total === 1 ? 'result is' : 'latest results are'} outside the lab’s range{outside.length ? `: ${listed(outside, (entry) => lower(entry.flag))}.` : '.'}
      </p>
      {outside.length ? (
        <div className="flex flex-col gap-2">
          {outside.map((entry) => (
            <Explained key={entry.marker} entry={entry} />
          ))}
        </div>
      ) : null}
      {borderline.length ? (
        <p className="text-neutral-700">
          Near the edge of the range: {listed(borderline, (entry) => `near the ${entry.flag === 'Low' ? 'low' : 'high'} end`)}.
        </p>
      ) : null}
      <p className="text-neutral-600">
        {inRange} well inside the range{noRange ? `; ${noRange} with no range printed on the report` : ''}.
      </p>
    </div>
  );
}

/**
 * What a flagged result means (lib/labs/explanations.ts): what the test measures, the common reasons for
 * its direction, what to ask the doctor, when to test again, and the sources, under the marker's name.
 */
function Explained({ entry }: { entry: SummaryEntry }) {
  const explanation = EXPLANATIONS[entry.marker];
  const reasons = explanation ? (entry.flag === 'High' ? explanation.high : explanation.low) : undefined;
  const retest = retestBy(entry.marker, entry.value.takenOn);
  const sources = explanation?.sources ?? GENERIC.sources;
  return (
    <details className="rounded-lg border border-neutral-200 px-4 py-2.5" data-testid={`explained-${entry.marker}`}>
      <summary className="cursor-pointer text-sm font-medium text-neutral-900">
        {entry.label} {lower(entry.flag)}: what it can mean
      </summary>
      <div className="mt-2 flex flex-col gap-2 text-sm text-neutral-700">
        {isUrgent(entry.marker, entry.value.value, entry.value.unit) ? (
          <p className="rounded-md bg-danger-50 px-3 py-2 font-medium text-danger-800">
            This result is far outside its range: speak to a doctor today or tomorrow, and get urgent care if you feel unwell.
          </p>
        ) : null}
        {explanation ? <p>{explanation.measures}</p> : null}
        {reasons ? <p>{reasons}</p> : null}
        <p>{explanation?.ask ?? GENERIC.ask}</p>
        {retest && explanation ? (
          <p>
            Test again in {explanation.retestWeeks[0] === explanation.retestWeeks[1] ? explanation.retestWeeks[0] : `${explanation.retestWeeks[0]} to ${explanation.retestWeeks[1]}`} weeks: by{' '}
            <span className="font-medium text-neutral-900">{formatDateGB(retest)}</span>.
          </p>
        ) : null}
        <p className="text-xs text-neutral-600">
          This explains; it does not diagnose. Sources:{' '}
          {sources.map((source, index) => (
            <span key={source.url}>
              {index ? '; ' : ''}
              <a href={source.url} className="text-brand-700 underline underline-offset-2 hover:text-brand-900" rel="noreferrer">
                {source.name}
              </a>
            </span>
          ))}
          .
        </p>
      </div>
    </details>
  );
}

/** Markers by the days they were taken, newest first; a result outside the range is marked and coloured. */
function Matrix({ matrix }: { matrix: ResultsMatrix }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="All results by date">
      <table className="text-left text-sm tabular-nums">
        <caption className="sr-only">Each marker’s results by the day the sample was taken, newest first</caption>
        <thead className="text-xs text-neutral-600">
          <tr>
            <th scope="col" className="pb-1.5 pr-8 font-medium">Marker</th>
            <th scope="col" className="pb-1.5 pr-8 font-medium">Unit</th>
            {matrix.dates.map((date) => (
              <th key={date} scope="col" className="pb-1.5 pr-8 font-medium whitespace-nowrap">
                {formatDateGB(date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {matrix.rows.map((row) => (
            <tr key={row.marker}>
              <th scope="row" className="py-1.5 pr-8 font-normal text-neutral-800">{row.label}</th>
              <td className="py-1.5 pr-8 text-neutral-600">{unitLabel(row.unit)}</td>
              {row.cells.map((cell, index) => (
                <td key={matrix.dates[index]} className="py-1.5 pr-8">
                  {cell === null ? (
                    <span className="text-neutral-400" aria-label="no result">–</span>
                  ) : (
                    <span className={cell.flag ? 'rounded bg-warning-50 px-1.5 py-0.5 font-semibold text-warning-800' : 'text-neutral-900'}>
                      {cell.shown === null
                        ? resultText(cell.value)
                        : cell.value.unit === row.unit
                          ? resultFigure(cell.value)
                          : resultFigure({ value: cell.shown, comparator: cell.value.comparator }, convertedNumber)}
                      {cell.flag ? <span className="ml-1 text-xs">{cell.flag === 'High' ? 'H' : 'L'}</span> : null}
                      {cell.flag ? <span className="sr-only"> ({cell.flag})</span> : null}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /my_results' first card: the summary, then every result at a glance. */
export function ResultsAtAGlance({ panels }: { panels: readonly ResultPanel[] }) {
  if (!panels.length) return null;
  const matrix = resultsMatrix(panels);
  return (
    <Card title="At a glance">
      <div className="flex flex-col gap-5">
        <SummaryText summary={summariseResults(panels)} />
        <details className="group" open={matrix.dates.length > 1}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-900">
            All results by date ({matrix.rows.length} markers, {matrix.tests === matrix.dates.length ? `${matrix.tests} ${matrix.tests === 1 ? 'test' : 'tests'}` : `the ${matrix.dates.length} newest of ${matrix.tests} tests`})
          </summary>
          <div className="mt-3">
            <Matrix matrix={matrix} />
          </div>
        </details>
      </div>
    </Card>
  );
}

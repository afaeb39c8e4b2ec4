import { Card } from '@/components/ui/card';
import { formatDateGB } from '@/lib/format';
import type { BiologicalAge, PhenoAgeEstimate, PhenoAgeInput } from '@/lib/labs/biological-age';
import { rangeText, resultText } from '@/lib/labs/result-text';

// The "Biological age" card of /my_results: the figure, how far it is from the calendar
// age, which results moved it most, its trend over reports and what it cannot say. Every number is from
// lib/labs/biological-age.ts; with no figure, the card says why and what would give one.

const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const years = (value: number) => ONE_DECIMAL.format(value);

/** "3.2 years younger than your calendar age", "1.0 year older …", "the same as …". */
export function differenceText(estimate: Pick<PhenoAgeEstimate, 'phenoAge' | 'calendarAge'>): string {
  const difference = Number((estimate.phenoAge - estimate.calendarAge).toFixed(1));
  if (difference === 0) return 'the same as your calendar age';
  const size = Math.abs(difference);
  return `${years(size)} ${size === 1 ? 'year' : 'years'} ${difference < 0 ? 'younger' : 'older'} than your calendar age`;
}

/** "+1.3 years" / "−0.4 years": what a result added to or took from the figure. */
function moved(value: number): string {
  const rounded = Number(value.toFixed(1));
  if (rounded === 0) return 'under 0.1 years';
  return `${rounded > 0 ? '+' : '−'}${years(Math.abs(rounded))} years`;
}

function From({ input }: { input: PhenoAgeInput }) {
  if (!input.report) return <>Your own entry</>;
  return (
    <a href={`/api/lab-reports/${input.report.id}/file`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {input.report.fileName}
    </a>
  );
}

function Inputs({ estimate }: { estimate: PhenoAgeEstimate }) {
  // Largest effect first; a result with no two-ended range to compare against last.
  const rows = [...estimate.inputs].sort((a, b) => Math.abs(b.years ?? -1) - Math.abs(a.years ?? -1));
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">The nine results behind your biological age, the one that moved it most first</caption>
      <thead className="text-xs text-neutral-600">
        <tr>
          <th scope="col" className="pb-1.5 font-medium">Result</th>
          <th scope="col" className="pb-1.5 font-medium">Value</th>
          <th scope="col" className="pb-1.5 font-medium">Lab range</th>
          <th scope="col" className="pb-1.5 font-medium">
            Moved it, against mid-range
          </th>
          <th scope="col" className="pb-1.5 font-medium">Taken</th>
          <th scope="col" className="pb-1.5 font-medium">From</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {rows.map((input) => (
          <tr key={input.marker} data-testid={`bio-age-input-${input.marker}`}>
            <th scope="row" className="py-1.5 pr-3 font-normal text-neutral-900">{input.label}</th>
            <td className="py-1.5 pr-3 text-neutral-900 tabular-nums">{resultText(input)}</td>
            <td className="py-1.5 pr-3 text-neutral-600 tabular-nums">{rangeText(input.low, input.high)}</td>
            <td className="py-1.5 pr-3 tabular-nums">
              {input.years === null ? <span className="text-neutral-600">— no range to compare</span> : <span className={input.years > 0.05 ? 'text-red-800' : input.years < -0.05 ? 'text-emerald-800' : 'text-neutral-700'}>{moved(input.years)}</span>}
            </td>
            <td className="py-1.5 pr-3 text-neutral-700">{formatDateGB(input.takenOn)}</td>
            <td className="py-1.5">
              <From input={input} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Trend({ trend }: { trend: readonly PhenoAgeEstimate[] }) {
  return (
    <table className="w-full max-w-lg text-left text-sm">
      <caption className="mb-1.5 text-left text-xs font-medium text-neutral-600">Over your reports</caption>
      <thead className="text-xs text-neutral-600">
        <tr>
          <th scope="col" className="pb-1.5 font-medium">Taken</th>
          <th scope="col" className="pb-1.5 font-medium">Biological age</th>
          <th scope="col" className="pb-1.5 font-medium">Calendar age</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {[...trend].reverse().map((estimate) => (
          <tr key={estimate.on}>
            <th scope="row" className="py-1.5 font-normal text-neutral-700">{formatDateGB(estimate.on)}</th>
            <td className="py-1.5 text-neutral-900 tabular-nums">{years(estimate.phenoAge)}</td>
            <td className="py-1.5 text-neutral-700 tabular-nums">{years(estimate.calendarAge)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the figure is and how it is worked out, for the member who asks. */
const About = () => (
  <details className="rounded-card border border-neutral-200 px-4 py-3 text-sm text-neutral-700">
    <summary className="cursor-pointer font-medium text-neutral-900">How it is worked out</summary>
    <div className="mt-2 flex flex-col gap-2">
      <p>
        This is Levine’s PhenoAge (Levine and others, <i>Aging</i>, 2018). Nine routine blood results and your age give a risk score, and the figure is the age at which people in
        a large US health survey (NHANES) had that score on average. It is an estimate to follow yourself over time, not a diagnosis.
      </p>
      <p>
        It uses your results only when all nine come from one test, or from tests within 30 days of each other, each an exact value (not “&lt;0.3”). “Moved it” is how much
        each result added or took off, compared with the middle of the range your lab printed beside it.
      </p>
    </div>
  </details>
);

export function BiologicalAgeCard({ bioAge }: { bioAge: BiologicalAge }) {
  const { current, refusal, trend } = bioAge;
  return (
    <Card title="Biological age" data-testid="biological-age">
      {current ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
            <p className="text-4xl font-semibold text-neutral-950 tabular-nums" data-testid="bio-age-figure">
              {years(current.phenoAge)}
              <span className="ml-1.5 text-base font-normal text-neutral-600">years</span>
            </p>
            <p className="pb-1 text-sm text-neutral-800">
              <span data-testid="bio-age-difference">{differenceText(current)}</span> ({years(current.calendarAge)}), from your results of {formatDateGB(current.on)}.
            </p>
          </div>
          <Inputs estimate={current} />
          <div className="flex flex-col gap-1.5">
            <h3 className="text-sm font-semibold text-neutral-900">What it cannot say</h3>
            <ul className="list-disc pl-5 text-sm text-neutral-700">
              {current.cautions.map((caution) => (
                <li key={caution}>{caution}</li>
              ))}
            </ul>
          </div>
          {trend.length > 1 ? <Trend trend={trend} /> : null}
          <About />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-4xl font-semibold text-neutral-400" aria-hidden="true">
            —
          </p>
          <p className="text-sm text-neutral-800" data-testid="bio-age-refusal">
            {refusal}
          </p>
          {trend.length ? (
            <p className="text-sm text-neutral-700">
              Your last biological age was {years(trend.at(-1)!.phenoAge)}, from your results of {formatDateGB(trend.at(-1)!.on)}.
            </p>
          ) : null}
          <About />
        </div>
      )}
    </Card>
  );
}

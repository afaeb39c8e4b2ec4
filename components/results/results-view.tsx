import Link from 'next/link';
import { FlagBadge } from './flag-badge';
import { ResultTable } from './result-table';
import { unitLabel } from '@/lib/labs/lab-units';
import { verdictText } from '@/lib/labs/reference-change';
import { convertedNumber, printedText, resultNumber, resultText } from '@/lib/labs/result-text';
import { Card } from '@/components/ui/card';
import { formatDateGB } from '@/lib/format';
import type { MarkerHistory, ResultPanel, ResultValue } from '@/lib/labs/results';
import { UPLOAD_PATH } from '@/lib/routes';

/** Where a value came from: its report (the file, to open) or the member's own entry. */
function From({ value }: { value: ResultValue }) {
  if (!value.report) return <>Your own entry</>;
  return (
    <>
      <a href={`/api/lab-reports/${value.report.id}/file`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {value.report.fileName}
      </a>
      <span className="text-neutral-600">, uploaded {formatDateGB(value.report.uploadedOn)}</span>
    </>
  );
}


/** "Up from 12.1 nmol/L on 3 Mar 2026" (", now 493 ng/dL" when the two were given in different units), from the two newest exact values. */
function Change({ change }: { change: NonNullable<MarkerHistory['change']> }) {
  // A figure converted into the marker's own unit is written to three significant digits, as the dashboard
  // writes a converted testosterone (493 ng/dL, not 493.2).
  const figure = change.latest === undefined ? resultNumber : convertedNumber;
  const since = `${figure(change.previous)} ${unitLabel(change.unit)} on ${formatDateGB(change.previousOn)}`;
  const now = change.latest === undefined ? '' : `, now ${figure(change.latest)} ${unitLabel(change.unit)}`;
  const words = `${change.direction === 'up' ? 'Up from' : change.direction === 'down' ? 'Down from' : 'The same as'} ${since}${now}`;
  const { verdict } = change;
  if (!verdict) return <p className="text-xs text-neutral-600">{words}</p>;
  return (
    <div className="text-xs text-neutral-600" data-testid="result-change">
      <p>
        {words}: <span className={verdict.real ? 'font-semibold text-neutral-900' : undefined}>{verdictText(verdict)}</span>.
      </p>
      <p className="mt-0.5">
        How much this result varies in a healthy person from week to week, measuring included:{' '}
        <a href={verdict.source.url} className="text-brand-700 underline underline-offset-2" target="_blank" rel="noreferrer">
          {verdict.source.name}
        </a>
      </p>
    </div>
  );
}

function Marker({ history }: { history: MarkerHistory }) {
  const [latest] = history.values;
  const id = `result-${history.marker}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2" data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold text-neutral-900">
          {history.label}
        </h3>
        {latest ? (
          <p className="text-sm text-neutral-700">
            Latest <span className="font-semibold text-neutral-950 tabular-nums">{resultText(latest)}</span>
            {latest.flag ? <FlagBadge flag={latest.flag} /> : null}
          </p>
        ) : null}
      </div>
      {history.change ? <Change change={history.change} /> : null}
      <ResultTable
        caption={`Every ${history.label} result, newest first`}
        captionClassName="sr-only"
        first={{ title: 'Taken', width: 'w-32', cellClassName: 'font-normal text-neutral-700' }}
        last={{ title: 'From' }}
        resultWidth="w-48"
        rangeWidth="w-40"
        rows={history.values.map((value) => ({
          key: `${value.takenOn}-${value.report?.id ?? 'own'}`,
          head: formatDateGB(value.takenOn),
          result: value,
          flag: value.flag,
          note: printedText(value),
          last: <From value={value} />,
        }))}
      />
    </section>
  );
}

/** /my_results: each panel a card, each marker its values over time. */
export function ResultsView({ panels }: { panels: ResultPanel[] }) {
  if (!panels.length) {
    return (
      <Card title="No results yet">
        <p className="text-sm text-neutral-600">
          Your blood results appear here, marker by marker, once you upload a report and confirm its values.{' '}
          <Link href={UPLOAD_PATH} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Upload a blood test
          </Link>
        </p>
      </Card>
    );
  }
  return (
    <>
      {panels.map((panel) => (
        <Card key={panel.key} title={panel.title}>
          <div className="flex flex-col gap-6">
            {panel.markers.map((history) => (
              <Marker key={history.marker} history={history} />
            ))}
          </div>
        </Card>
      ))}
    </>
  );
}

import { Card } from '@/components/ui/card';
import { capitalised, formatDateGB } from '@/lib/format';
import type { DataSources } from '@/lib/metrics/data-sources';

/** Every source the member's daily figures come from, with the days it covers; the demo account says its figures are made up. */
export function DataSourcesCard({ data }: { data: DataSources }) {
  const { sources, demonstration } = data;
  return (
    <Card title="Where your figures come from" data-testid="data-sources">
      {demonstration ? (
        <p className="mb-4 rounded-control border border-info-200 bg-info-50 p-3 text-sm text-info-800">
          This is the demo account. Its figures are demonstration data, made as if by an Oura Ring and a Withings scale; no device is connected to it.
        </p>
      ) : null}
      {sources.length ? (
        <ul className="divide-y divide-neutral-100 text-sm">
          {sources.map((source) => (
            <li key={source.source} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="font-medium text-neutral-900">
                {capitalised(source.name)}
                {demonstration && source.source !== 'MANUAL' ? <span className="ml-2 text-xs font-normal text-neutral-600">demonstration data</span> : null}
              </span>
              <span className="text-neutral-600 tabular-nums">
                {source.days} {source.days === 1 ? 'day' : 'days'}, {source.first === source.last ? formatDateGB(source.first) : `${formatDateGB(source.first)} to ${formatDateGB(source.last)}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">No figures yet. Connect a device above, or enter your weight on your profile, and each source will show here.</p>
      )}
    </Card>
  );
}

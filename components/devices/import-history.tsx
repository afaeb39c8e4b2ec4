import type { ImportView } from '@/lib/imports/history';
import { ImportHistoryControls } from './import-history-controls';

/** How a member gets each vendor's export (docs/integrations/history-imports.md; the README says the same). */
const EXPORT_STEPS: readonly (readonly [string, string])[] = [
  ['Apple Health', 'in the Health app on your iPhone, tap your picture, then Export All Health Data.'],
  ['Garmin', 'on connect.garmin.com, Account, Data Management, Export Your Data (a zip arrives by email); or the .fit files on your watch.'],
  ['Whoop', 'in the Whoop app, Menu, then Export WHOOP Data (a zip arrives by email).'],
  ['Oura', 'in the Oura Membership Hub, Export data, then Request your data.'],
  ['Withings', 'on the Withings web dashboard, Settings, then Download my data.'],
];


/**
 * My devices → Import your history: what it brings and where each vendor's export is found (no script
 * needed, so a server page sends it as HTML), then the upload, preview and earlier imports.
 */
export function ImportHistory({ initial, load = false }: { initial: ImportView[]; load?: boolean }) {
  return (
    <div className="flex flex-col gap-4" id="import">
      <p className="text-sm text-neutral-700">
        Bring the history you already have: upload the export your app gives you, exactly as it arrives, and its years of steps, sleep, heart rate, HRV, weight and more
        fill your dashboard and insights.
      </p>
      <ul className="flex flex-col gap-1 text-xs text-neutral-600" aria-label="Where to get your export">
        {EXPORT_STEPS.map(([vendor, how]) => (
          <li key={vendor}>
            <span className="font-medium text-neutral-800">{vendor}:</span> {how}
          </li>
        ))}
      </ul>
      <ImportHistoryControls initial={initial} load={load} />
    </div>
  );
}

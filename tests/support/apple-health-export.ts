import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';

// Apple Health exports built in code, in the layout of the Health app's export.zip
// (apple_health_export/export.xml; docs/integrations/history-imports.md): a record per line, dates
// with their UTC offset, blood pressure as a Correlation whose two Records also stand on their own.

export type ExportRecord = { type: string; value: string | number; unit?: string; start: string; end?: string; source?: string };

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
]>
<HealthData locale="en_GB">
 <ExportDate value="2026-11-20 09:00:00 +0000"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-06-15" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
`;
const FOOTER = '</HealthData>\n';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One Record element; `start` and `end` as the export writes them ("2026-11-20 07:30:00 +0100"). */
export function recordXml(r: ExportRecord): string {
  const unit = r.unit === undefined ? '' : ` unit="${escape(r.unit)}"`;
  return ` <Record type="${r.type}" sourceName="${escape(r.source ?? 'Alex’s Apple Watch')}" sourceVersion="11.1"${unit} creationDate="${r.end ?? r.start}" startDate="${r.start}" endDate="${r.end ?? r.start}" value="${escape(String(r.value))}"/>\n`;
}

/** A blood-pressure reading as the export writes it: the Correlation, and its two Records again on their own. */
export function bloodPressureXml(systolic: number, diastolic: number, at: string, source = 'Withings'): string {
  const pair = [recordXml({ type: 'HKQuantityTypeIdentifierBloodPressureSystolic', value: systolic, unit: 'mmHg', start: at, source }), recordXml({ type: 'HKQuantityTypeIdentifierBloodPressureDiastolic', value: diastolic, unit: 'mmHg', start: at, source })];
  return ` <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="${source}" creationDate="${at}" startDate="${at}" endDate="${at}">\n${pair.join('')} </Correlation>\n${pair.join('')}`;
}

/** The XML of an export holding these elements (Record lines or any other XML). */
export const exportXml = (body: string) => `${HEADER}${body}${FOOTER}`;

/** export.zip bytes, export.xml in its folder beside the files the importer passes over. */
export function exportZip(xml: string, entry = 'apple_health_export/export.xml'): Uint8Array {
  // A fixed modification time, so that the same export is the same file (the same SHA-256).
  return zipSync({ [entry]: strToU8(xml), 'apple_health_export/export_cda.xml': strToU8('<ClinicalDocument/>') }, { mtime: new Date('2026-01-01T00:00:00Z') });
}

/**
 * A large export written as a stream, `records` records long (steps, heart rate, sleep and the rest
 * over consecutive days), without holding it in memory: for the benchmark. Calls `write` with each
 * compressed chunk.
 */
export async function streamLargeExport(records: number, write: (chunk: Uint8Array) => Promise<void> | void): Promise<void> {
  const pending: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    pending.push(chunk);
  });
  const file = new ZipDeflate('apple_health_export/export.xml', { level: 6 });
  zip.add(file);
  const flush = async () => {
    for (const chunk of pending.splice(0)) await write(chunk);
  };
  file.push(strToU8(HEADER));
  const perDay = 4_500;
  let lines: string[] = [];
  for (let i = 0; i < records; i += 1) {
    const day = Math.floor(i / perDay);
    const date = new Date(Date.UTC(2023, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const n = i % perDay;
    const minute = n % 1440;
    const at = `${date} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00 +0000`;
    if (n < 3_000) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierHeartRate', value: 60 + (n % 40), unit: 'count/min', start: at }));
    else if (n < 4_400) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierStepCount', value: 5 + (n % 20), unit: 'count', start: at, source: n % 2 ? 'Alex’s iPhone' : 'Alex’s Apple Watch' }));
    else if (n < 4_490) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierActiveEnergyBurned', value: 4.5, unit: 'kcal', start: at }));
    else if (n === 4_490) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierRestingHeartRate', value: 56, unit: 'count/min', start: at }));
    else if (n === 4_491) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN', value: 48, unit: 'ms', start: at }));
    else if (n === 4_492) lines.push(recordXml({ type: 'HKQuantityTypeIdentifierBodyMass', value: 88.4, unit: 'kg', start: at, source: 'Withings' }));
    else lines.push(recordXml({ type: 'HKCategoryTypeIdentifierSleepAnalysis', value: 'HKCategoryValueSleepAnalysisAsleepCore', start: `${date} 01:00:00 +0000`, end: `${date} 01:50:00 +0000` }));
    if (lines.length === 2_000) {
      file.push(strToU8(lines.join('')));
      lines = [];
      await flush();
    }
  }
  file.push(strToU8(lines.join('') + FOOTER), true);
  zip.end();
  await flush();
}

import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { readAppleHealthExport } from '@/lib/imports/apple-health-export';
import { ExportError } from '@/lib/imports/export-file';
import { exportXml, exportZip } from '../support/apple-health-export';

// Characters XML 1.0 forbids (www.w3.org/TR/xml/#charsets: Char excludes U+0000–U+0008, U+000B, U+000C,
// U+000E–U+001F, U+FFFE, U+FFFF), as iOS 16 exports carry them inside metadata values: dropped where they
// stand, so one of them loses no record, let alone the rest of a history. The records are written as the
// Health app's export.xml writes them; expected figures are worked out by hand beside each case.

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const ENERGY = 'HKQuantityTypeIdentifierActiveEnergyBurned';
const HEART = 'HKQuantityTypeIdentifierHeartRate';
const HRV = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN';
const WEIGHT = 'HKQuantityTypeIdentifierBodyMass';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const WATCH = '&lt;&lt;HKDevice: 0x283bd6120&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.0&gt;';
const FORBIDDEN = [...Array.from({ length: 9 }, (_, i) => i), 0x0b, 0x0c, ...Array.from({ length: 18 }, (_, i) => 0x0e + i), 0xfffe, 0xffff].map((code) => String.fromCharCode(code));

/** The start of an iOS 16 export (HealthKit Export Version 12), its DTD as Apple wrote it: the VisionPrescription ATTLIST never closed. */
const IOS16_HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 12 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST VisionPrescription
  type             CDATA #REQUIRED
  dateIssued       CDATA #REQUIRED
  expirationDate   CDATA #REQUIRED
  brand            CDATA #IMPLIED
<!ELEMENT Prescription EMPTY>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-03-20 09:00:00 +0000"/>
`;

const daysOf = async (xml: string) => Object.fromEntries((await readAppleHealthExport([exportZip(xml)])).days);

describe('Apple Health: characters XML forbids', () => {
  it('reads an iOS 16 export with U+000B in a metadata value, a sourceName and the text between records, its broken DTD and all', async () => {
    const xml = `${IOS16_HEADER} <Record type="${STEPS}" sourceName="Alex’s Apple Watch" sourceVersion="9.0" device="${WATCH}" unit="count" creationDate="2026-03-01 08:10:00 +0000" startDate="2026-03-01 08:00:00 +0000" endDate="2026-03-01 08:10:00 +0000" value="1000">
  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="A1\u000BB2"/>
 </Record>
\u000B <Record type="${STEPS}" sourceName="Alex’s\u000B Apple Watch" sourceVersion="9.0" unit="count" creationDate="2026-03-02 08:10:00 +0000" startDate="2026-03-02 08:00:00 +0000" endDate="2026-03-02 08:10:00 +0000" value="2000">
  <MetadataEntry key="HKExternalUUID" value="\u000C\u0001"/>
 </Record>
 <Record type="${SLEEP}" sourceName="Alex’s Apple Watch" sourceVersion="9.0" creationDate="2026-03-03 06:00:00 +0000" startDate="2026-03-02 23:00:00 +0000" endDate="2026-03-03 06:00:00 +0000" value="HKCategoryValueSleepAnalysisAsleepUnspecified\uFFFF"/>
</HealthData>
`;
    // 1 March: 1,000 steps; 2 March: 2,000 (read after the bad characters, not lost); a night of 23:00–06:00 = 420 minutes on 3 March.
    expect(await daysOf(xml)).toEqual({ '2026-03-01': { steps: 1000 }, '2026-03-02': { steps: 2000 }, '2026-03-03': { sleepDurationMinutes: 420 } });
  });

  it('still refuses a DTD that declares an entity, and a file cut short, whatever characters it carries', async () => {
    const body = `<Record type="${STEPS}" sourceName="W\u000B" unit="count" startDate="2026-03-01 08:00:00 +0000" endDate="2026-03-01 08:00:00 +0000" value="5"/>`;
    const problem = async (xml: string) => readAppleHealthExport([zipSync({ 'apple_health_export/export.xml': strToU8(xml) })]).then(() => 'read', (error: unknown) => (error instanceof ExportError ? error.problem : String(error)));
    expect(await problem(`<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY x "\u000B">]><HealthData locale="en_GB">${body}</HealthData>`)).toBe('unsafe_xml');
    expect(await problem(`<?xml version="1.0"?><HealthData locale="en_GB">${body}`)).toBe('truncated');
  });

  // ---- Property: a forbidden character anywhere in an attribute value or a text changes no figure ----

  type Sample = { kind: 0 | 1 | 2 | 3 | 4 | 5; day: number; minute: number; length: number; value: number; source: 0 | 1 | 2 | 3 };
  const sampleArb: fc.Arbitrary<Sample> = fc.record({
    kind: fc.constantFrom(0, 1, 2, 3, 4, 5),
    day: fc.integer({ min: 1, max: 4 }),
    minute: fc.integer({ min: 0, max: 1300 }),
    length: fc.integer({ min: 0, max: 120 }),
    value: fc.integer({ min: 1, max: 900 }),
    source: fc.constantFrom(0, 1, 2, 3),
  });
  const SOURCES = [
    ['Alex’s Apple Watch', ` device="${WATCH}"`, ''],
    ['Alex’s iPhone', '', ''],
    ['Sleep Cycle', '', '<MetadataEntry key="HKTimeZone" value="Europe/London"/>'],
    ['Health', '', '<MetadataEntry key="HKWasUserEntered" value="1"/>'],
  ] as const;
  const at = (day: number, minute: number) => `2026-03-0${day} ${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00 +0000`;

  function written(s: Sample): string {
    const [name, device, metadata] = SOURCES[s.source];
    const end = Math.min(s.minute + s.length, 1439);
    const [type, unit, value] = [
      [STEPS, 'count', String(s.value)],
      [ENERGY, 'kcal', String(s.value / 10)],
      [HEART, 'count/min', String(40 + (s.value % 150))],
      [HRV, 'ms', String(10 + (s.value % 150))],
      [WEIGHT, 'kg', String(50 + (s.value % 60))],
      [SLEEP, '', ['HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAwake', 'HKCategoryValueSleepAnalysisAsleepDeep'][s.value % 3]!],
    ][s.kind]!;
    const unitAttribute = unit ? ` unit="${unit}"` : '';
    return ` <Record type="${type}" sourceName="${name}" sourceVersion="9.0"${device}${unitAttribute} creationDate="${at(s.day, end)}" startDate="${at(s.day, s.minute)}" endDate="${at(s.day, end)}" value="${value}">\n  ${metadata}<MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n </Record>\n`;
  }

  /** The offsets inside the root element where a character may go: in an attribute value, or in a text between tags. */
  function places(xml: string): number[] {
    const out: number[] = [];
    const from = xml.indexOf('<HealthData');
    let quoted = false;
    let inTag = false;
    for (let i = from; i < xml.length; i += 1) {
      const c = xml[i];
      if (inTag && c === '"') {
        if (quoted) out.push(i);
        quoted = !quoted;
        if (quoted) out.push(i + 1);
      } else if (quoted) out.push(i + 1);
      else if (c === '<') inTag = true;
      else if (c === '>') {
        inTag = false;
        out.push(i + 1);
      } else if (!inTag) out.push(i + 1);
    }
    return [...new Set(out)].filter((p) => p <= xml.lastIndexOf('</HealthData>'));
  }

  it('inserting any forbidden character anywhere in any attribute value or text of an export changes no figure', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sampleArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FORBIDDEN)), { minLength: 1, maxLength: 6 }),
        async (samples, insertions) => {
          const clean = exportXml(samples.map(written).join(''));
          const spots = places(clean);
          // Inserted from the end backwards, so each offset still points where it was chosen.
          const chosen = insertions.map(([n, c]) => [spots[n % spots.length]!, c] as const).sort(([a], [b]) => b - a);
          const dirty = chosen.reduce((xml, [offset, c]) => xml.slice(0, offset) + c + xml.slice(offset), clean);
          const [withThem, without] = await Promise.all([dirty, clean].map((xml) => readAppleHealthExport([exportZip(xml)])));
          expect(Object.fromEntries(withThem!.days)).toEqual(Object.fromEntries(without!.days));
          expect([withThem!.records, withThem!.used, withThem!.heartRate]).toEqual([without!.records, without!.used, without!.heartRate]);
          // Not vacuous: every sample was a record read.
          expect(without!.records).toBe(samples.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});

// Lab report PDFs to markers: the text PDF.js (through unpdf) gives for reports laid out three ways
// (tests/support/lab-pdfs.ts), read by parseLabReport. No database is used; this sits with the
// integration tests because it runs the real PDF library end to end.
import { describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseLabReport } from '@/lib/labs/parse-report';
import { MAX_PAGES, pdfText } from '@/lib/labs/report-text';
import { imageOnlyPdf, LAB_REPORT_EXPECTED, labReportPdf, unrecognisablePdf, type LabReportLayout } from '@/tests/support/lab-pdfs';

/** A number compared to 6 decimals (a parsed 0.1 + 0.2 is not 0.3); null stays null. */
const near = (value: number | null) => (value === null ? null : expect.closeTo(value, 6));

describe.each<LabReportLayout>(['uk-table', 'us-columns', 'eu-list'])('a %s report', (layout) => {
  it('gives exactly the markers and collection date it holds', async () => {
    const text = await pdfText(await labReportPdf(layout));
    expect(text).not.toBeNull();
    const report = parseLabReport(text ?? '');
    const expected = LAB_REPORT_EXPECTED[layout];

    expect(report.collectedOn).toBe(expected.collectedOn);
    expect(report.markers.map(({ marker, value, unit, referenceLow, referenceHigh }) => ({ marker, value, unit, referenceLow, referenceHigh }))).toEqual(
      expected.markers.map((marker) => ({
        ...marker,
        value: near(marker.value),
        referenceLow: near(marker.referenceLow),
        referenceHigh: near(marker.referenceHigh),
      })),
    );
    // Every layout carries the total testosterone the dashboard charts.
    expect(report.markers.map((m) => m.marker)).toContain('total_testosterone');
  });

  it('gives each marker the trimmed line it was read from', async () => {
    const report = parseLabReport((await pdfText(await labReportPdf(layout))) ?? '');
    for (const marker of report.markers) {
      expect(marker.line).toBe(marker.line.trim());
      expect(marker.line).not.toContain('\n');
      // The value as printed (decimal comma or point) is on the line.
      expect(marker.line.replace(/(\d),(\d)/g, '$1.$2')).toMatch(new RegExp(`(^|[^\\d.])${String(marker.value).replace('.', '\\.')}0*([^\\d]|$)`));
    }
  });
});

describe('pdfText', () => {
  it('reads a letter, in which the parser finds no markers', async () => {
    const text = await pdfText(await unrecognisablePdf());
    expect(text).toContain('Dear Mr Example');
    // The letter's own date is the fallback for a report without a collection date.
    expect(parseLabReport(text ?? '')).toEqual({ collectedOn: '2026-03-14', dateChoices: [], markers: [], earlier: [] });
  });

  it('gives null for a PDF without a text layer', async () => {
    expect(await pdfText(await imageOnlyPdf())).toBeNull();
  });

  it('gives null for bytes that are not a PDF', async () => {
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 42;
    const noise = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed & 0xff;
    });
    expect(await pdfText(noise)).toBeNull();
    expect(await pdfText(new Uint8Array())).toBeNull();
    expect(await pdfText(new TextEncoder().encode('Testosterone 14.2 nmol/L'))).toBeNull();
    expect(await pdfText(new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'))).toBeNull();
  });

  it(`reads only the first ${MAX_PAGES} pages`, async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let number = 1; number <= MAX_PAGES + 5; number += 1) {
      doc.addPage([300, 200]).drawText(`Page ${number} of many`, { x: 20, y: 100, size: 12, font });
    }
    const text = await pdfText(await doc.save());
    expect(text).toContain(`Page ${MAX_PAGES} of many`);
    expect(text).not.toContain(`Page ${MAX_PAGES + 1} of many`);
  });

  it('leaves the bytes it is given as they were', async () => {
    const bytes = await labReportPdf('uk-table');
    const copy = bytes.slice();
    await pdfText(bytes);
    expect(bytes).toEqual(copy);
  });
});

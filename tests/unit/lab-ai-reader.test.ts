// The model's reading of a lab report beside the built-in reader (lib/labs/ai-reader.ts),
// through the OpenAI SDK against the local fake peer (which refuses a response_format that OpenAI's strict
// structured outputs would refuse): what the report's own text bears out on one row is added, the built-in
// reading stands where both read a marker, and anything the text does not bear out, a failure or an
// outage leaves the built-in reading as it was.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseLabReport } from '@/lib/labs/parse-report';
import { fakeOpenAIForThisFile } from '../fakes/openai-env';
import { FAKE_OPENAI_KEY, type FakeOpenAI } from '../fakes/openai-peer';

const TEXT = [
  'Collected: 04/03/2026',
  'Test\tResult\tUnits\tReference range',
  'Testosterone\t18.2\tnmol/L\t8.6 - 29.0',
  'Leuc\t5.8\tx10^9/L\t(4.0-11.0)',
  'Eryth\t4.92\tx10^12/L\t(4.50-6.50)',
  'Magnesium, RBC\t5.1\tmg/dL\t4.2-6.8',
  'Lymphs (Absolute)\t21\tx10^9/L\t(1.0-4.0)',
].join('\n');

const row = (marker: string, name: string, value: string, unit: string, line: string) => ({ marker, name, value, unit, row: line });

const openai = fakeOpenAIForThisFile('test-model');
const { warnings } = openai;
let fake: FakeOpenAI;
let reader: typeof import('@/lib/labs/ai-reader');

beforeAll(async () => {
  ({ fake } = openai);
  reader = await import('@/lib/labs/ai-reader');
});

const values = (report: { markers: { marker: string; value: number; unit: string; referenceLow: number | null; referenceHigh: number | null }[] }) =>
  Object.fromEntries(report.markers.map((m) => [m.marker, [m.value, m.unit, m.referenceLow, m.referenceHigh]]));

describe('a model’s reading beside the built-in reader', () => {
  it('adds what the text bears out on one row, and nothing else', async () => {
    const builtIn = parseLabReport(TEXT);
    // Without the white cells, the built-in reader cannot tell the lymphocytes' "21" (2.1) misread.
    expect(values(builtIn)).toEqual({ total_testosterone: [18.2, 'nmol/L', 8.6, 29], lymphocytes_abs: [21, '10^9/L', 1, 4] });
    fake.setChatReply({
      json: {
        results: [
          // Names the built-in reader does not know, each on its row with its number and unit: added.
          row('wbc', 'Leuc', '5.8', 'x10^9/L', 'Leuc 5.8 x10^9/L (4.0-11.0)'),
          row('rbc', 'Eryth', '4.92', 'x10^12/L', 'Eryth\t4.92\tx10^12/L\t(4.50-6.50)'),
          // Both read testosterone: the built-in's 18.2 stands, not the range's end.
          row('total_testosterone', 'Testosterone', '29.0', 'nmol/L', 'Testosterone 18.2 nmol/L 8.6 - 29.0'),
          // The red cells' magnesium is not the serum's.
          row('magnesium', 'Magnesium', '5.1', 'mg/dL', 'Magnesium, RBC 5.1 mg/dL 4.2-6.8'),
          // A row that is not in the text, and a number not on its row.
          row('psa', 'PSA', '3.1', 'ng/mL', 'PSA 3.1 ng/mL 0.0-4.0'),
          row('ferritin', 'Ferritin', '120', 'ug/L', 'Eryth 4.92 x10^12/L (4.50-6.50)'),
        ],
      },
    });
    const read = await reader.withModelReading(TEXT, builtIn);
    // With the white cells read, the lymphocyte count above them is left out as misread.
    expect(values(read)).toEqual({ total_testosterone: [18.2, 'nmol/L', 8.6, 29], wbc: [5.8, '10^9/L', 4, 11], rbc: [4.92, '10^12/L', 4.5, 6.5] });
    expect(read.markers.find((m) => m.marker === 'wbc')?.line).toBe('Leuc 5.8 x10^9/L (4.0-11.0)');
    // The request: the report's text, and a strict schema OpenAI accepts (the fake refuses one it would not).
    const request = fake.chatRequests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    expect(JSON.stringify(request.body.messages)).toContain('Leuc\\t5.8');
    expect(warnings).toEqual([]);
  });

  it.each([
    ['an outage', () => fake.failWith('server-error'), 'HTTP 503'],
    ['an answer off the schema', () => fake.setChatReply({ json: { results: [{ marker: 'not_a_marker' }] } }), 'Error'],
    ['text that is not JSON', () => fake.setChatReply({ text: 'Sure! Here are the results…' }), 'SyntaxError'],
  ])('%s leaves the built-in reading as it was', async (_, fail, kind) => {
    fail();
    const builtIn = parseLabReport(TEXT);
    expect(await reader.withModelReading(TEXT, builtIn)).toBe(builtIn);
    expect(warnings).toEqual([`[labs] the model's reading was left out: ${kind}`]);
  });

  it('without a model, nothing is asked', async () => {
    const before = fake.chatRequests.length;
    const builtIn = parseLabReport(TEXT);
    expect(await reader.withModelReading(TEXT, builtIn, null)).toBe(builtIn);
    expect(fake.chatRequests.length).toBe(before);
  });
});

// The archive's README.txt, written last: it lists every file with its row count, and any upload left out.

export type Written = { name: string; about: string; rows?: number };
export type Skipped = { name: string; reason: string };

export const PROFILE_ABOUT = 'Your profile: name, e-mail, date of birth, height and weights, where you live, your onboarding answers and preferences, and when you signed up.';
export const FHIR_ABOUT =
  'Your measurements and blood-test results as a FHIR R4 Bundle (HL7’s standard for health records), which a doctor’s or hospital’s system can import: each figure coded in LOINC with its unit in UCUM, blood tests in the units labs use; and what you take (your supplements, medicines and testosterone therapy), one MedicationStatement each. A blood pressure with only one of its two readings is in the CSV files alone.';

export function readme(now: Date, written: Written[], uploads: number, skipped: Skipped[]): string {
  const count = (rows: number) => ` (${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'})`;
  const lines = [
    'Your Vitality data',
    '==================',
    '',
    `Exported ${now.toISOString()} (UTC). This archive holds what Vitality keeps about you, in files any`,
    'computer can open: JSON, CSV (spreadsheets open them) and the files you uploaded.',
    '',
    'Files',
    '-----',
    ...written.map((file) => `${file.name}${file.rows === undefined ? '' : count(file.rows)}\n    ${file.about}`),
    `uploads/ (${uploads} ${uploads === 1 ? 'file' : 'files'})\n    The blood-test reports you uploaded, exactly as you sent them, named <report id>-<your file name>.`,
    '',
    'About the CSV files',
    '-------------------',
    '- Comma-separated (RFC 4180), UTF-8; the first line names the columns.',
    '- Times are ISO 8601 in UTC (2026-03-18T10:30:00.000Z); days are YYYY-MM-DD.',
    '- An empty cell means nothing was recorded.',
    '- Lists and chat transcripts are JSON text inside their cell.',
    "- A text cell that begins with = + - @ starts with an apostrophe ('), so that a spreadsheet shows it as",
    '  text instead of running it as a formula.',
    '',
    'Not included',
    '------------',
    '- Your password: we keep only a one-way hash of it, which is no use to anyone, you included.',
    '- Sign-in sessions and tokens, the access tokens of your wearables, and your linked devices’ tokens.',
    '- Card and payment details: Stripe holds them, not us.',
  ];
  if (skipped.length > 0) {
    lines.push('', 'Uploaded files that could not be included', '-----------------------------------------');
    lines.push(...skipped.map((file) => `- ${file.name}: ${file.reason}`));
  }
  return `${lines.join('\n')}\n`;
}

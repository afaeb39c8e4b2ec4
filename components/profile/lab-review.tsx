'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { postJson } from '@/lib/client/api-call';
import { LAB_MARKER_KEYS, LAB_MARKERS, unitsOf, type LabMarkerKey } from '@/lib/labs/markers';
import type { UploadAnswer } from '@/lib/labs/reports';
import { UNREADABLE_MESSAGE } from '@/lib/labs/upload-messages';
import { LOGIN_PATH } from '@/lib/routes';

/** What POST /api/upload-lab-report answered: the report and the values read from it. */
export type ReviewStart = UploadAnswer;

type Comparator = '' | '<' | '<=' | '>' | '>=';
type Row = { key: number; marker: LabMarkerKey; comparator: Comparator; value: string; unit: string; low: string; high: string; line: string | null };
type RowErrors = Partial<Record<'value' | 'unit' | 'reference_high', string>>;

const MARKER_OPTIONS = LAB_MARKER_KEYS.map((key) => ({ value: key, label: LAB_MARKERS[key].label }));
const text = (value: number | null) => (value === null ? '' : String(value));
const blankRow = (key: number, marker: LabMarkerKey): Row => ({ key, marker, comparator: '', value: '', unit: LAB_MARKERS[marker].unit, low: '', high: '', line: null });

/** How a value relates to its number: exact, or a bound the lab gave ("<0.1"). */
const COMPARATOR_OPTIONS: { value: Comparator; label: string }[] = [
  { value: '', label: '=' },
  { value: '<', label: '<' },
  { value: '<=', label: '≤' },
  { value: '>', label: '>' },
  { value: '>=', label: '≥' },
];

const DAY_WORDS = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const dayWords = (day: string) => DAY_WORDS.format(new Date(`${day}T00:00:00Z`));

/** The review screen: every value read from the report, editable, plus any typed in; only what is confirmed is saved. */
export function LabReview({ start, onCancel, onSaved }: { start: ReviewStart; onCancel: () => void; onSaved: (count: number) => void }) {
  const [takenOn, setTakenOn] = useState(start.collected_on ?? '');
  const [rows, setRows] = useState<Row[]>(() =>
    start.markers.length
      ? start.markers.map((m, key) => ({ key, marker: m.marker, comparator: m.comparator ?? '', value: String(m.value), unit: m.unit, low: text(m.referenceLow), high: text(m.referenceHigh), line: m.line }))
      : [blankRow(0, 'total_testosterone')],
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [errors, setErrors] = useState<{ taken_on?: string; rows: Record<number, RowErrors>; form?: string }>({ rows: {} });
  const [saving, setSaving] = useState(false);
  /** The earlier collections (a cumulative report's older columns) the member ticked to save as well. */
  const [earlierTicked, setEarlierTicked] = useState<string[]>([]);

  const update = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setErrors((current) => ({ ...current, rows: { ...current.rows, [key]: {} }, form: undefined }));
  };
  const addRow = () => {
    const used = new Set(rows.map((r) => r.marker));
    const marker = LAB_MARKER_KEYS.find((k) => !used.has(k)) ?? 'total_testosterone';
    setRows((current) => [...current, blankRow(nextKey, marker)]);
    setNextKey(nextKey + 1);
  };

  const confirm = async () => {
    const body = {
      report_id: start.report_id,
      taken_on: takenOn,
      results: rows.map((row) => ({
        marker: row.marker,
        comparator: row.comparator === '' ? null : row.comparator,
        value: row.value.trim() === '' ? null : Number(row.value.replace(',', '.')),
        unit: row.unit,
        reference_low: row.low.trim() === '' ? null : Number(row.low.replace(',', '.')),
        reference_high: row.high.trim() === '' ? null : Number(row.high.replace(',', '.')),
      })),
    };
    setSaving(true);
    try {
      const response = await postJson('/api/lab-results', body);
      if (response.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!response.ok) {
        setErrors(errorsFrom(response.data, rows, response.message));
        return;
      }
      // Each earlier collection ticked is saved as its own dated results, from the same report, as read.
      let saved = rows.length;
      for (const results of start.earlier.filter((e) => earlierTicked.includes(e.collected_on))) {
        const earlier = await postJson('/api/lab-results', {
          report_id: start.report_id,
          taken_on: results.collected_on,
          results: results.markers.map((m) => ({ marker: m.marker, comparator: m.comparator, value: m.value, unit: m.unit, reference_low: m.referenceLow, reference_high: m.referenceHigh })),
        });
        if (!earlier.ok) {
          // Saving again replaces what was saved (one value per marker and day), so Confirm can simply be pressed again.
          setErrors({ rows: {}, form: `Your results of ${dayWords(takenOn)} are saved, but those of ${dayWords(results.collected_on)} were not (${earlier.message ?? 'please try again'}). Press Confirm and save to try again.` });
          return;
        }
        saved += results.markers.length;
      }
      onSaved(saved);
    } catch {
      setErrors({ rows: {}, form: 'We could not reach Vitality. Check your connection and try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onCancel}
      title="Check your blood test results"
      size="xl"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" loading={saving} onClick={() => void confirm()}>
            Confirm and save
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {start.markers.length ? (
          <p className="text-sm text-neutral-700">
            We read {start.markers.length} value{start.markers.length === 1 ? '' : 's'} from <span className="font-medium">{start.file_name}</span>. Check each against your report, correct anything
            we misread, and add what we missed. Nothing is saved until you confirm.
          </p>
        ) : null}
        {start.markers.length && start.read_by === 'ocr' ? (
          <Alert variant="warning">
            These values were read from a picture of your report, which is harder to read than a PDF. Check every number, its decimal point and its unit against your report before you save. We left out anything we could not read clearly.
          </Alert>
        ) : null}
        {start.markers.length ? null : (
          <Alert variant="info">
            {start.message === UNREADABLE_MESSAGE
              ? UNREADABLE_MESSAGE
              : start.text_found
              ? `We could not find any values we know in ${start.file_name}. Enter them from your report.`
              : `We could not read any text in ${start.file_name}. Enter the values from your report.`}
          </Alert>
        )}
        {start.date_choices.length === 2 ? (
          <fieldset className="flex flex-col gap-2" data-testid="date-choices">
            <legend className="text-sm text-neutral-800">Your report writes the date so that it could be either. Which is the day the blood was taken?</legend>
            <div className="flex gap-3">
              {start.date_choices.map((day) => (
                <Button key={day} type="button" size="sm" variant={takenOn === day ? 'primary' : 'secondary'} aria-pressed={takenOn === day} onClick={() => setTakenOn(day)}>
                  {dayWords(day)}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <Input label="Date the blood was taken" type="date" name="taken_on" value={takenOn} max={new Date().toISOString().slice(0, 10)} onChange={(event) => setTakenOn(event.target.value)} error={errors.taken_on} containerClassName="max-w-xs" />
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Values to save</caption>
          <thead className="text-xs text-neutral-600">
            <tr>
              <th scope="col" className="pb-2 font-medium">Marker</th>
              <th scope="col" className="pb-2 font-medium">Value</th>
              <th scope="col" className="pb-2 font-medium">Unit</th>
              <th scope="col" className="pb-2 font-medium">Reference range</th>
              <th scope="col" className="pb-2"><span className="sr-only">Remove</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const label = LAB_MARKERS[row.marker].label;
              const rowErrors = errors.rows[row.key] ?? {};
              return (
                <tr key={row.key} className="align-top" data-testid={`lab-row-${row.marker}`}>
                  <td className="w-60 py-1.5 pr-3">
                    <Select aria-label="Marker" options={MARKER_OPTIONS} value={row.marker} onChange={(event) => {
                      const marker = event.target.value as LabMarkerKey;
                      update(row.key, { marker, unit: LAB_MARKERS[marker].unit });
                    }} />
                    {row.line ? (
                      <p className="mt-1 max-w-60 truncate text-xs text-neutral-600" title={row.line}>
                        {start.read_by === 'ocr' ? 'Read from the picture' : 'Read'}: {row.line}
                      </p>
                    ) : null}
                  </td>
                  <td className="w-52 py-1.5 pr-3">
                    <div className="flex items-start gap-1.5">
                      <Select
                        aria-label={`${label}: exact, or below or above the number`}
                        options={COMPARATOR_OPTIONS}
                        value={row.comparator}
                        onChange={(event) => update(row.key, { comparator: event.target.value as Comparator })}
                        containerClassName="w-20 shrink-0"
                      />
                      <Input aria-label={`${label} value`} inputMode="decimal" value={row.value} onChange={(event) => update(row.key, { value: event.target.value })} error={rowErrors.value} className="w-24" />
                    </div>
                  </td>
                  <td className="w-36 py-1.5 pr-3">
                    <Select aria-label={`${label} unit`} options={unitsOf(row.marker).map((u) => ({ value: u, label: u }))} value={row.unit} onChange={(event) => update(row.key, { unit: event.target.value })} error={rowErrors.unit} />
                  </td>
                  <td className="py-1.5 pr-3">
                    <div className="flex items-start gap-2">
                      <Input aria-label={`${label} lower reference limit`} inputMode="decimal" value={row.low} onChange={(event) => update(row.key, { low: event.target.value })} className="w-24" />
                      <span className="pt-2 text-neutral-500" aria-hidden>–</span>
                      <Input aria-label={`${label} upper reference limit`} inputMode="decimal" value={row.high} onChange={(event) => update(row.key, { high: event.target.value })} error={rowErrors.reference_high} className="w-24" />
                    </div>
                  </td>
                  <td className="py-1.5">
                    <Button type="button" variant="ghost" size="sm" onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))} disabled={rows.length === 1}>
                      Remove<span className="sr-only"> {label}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={addRow} disabled={rows.length >= LAB_MARKER_KEYS.length}>
            Add a value
          </Button>
        </div>
        {start.unread_rows?.length ? (
          <details className="rounded-control border border-neutral-200 px-3 py-2 text-sm" data-testid="unread-rows">
            <summary className="cursor-pointer font-medium text-neutral-900">
              Rows of your report we did not read ({start.unread_rows.length})
            </summary>
            <p className="mt-1.5 text-neutral-700">
              These rows look like results, but we could not read a value we know from them, or were not sure of it. Add any you want to keep with “Add a value”.
            </p>
            <ul className="mt-1.5 flex flex-col gap-0.5 font-mono text-xs text-neutral-700">
              {start.unread_rows.map((row) => (
                <li key={row}>{row}</li>
              ))}
            </ul>
          </details>
        ) : null}
        {start.earlier.length ? (
          <fieldset className="flex flex-col gap-3 border-t border-neutral-200 pt-4" data-testid="earlier-results">
            <legend className="pt-4 text-sm font-medium text-neutral-900">Earlier results on this report</legend>
            <p className="text-sm text-neutral-700">
              Your report also prints earlier tests, one column per date. The values above are from the newest column. Tick an earlier date to save its results too, each on its own date, as read
              below.
            </p>
            {start.earlier.map((results) => (
              <div key={results.collected_on} className="rounded-control border border-neutral-200 px-3 py-2" data-testid={`earlier-${results.collected_on}`}>
                <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-neutral-900">
                  <input
                    type="checkbox"
                    checked={earlierTicked.includes(results.collected_on)}
                    onChange={(event) => {
                      const { checked } = event.target;
                      setEarlierTicked((current) => (checked ? [...current, results.collected_on] : current.filter((day) => day !== results.collected_on)));
                    }}
                    className="size-4 shrink-0 accent-brand-700"
                  />
                  Also save the results of {dayWords(results.collected_on)} ({results.markers.length} value{results.markers.length === 1 ? '' : 's'})
                </label>
                <ul className="mt-1.5 grid grid-cols-2 gap-x-6 gap-y-0.5 pl-6.5 text-sm text-neutral-700 lg:grid-cols-3">
                  {results.markers.map((m) => (
                    <li key={m.marker}>
                      {m.label}: <span className="tabular-nums">{m.comparator ?? ''}{m.value}</span> {m.unit}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        ) : null}
        {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
      </div>
    </Modal>
  );
}

/** The server's 422 issues (paths like `results.2.value`) placed on their rows; anything else is the form's message. */
function errorsFrom(data: unknown, rows: Row[], message: string | undefined) {
  const found: { taken_on?: string; rows: Record<number, RowErrors>; form?: string } = { rows: {} };
  const issues = (data as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
  for (const issue of issues) {
    const [first, index, field] = issue.path.split('.');
    if (first === 'taken_on') found.taken_on ??= issue.message;
    const row = first === 'results' && index !== undefined ? rows[Number(index)] : undefined;
    if (row && (field === 'value' || field === 'unit' || field === 'reference_high')) {
      found.rows[row.key] = { ...found.rows[row.key], [field]: found.rows[row.key]?.[field] ?? issue.message };
    } else if (first !== 'taken_on') {
      found.form ??= issue.message;
    }
  }
  if (!issues.length) found.form = message ?? 'Your results could not be saved. Please try again.';
  return found;
}

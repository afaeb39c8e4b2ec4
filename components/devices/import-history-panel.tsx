'use client';

import { useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { capitalised, formatDateGB } from '@/lib/format';
import type { ImportPreview, ImportView, WeighInQuestions } from '@/lib/imports/history';
import type { ConfirmImportAnswers } from '@/lib/validation/history-import';

export const UNDER_WAY: ReadonlySet<ImportView['status']> = new Set(['queued', 'reading']);
/** The measures a preview names, in this order; diastolic pressure goes with systolic. */
const MEASURE_WORDS: Readonly<Partial<Record<keyof ImportPreview['measures'], string>>> = {
  steps: 'steps',
  sleepDurationMinutes: 'sleep',
  sleepScore: 'sleep score',
  restingHeartRateBpm: 'resting heart rate',
  hrvMs: 'heart-rate variability',
  recoveryScore: 'recovery',
  respiratoryRateBpm: 'breathing rate',
  weightKg: 'weight',
  activeCaloriesKcal: 'active energy',
  totalCaloriesKcal: 'energy burned',
  systolicBpMmhg: 'blood pressure',
  vo2Max: 'VO2 max',
};
const count = (n: number) => n.toLocaleString('en-GB');

/** A progress bar that screen readers read as one. */
function Progress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-neutral-100">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-neutral-600 tabular-nums">{label}: {percent}%</p>
    </div>
  );
}

/** `pending`: weigh-ins wait for the member's answer below, and are not in these figures yet. */
function PreviewText({ preview, pending = false }: { preview: ImportPreview; pending?: boolean }) {
  const measures = (Object.keys(MEASURE_WORDS) as (keyof ImportPreview['measures'])[]).filter((m) => (preview.measures[m] ?? 0) > 0);
  return (
    <div className="flex flex-col gap-1 text-sm text-neutral-800" data-testid="import-preview">
      <p>
        {preview.first && preview.last ? `${formatDateGB(preview.first)} to ${formatDateGB(preview.last)}: ` : ''}
        {count(preview.days)} {preview.days === 1 ? 'day' : 'days'} from {count(preview.records)} records.
      </p>
      {measures.length ? <p>{capitalised(measures.map((m) => `${MEASURE_WORDS[m]} on ${count(preview.measures[m] ?? 0)} ${preview.measures[m] === 1 ? 'day' : 'days'}`).join(', '))}.</p> : null}
      {preview.heart_rate_means ? <p>Heart rate through the day: {count(preview.heart_rate_means)} {preview.heart_rate_means === 1 ? 'five-minute average' : 'five-minute averages'}.</p> : null}
      {!measures.length && !preview.heart_rate_means ? <p>{pending ? 'Besides the weigh-ins below, it holds none of the figures Vitality reads.' : 'It holds none of the figures Vitality reads.'}</p> : null}
      <p>
        {count(preview.added)} {preview.added === 1 ? 'day' : 'days'} will be added{preview.replaced ? `, and ${count(preview.replaced)} from an earlier import replaced` : ''}{pending ? ', with the days of the weigh-ins you choose below' : ''}. Where a connected
        device has the same day, its figures come first.
      </p>
      {preview.sources.length ? <p className="text-neutral-600">From {preview.sources.slice(0, 4).join(', ')}{preview.sources.length > 4 ? ` and ${preview.sources.length - 4} more` : ''}.</p> : null}
    </div>
  );
}

/** The island's props (./import-history-controls.tsx's shell and ./import-history-live.tsx alike). */
export type ImportHistoryProps = { initial: ImportView[]; /** Read the imports on arrival (onboarding, where the page did not). */ load?: boolean };

export type ImportHistoryPanelProps = {
  imports: readonly ImportView[];
  /** The upload's progress (0–1) while the file is sent. */
  uploading: number | null;
  problem: string | null;
  busy: boolean;
  /** What the controls do; absent in the shell, whose controls wait, disabled, for the live part. */
  on?: {
    upload: (event: ChangeEvent<HTMLInputElement>) => void;
    cancel: (id: string) => void;
    /** `answers`: the member's to the preview's weigh-in questions, where it asks any. */
    confirm: (id: string, answers?: ConfirmImportAnswers) => void;
    remove: (id: string) => void;
  };
};

/**
 * My devices → Import your history, its working part: an export (Apple Health, Garmin, Whoop, Oura, Withings)
 * uploaded (with its progress), read on the job queue (a progress bar that survives leaving the page),
 * previewed, then stored on confirmation; earlier imports with their days, each removable. This draws it;
 * ./import-history-live.tsx keeps it moving.
 */
export function ImportHistoryPanel({ imports, uploading, problem, busy, on }: ImportHistoryPanelProps) {
  const current = imports.find((i) => UNDER_WAY.has(i.status) || i.status === 'previewed') ?? null;
  const stored = imports.filter((i) => i.status === 'done');
  const failed = imports.find((i) => i.status === 'failed' && !stored.some((s) => s.created_at > i.created_at)) ?? null;
  const waiting = !on;

  return (
    <>
      {current ? (
        <div className="flex flex-col gap-3 rounded-control border border-neutral-200 p-4" data-testid="import-current">
          <p className="text-sm font-medium text-neutral-900">{current.file_name}</p>
          {UNDER_WAY.has(current.status) ? (
            <>
              <Progress value={current.progress} label={current.status === 'queued' ? 'Waiting to read your export' : `Reading your export, ${count(current.records_read)} records so far`} />
              <p className="text-xs text-neutral-600">You can leave this page: the reading goes on, and its preview waits here.</p>
              <div>
                <Button type="button" variant="secondary" size="sm" loading={busy} disabled={waiting} onClick={() => on?.cancel(current.id)}>
                  Cancel import
                </Button>
              </div>
            </>
          ) : current.preview ? (
            <PreviewChoices key={current.id} item={current} preview={current.preview} busy={busy} waiting={waiting} on={on} />
          ) : null}
        </div>
      ) : (
        <div className="flex items-center gap-4">
          <label className={cx(buttonClassName({ size: 'sm' }), 'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600', (uploading !== null || waiting) && 'pointer-events-none opacity-60')}>
            {uploading !== null ? 'Uploading…' : 'Import your history'}
            <input type="file" accept=".zip,.fit,.csv,application/zip,text/csv" className="sr-only" aria-label="Import your history (an export zip or a Garmin .fit file)" disabled={uploading !== null || waiting} onChange={on?.upload} />
          </label>
          {uploading !== null ? <div className="flex-1"><Progress value={uploading} label="Uploading your export" /></div> : null}
        </div>
      )}
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      {failed && !current ? <Alert variant="error">{failed.message}</Alert> : null}
      {stored.length ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label="Your imports">
          {stored.map((item) => (
            <ImportRow key={item.id} item={item} busy={busy} onRemove={on && (() => on.remove(item.id))} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The import button: "Import 12 days", or "Import" while the count waits on his answer. */
const importWords = (days: number | null) => (days === null ? 'Import' : `Import ${count(days)} ${days === 1 ? 'day' : 'days'}`);
const kg = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} kg`;
const SEX_WORDS = { male: 'Man', female: 'Woman' } as const;

/** A shared scale's profile in words: "Man, 47, 179 cm". */
function personWords(person: WeighInQuestions['people'][number]): string {
  const words = [person.sex ? SEX_WORDS[person.sex] : 'Someone', person.age !== null ? `${person.age}` : null, person.height_cm !== null ? `${person.height_cm} cm` : null];
  return words.filter(Boolean).join(', ');
}

/** The preview, its weigh-in questions (which person on a shared scale he is; the held-back weigh-ins he keeps), and the buttons. */
function PreviewChoices({ item, preview, busy, waiting, on }: { item: ImportView; preview: ImportPreview; busy: boolean; waiting: boolean; on: ImportHistoryPanelProps['on'] }) {
  const questions = preview.weigh_ins;
  const [person, setPerson] = useState<string | null>(questions?.person ?? null);
  const [keep, setKeep] = useState<string[]>([]);
  const asking = questions?.ask_person ?? false;
  // A held-back weigh-in of another person than the one chosen is not his to keep.
  const heldBack = (questions?.held_back ?? []).filter((w) => !questions?.people.length || w.person === person);
  const answers: ConfirmImportAnswers = { ...(asking && person ? { person } : {}), ...(keep.length ? { keep: keep.filter((id) => heldBack.some((w) => w.id === id)) } : {}) };
  return (
    <>
      <PreviewText preview={preview} pending={asking} />
      {questions?.people.length ? (
        <fieldset className="flex flex-col gap-2" data-testid="import-people">
          <legend className="text-sm font-medium text-neutral-900">{asking ? 'The scale holds weigh-ins of several people. Which one are you?' : 'The scale holds weigh-ins of several people; only those of the profile that matches you are imported.'}</legend>
          {asking ? <p className="text-sm text-neutral-700">No weight from this file is stored until you answer.</p> : null}
          {[...questions.people.map((p) => ({ id: p.id, label: personWords(p), weighIns: p.weigh_ins })), { id: 'none', label: 'None of these: import no weight from this file', weighIns: [] }].map((choice) => (
            <label key={choice.id} className="flex cursor-pointer items-start gap-2.5 rounded-control border border-neutral-200 px-3 py-2 text-sm text-neutral-900">
              <input type="radio" name={`person-${item.id}`} value={choice.id} checked={person === choice.id} disabled={!asking && choice.id !== person} onChange={() => setPerson(choice.id)} className="mt-0.5 size-4 shrink-0 accent-brand-700" />
              <span>
                <span className="font-medium">{choice.label}</span>
                {choice.weighIns.length ? <span className="block text-neutral-700 tabular-nums">{choice.weighIns.map((w) => `${formatDateGB(w.day)}: ${kg(w.kg)}`).join('; ')}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {heldBack.length ? (
        <fieldset className="flex flex-col gap-2" data-testid="import-held-back">
          <legend className="text-sm font-medium text-neutral-900">Weigh-ins held back</legend>
          <p className="text-sm text-neutral-700">These change by more than a body can in the time between two weighings: they look like a typing slip or another person. Tick the ones to keep; the others are left out.</p>
          {heldBack.map((w) => (
            <label key={w.id} className="flex cursor-pointer items-center gap-2.5 text-sm text-neutral-900 tabular-nums">
              <input type="checkbox" checked={keep.includes(w.id)} onChange={(event) => { const { checked } = event.target; setKeep((current) => (checked ? [...current, w.id] : current.filter((id) => id !== w.id))); }} className="size-4 shrink-0 accent-brand-700" />
              Keep {kg(w.kg)} on {formatDateGB(w.day)}, {count(Math.round((Date.parse(w.at) - Date.parse(w.previous.at)) / 60_000))} minutes after {kg(w.previous.kg)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex gap-3">
        <Button type="button" size="sm" loading={busy} disabled={waiting || (asking && !person)} onClick={() => on?.confirm(item.id, Object.keys(answers).length ? answers : undefined)}>
          {importWords(asking ? (person === null ? null : person === 'none' ? questions!.days_without : (questions!.people.find((p) => p.id === person)?.days ?? null)) : preview.days)}
        </Button>
        <Button type="button" variant="secondary" size="sm" disabled={busy || waiting} onClick={() => on?.cancel(item.id)}>
          Cancel
        </Button>
      </div>
    </>
  );
}

function ImportRow({ item, busy, onRemove }: { item: ImportView; busy: boolean; onRemove: (() => void) | undefined }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex items-center justify-between gap-4 rounded-control bg-neutral-50 px-3 py-2">
      <span className="truncate font-medium text-neutral-900">{item.file_name}</span>
      <span className="flex shrink-0 items-center gap-3 text-neutral-600 tabular-nums">
        {count(item.days_stored)} days{item.first_day && item.last_day ? `, ${formatDateGB(item.first_day)} to ${formatDateGB(item.last_day)}` : ''}
        {confirming ? (
          <>
            <span className="text-neutral-800">Remove its days too?</span>
            <Button type="button" variant="danger" size="sm" loading={busy} onClick={onRemove}>
              Remove<span className="sr-only"> {item.file_name}</span>
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button type="button" variant="ghost" size="sm" disabled={!onRemove} onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {item.file_name}</span>
          </Button>
        )}
      </span>
    </li>
  );
}

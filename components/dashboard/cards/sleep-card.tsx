import { Card } from '@/components/ui/card';
import type { LastNightSleep, SleepScoreResponse } from '@/lib/dashboard/contract';
import { formatDayMonthGB, formatMinutes } from '@/lib/format';
import { DEVICES, DEVICES_ACTION, FillPrompt, Provenance, Ring } from '../primitives';
import { SleepStageBar } from '../sleep-stages';


/** Last night's sleep score in a ring, N/A when there is none (SPEC §8: the call's 404), or an unusable score. */
export function SleepCard({ sleep, lastNight }: { sleep: SleepScoreResponse | null; lastNight: LastNightSleep | null }) {
  let centre: string;
  let note: string | null = null;
  const score = sleep?.score;
  if (sleep === null) {
    centre = 'N/A';
  } else if (typeof score !== 'number' || !Number.isFinite(score)) {
    centre = 'N/A';
    note = 'Invalid score format';
  } else {
    centre = String(score);
  }
  const numeric = typeof score === 'number' && Number.isFinite(score) ? score : null;
  return (
    <Card title="Sleep score">
      <div className="flex items-center gap-5">
        <Ring percent={numeric} label={numeric === null ? 'Sleep score not available' : `Sleep score ${numeric} out of 100`}>
          <span className="text-3xl font-semibold tracking-tight text-neutral-950" data-testid="sleep-score">{centre}</span>
        </Ring>
        <div className="text-sm text-neutral-600">
          {note ? <p className="text-danger-700">{note}</p> : null}
          {numeric !== null && sleep ? (
            <>
              <p>Last night{sleep.day ? `, ${formatDayMonthGB(sleep.day)}` : ''}.</p>
              {sleep.from ? <Provenance testId="sleep-from">{sleep.from}</Provenance> : null}
            </>
          ) : null}
          {lastNight ? (
            <div className={numeric !== null ? 'mt-2' : ''}>
              <p data-testid="sleep-duration">
                <span className="font-semibold text-neutral-950">{formatMinutes(lastNight.minutes)}</span> asleep
                {numeric === null ? `, ${formatDayMonthGB(lastNight.day)}` : ''}.
              </p>
              {lastNight.from && lastNight.from !== sleep?.from ? <Provenance testId="sleep-duration-from">{lastNight.from}</Provenance> : null}
              {numeric === null && !note ? <p className="mt-2 text-xs">A sleep score comes from Oura, Whoop or Garmin.</p> : null}
            </div>
          ) : numeric === null && !note ? (
            <FillPrompt href={DEVICES} action={DEVICES_ACTION}>
              No sleep score from the last two nights.
            </FillPrompt>
          ) : null}
        </div>
      </div>
      {lastNight?.stages ? (
        <div className="mt-4">
          <SleepStageBar stages={lastNight.stages} testId="sleep-stages" />
        </div>
      ) : null}
    </Card>
  );
}

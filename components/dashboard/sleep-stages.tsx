import type { SleepStages } from '@/lib/dashboard/contract';
import { formatMinutes } from '@/lib/format';

const STAGES = [
  { key: 'deep', label: 'Deep', colour: 'bg-brand-900' },
  { key: 'light', label: 'Light', colour: 'bg-brand-400' },
  { key: 'rem', label: 'REM', colour: 'bg-brand-600' },
  { key: 'awake', label: 'Awake', colour: 'bg-warning-200' },
] as const;

/**
 * A night's stages as one bar, each stage's share of the night in its width, and the minutes in words
 * beside it (the bar is decoration; the list is what a screen reader reads). Light is Apple's "core".
 */
export function SleepStageBar({ stages, testId }: { stages: SleepStages; testId: string }) {
  const shown = STAGES.flatMap((stage) => {
    const minutes = stages[stage.key];
    return minutes === null || minutes <= 0 ? [] : [{ ...stage, minutes }];
  });
  const total = shown.reduce((sum, stage) => sum + stage.minutes, 0);
  if (!total) return null;
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div aria-hidden className="flex h-2.5 w-full overflow-hidden rounded-full bg-neutral-100">
        {shown.map((stage) => (
          <div key={stage.key} className={stage.colour} style={{ width: `${(100 * stage.minutes) / total}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700" aria-label="Sleep stages">
        {shown.map((stage) => (
          <li key={stage.key} className="flex items-center gap-1.5" data-testid={`${testId}-${stage.key}`}>
            <span aria-hidden className={`size-2 rounded-full ${stage.colour}`} />
            {stage.label} <span className="font-semibold text-neutral-900 tabular-nums">{formatMinutes(stage.minutes)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

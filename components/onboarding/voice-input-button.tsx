'use client';

import { Spinner } from '@/components/ui/spinner';
import { cx } from '@/components/ui/cx';
import type { VoiceState } from './use-voice-recorder';

export const VOICE_NOT_CONFIGURED = 'Type your goals in the box above: Vitality doesn’t take spoken answers.';

type Props = {
  state: VoiceState;
  configured: boolean;
  onToggle: () => void;
  /** The id of the visible line that explains the button's state. */
  describedBy: string;
};

const LABELS: Record<VoiceState, string> = {
  idle: 'Start voice input',
  starting: 'Starting the microphone',
  recording: 'Stop recording',
  transcribing: 'Transcribing your recording',
};

/** The goals step's microphone: idle, recording (click to stop), transcribing (spinner), or off. */
export function VoiceInputButton({ state, configured, onToggle, describedBy }: Props) {
  const recording = state === 'recording';
  const busy = state === 'starting' || state === 'transcribing';
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={!configured || busy}
      aria-label={LABELS[state]}
      aria-pressed={recording}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      title={configured ? LABELS[state] : VOICE_NOT_CONFIGURED}
      className={cx(
        'relative flex size-11 items-center justify-center rounded-full border shadow-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
        recording
          ? 'border-danger-600 bg-danger-600 text-white hover:bg-danger-700'
          : 'border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100',
        !configured && 'border-neutral-200 bg-neutral-100 text-neutral-400 hover:bg-neutral-100',
      )}
    >
      {recording ? <span aria-hidden className="absolute inset-0 animate-ping rounded-full bg-danger-500/40" /> : null}
      {busy ? (
        <Spinner decorative className="size-5" />
      ) : recording ? (
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="relative size-4">
          <rect x="4" y="4" width="12" height="12" rx="2" />
        </svg>
      ) : (
        <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-5">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
        </svg>
      )}
    </button>
  );
}

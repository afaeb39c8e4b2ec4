'use client';

import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { controlClassName } from '@/components/ui/use-field-a11y';
import { insertAtSelection } from '@/lib/client/insert-at-selection';
import { stepPath } from '@/lib/routes';
import { GOALS_MAX, goalsSchema } from '@/lib/validation/onboarding';
import { useVoiceRecorder, type VoiceState } from './use-voice-recorder';
import { VOICE_NOT_CONFIGURED, VoiceInputButton } from './voice-input-button';
import { FieldError } from '@/components/ui/field-messages';

const VOICE_HINTS: Record<VoiceState, string> = {
  idle: 'Prefer to talk? Click the microphone, speak, then click it again.',
  starting: 'Starting the microphone…',
  recording: 'Recording… click the microphone again to stop.',
  transcribing: 'Transcribing your recording…',
};

type Props = { initialGoals: string; voiceConfigured: boolean };

/** /onboarding_11: free-text goals, typed or dictated, saved with update_health_goals. */
export function HealthGoalsForm({ initialGoals, voiceConfigured }: Props) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  const { form, submit, problem, saving } = useSubmitForm({
    schema: goalsSchema,
    defaultValues: { health_goals: initialGoals },
    url: '/api/update_health_goals',
    failed: 'Failed to update health goals',
    offline: 'An error occurred while updating your goals.',
    success: { navigate: stepPath('devices') },
  });
  const goals = form.watch('health_goals');
  const fieldError = form.formState.errors.health_goals?.message ?? null;
  const { ref: registerRef, ...goalsField } = form.register('health_goals');
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const hintId = useId();
  const errorId = useId();

  const voice = useVoiceRecorder({
    onTranscript(text) {
      const textarea = field.current;
      if (!textarea) return;
      // The textarea keeps its selection while the microphone has focus.
      const next = insertAtSelection(textarea.value, textarea.selectionStart, textarea.selectionEnd, text);
      // Validating again clears the error once the goals are no longer blank, as typing does.
      form.setValue('health_goals', next.value, { shouldValidate: form.formState.isSubmitted });
      setCaret(next.caret);
    },
    onError: setVoiceError,
  });

  // Once the inserted text is in the DOM, put the caret after it.
  useLayoutEffect(() => {
    if (caret === null || !field.current) return;
    field.current.focus();
    field.current.setSelectionRange(caret, caret);
    setCaret(null);
  }, [caret]);

  function toggleVoice() {
    setVoiceError(null);
    voice.toggle();
  }

  const listening = voice.state !== 'idle';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      {voiceError ? <Alert variant="error">{voiceError}</Alert> : null}
      <div className="flex flex-col gap-2">
        <div className="relative">
          <textarea
            {...goalsField}
            ref={(element) => {
              registerRef(element);
              field.current = element;
            }}
            aria-label="Your health goals"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
            placeholder="Describe your health goals..."
            rows={7}
            className={controlClassName(Boolean(fieldError), 'min-h-44 resize-y py-3 pr-16 leading-relaxed')}
          />
          <div className="absolute right-3 bottom-3">
            <VoiceInputButton state={voice.state} configured={voiceConfigured} onToggle={toggleVoice} describedBy={hintId} />
          </div>
        </div>
        <div className="flex items-start justify-between gap-4 text-xs text-neutral-500">
          <p id={hintId} aria-live="polite" className={voice.state === 'recording' ? 'font-medium text-danger-700' : undefined}>
            {voiceConfigured ? VOICE_HINTS[voice.state] : VOICE_NOT_CONFIGURED}
          </p>
          <p className={goals.length > GOALS_MAX ? 'shrink-0 text-danger-700 tabular-nums' : 'shrink-0 tabular-nums'}>
            {goals.length.toLocaleString('en-GB')} / {GOALS_MAX.toLocaleString('en-GB')}
          </p>
        </div>
        <FieldError id={errorId}>{fieldError}</FieldError>
      </div>
      <SubmitButton size="lg" loading={saving} disabled={listening} className="mt-1 w-full">
        Next
      </SubmitButton>
    </form>
  );
}

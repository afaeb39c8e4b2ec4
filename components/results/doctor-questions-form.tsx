'use client';

import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { controlClassName } from '@/components/ui/use-field-a11y';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import { DOCTOR_QUESTIONS_MAX } from '@/lib/validation/doctor-questions-limit';

/** /my_results: the questions the member wants to ask their doctor, kept for the summary PDF's last section. */
export function DoctorQuestionsForm({ initial }: { initial: string }) {
  const id = useId();
  const [questions, setQuestions] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      const result = await postJson<{ message: string; questions: string }>('/api/doctor-questions', { questions });
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok) setQuestions(result.data.questions);
      setStatus({ ok: result.ok, text: result.message ?? (result.ok ? 'Saved.' : 'Your questions could not be saved. Please try again.') });
    } catch {
      setStatus({ ok: false, text: 'We could not reach Vitality. Check your connection and try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        Questions for your doctor
      </label>
      <p id={`${id}-hint`} className="-mt-2 text-xs text-neutral-600">
        One per line. They go at the end of your summary, after your results.
      </p>
      <textarea
        id={id}
        value={questions}
        onChange={(event) => setQuestions(event.target.value)}
        rows={4}
        maxLength={DOCTOR_QUESTIONS_MAX}
        aria-describedby={`${id}-hint`}
        className={controlClassName(false, 'h-auto py-2')}
      />
      <div className="flex items-center gap-3">
        <SubmitButton size="sm" loading={saving}>
          Save questions
        </SubmitButton>
        {status?.ok ? (
          <p role="status" className="text-sm text-neutral-700">
            {status.text}
          </p>
        ) : null}
      </div>
      {status && !status.ok ? <Alert variant="error">{status.text}</Alert> : null}
    </form>
  );
}

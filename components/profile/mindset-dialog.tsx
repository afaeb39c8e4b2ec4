'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import { WHO5_ANSWERS, WHO5_CREDIT, WHO5_STATEMENTS } from '@/lib/mindset/who5';

export type MindsetSummary = { score: number; reading: string; taken_at: string };

type Props = { open: boolean; onClose: () => void; onSaved: (mindset: MindsetSummary) => void };

const ALL_ANSWERED = 'Please answer all five statements.';

/** The profile's Mindset form: the WHO-5's five statements as radio groups, then the score and what it means. */
export function MindsetDialog({ open, onClose, onSaved }: Props) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => WHO5_STATEMENTS.map(() => null));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<MindsetSummary | null>(null);

  const close = () => {
    onClose();
    // Opened again, the form starts afresh.
    setAnswers(WHO5_STATEMENTS.map(() => null));
    setResult(null);
    setProblem(null);
  };

  const submit = async () => {
    if (answers.some((a) => a === null)) {
      setProblem(ALL_ANSWERED);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const response = await postJson('/api/mindset', { answers });
      if (response.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!response.ok) {
        setProblem(response.message ?? 'Your answers could not be saved. Please try again.');
        return;
      }
      const saved = response.data as MindsetSummary;
      setResult(saved);
      onSaved(saved);
    } catch {
      setProblem('We could not reach Vitality. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Mindset form"
      size="lg"
      footer={
        result ? (
          <Button type="button" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="button" loading={saving} onClick={() => void submit()}>
              See my score
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="flex flex-col gap-3" role="status">
          <p className="text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums" data-testid="mindset-score">
            {result.score}
            <span className="text-base font-medium text-neutral-600"> / 100</span>
          </p>
          <p className="text-sm leading-relaxed text-neutral-800">{result.reading}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-neutral-700">Over the last two weeks, how often has each of these been true for you?</p>
          {WHO5_STATEMENTS.map((statement, index) => (
            <fieldset key={statement} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium text-neutral-900">
                {index + 1}. {statement}
              </legend>
              <div className="grid grid-cols-3 gap-2">
                {WHO5_ANSWERS.map((answer) => (
                  <label
                    key={answer.value}
                    className="flex cursor-pointer items-center gap-2 rounded-control border border-neutral-200 px-3 py-2 text-sm text-neutral-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                  >
                    <input
                      type="radio"
                      name={`who5-${index}`}
                      value={answer.value}
                      checked={answers[index] === answer.value}
                      onChange={() => {
                        setAnswers((current) => current.map((a, i) => (i === index ? answer.value : a)));
                        setProblem(null);
                      }}
                      className="accent-brand-700"
                    />
                    {answer.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {problem ? <Alert variant="error">{problem}</Alert> : null}
          <p className="text-xs text-neutral-600">{WHO5_CREDIT}</p>
        </div>
      )}
    </Modal>
  );
}

'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import type { ReflectionReply } from '@/lib/ai';
import { postJson, type JsonResult } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import type { ReflectionChatRequest } from '@/lib/validation/checkin';
import { MESSAGE_MAX, type EnergyValue, type MoodValue, type Symptom } from '@/lib/validation/checkin-options';
import { ReflectionStep } from './reflection-step';

// SPEC §2 "Chat", §4 and §5: the daily reflection. The AI opens (turn 0); each message the user sends
// is the next turn; when the server reports `done`, the input locks.

type Bubble = { role: 'assistant' | 'user'; content: string; failed?: boolean };

/** SPEC §8. */
export const CHAT_FAILURE = 'Oops! Something went wrong.';
export const CHAT_SAVED = 'Reflection saved. Come back tomorrow.';

export type OpeningChoices = { mood?: MoodValue; energy?: EnergyValue; symptoms?: Symptom[] };

const ask = (input: ReflectionChatRequest) => postJson<ReflectionReply>('/api/reflection_chat', input);

export function ReflectionChat({ opening, className }: { opening?: OpeningChoices; className?: string }) {
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(true);
  const [done, setDone] = useState(false);
  // The closing's small step, offered under it as one of today's own actions.
  const [step, setStep] = useState<string | null>(null);
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  // When the last reply ends the reflection, the input locks: focus goes to the line saying it is saved.
  const savedRef = useRef<HTMLParagraphElement>(null);
  const [endedBySend, setEndedBySend] = useState(false);
  useEffect(() => {
    if (endedBySend) savedRef.current?.focus();
  }, [endedBySend]);
  // The opening is asked for once per mount, with the choices the component was mounted with.
  const openingRef = useRef(opening);

  // No answer came (a network failure): the general apology.
  const unanswered = (error: unknown) => {
    console.error('The reflection chat failed:', error instanceof Error ? error.message : error);
    setBubbles((list) => [...list, { role: 'assistant', content: CHAT_FAILURE, failed: true }]);
  };
  // A lost session goes to /login; a 409 (the day's reflection is over) shows the server's words.
  const refused = (answer: JsonResult) => {
    if (answer.status === 401) return window.location.assign(LOGIN_PATH);
    console.error('The reflection chat failed:', answer.message ?? `HTTP ${answer.status}`);
    const content = answer.status === 409 && answer.message ? answer.message : CHAT_FAILURE;
    setBubbles((list) => [...list, { role: 'assistant', content, failed: true }]);
  };

  useEffect(() => {
    let live = true;
    ask({ turn: 0, ...openingRef.current })
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return refused(answer);
        setBubbles([{ role: 'assistant', content: answer.data.reply }]);
        setDone(answer.data.done);
      })
      .catch((error: unknown) => live && unanswered(error))
      .finally(() => live && setWaiting(false));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [bubbles, waiting]);

  const send = async () => {
    const message = text.trim();
    // SPEC §5: blank or whitespace-only messages are not sent.
    if (!message || waiting || done) return;
    const sent = bubbles.filter((b) => !b.failed);
    const turn = sent.filter((b) => b.role === 'user').length + 1;
    setBubbles((list) => [...list, { role: 'user', content: message }]);
    setText('');
    setWaiting(true);
    try {
      const answer = await ask({ turn, message, messages: [...sent, { role: 'user' as const, content: message }].map(({ role, content }) => ({ role, content })) });
      if (answer.ok) {
        setBubbles((list) => [...list, { role: 'assistant', content: answer.data.reply }]);
        setDone(answer.data.done);
        setStep(answer.data.done ? (answer.data.step?.description ?? null) : null);
        setEndedBySend(answer.data.done);
        // Sent with the button (now disabled until the next reply is typed): back to the reply box.
        if (!answer.data.done) requestAnimationFrame(() => document.getElementById(inputId)?.focus());
      } else refused(answer);
    } catch (error) {
      unanswered(error);
    } finally {
      setWaiting(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line (and an IME composition is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Reflection conversation"
        tabIndex={0}
        className="flex max-h-[26rem] min-h-48 flex-col gap-3 overflow-y-auto rounded-control border border-neutral-200 bg-neutral-50 p-4"
      >
        {bubbles.map((bubble, index) => (
          <div key={index} className={cx('flex', bubble.role === 'user' ? 'justify-end' : 'justify-start')}>
            <p
              data-testid={bubble.role === 'user' ? 'user-bubble' : 'ai-bubble'}
              className={cx(
                'max-w-[80%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap',
                bubble.role === 'user' ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md border border-neutral-200 bg-white text-neutral-900',
                bubble.failed ? 'border-danger-200 text-danger-800' : '',
              )}
            >
              <span className="sr-only">{bubble.role === 'user' ? 'You: ' : 'Guide: '}</span>
              {bubble.content}
            </p>
          </div>
        ))}
        {done && step ? <ReflectionStep description={step} /> : null}
        {waiting ? (
          <p className="text-sm text-neutral-600 italic" data-testid="thinking">
            Thinking...
          </p>
        ) : null}
      </div>
      <label htmlFor={inputId} className="sr-only">
        Your reply
      </label>
      <div className="flex items-end gap-3">
        <textarea
          id={inputId}
          rows={2}
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={done}
          placeholder={done ? 'Reflection complete' : 'Write your reply… (Enter sends, Shift+Enter for a new line)'}
          className="min-h-[3.25rem] flex-1 resize-none rounded-control border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-neutral-100 disabled:text-neutral-600"
        />
        <Button type="button" onClick={() => void send()} disabled={done || waiting || !text.trim()}>
          Send
        </Button>
      </div>
      {done ? (
        <p ref={savedRef} tabIndex={-1} className="text-sm font-medium text-brand-800 focus:outline-none" role="status">
          {CHAT_SAVED}
        </p>
      ) : null}
    </div>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Fragment } from 'react';
import { env } from '@/lib/env';
import { listOutbox } from '@/lib/mail/outbox';

export const metadata: Metadata = { title: 'Mail outbox', robots: { index: false } };

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

const sentAt = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'short',
  timeStyle: 'medium',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** The text body with every URL turned into a link; the text itself is rendered as text, never as HTML. */
function LinkedText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

// Development only: the mails the app wrote to MAIL_DIR instead of sending them (no SMTP_URL).
export default async function DevMailPage() {
  if (env.NODE_ENV === 'production') notFound();
  await connection();
  const mails = await listOutbox();

  return (
    <main className="mx-auto w-full max-w-3xl px-8 py-12">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Development</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-neutral-950">Mail outbox</h1>
      <p className="mt-2 text-sm text-neutral-600">
        Messages written to MAIL_DIR because no SMTP server is configured, newest first.
      </p>
      {mails.length === 0 ? (
        <p className="mt-10 rounded-card border border-dashed border-neutral-300 bg-white p-8 text-center text-sm text-neutral-500">
          No mail yet.
        </p>
      ) : (
        <ol className="mt-10 flex flex-col gap-6">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-card border border-neutral-200 bg-white shadow-card">
              <article aria-label={mail.subject}>
                <header className="flex items-start justify-between gap-6 border-b border-neutral-100 px-6 py-4">
                  <div>
                    <h2 className="text-base font-semibold text-neutral-900">{mail.subject}</h2>
                    <p className="mt-0.5 text-sm text-neutral-600">To: {mail.to}</p>
                  </div>
                  <time dateTime={mail.createdAt} className="shrink-0 text-sm text-neutral-500 tabular-nums">
                    {sentAt.format(new Date(mail.createdAt))} UTC
                  </time>
                </header>
                <pre className="px-6 py-5 font-sans text-sm leading-relaxed whitespace-pre-wrap text-neutral-800">
                  <LinkedText text={mail.text} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

import type { ReactNode } from 'react';

type LegalDocumentProps = { title: string; updated: string; intro: ReactNode; sections: { heading: string; body: ReactNode }[] };

/** A readable long-form legal page in the marketing layout: one h1, a date, then numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-8 py-12">
      <h1 className="text-4xl font-semibold tracking-tight text-neutral-950">{title}</h1>
      <p className="mt-3 text-sm text-neutral-500">Last updated {updated}</p>
      <div className="mt-6 text-lg leading-relaxed text-neutral-700">{intro}</div>
      <ol className="mt-10 flex flex-col gap-8">
        {sections.map((section, index) => (
          <li key={section.heading}>
            <h2 className="text-xl font-semibold tracking-tight text-neutral-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-2 flex flex-col gap-3 leading-relaxed text-neutral-700">{section.body}</div>
          </li>
        ))}
      </ol>
    </article>
  );
}

import Image from 'next/image';
import Link from 'next/link';
import { BackLink } from '@/components/back-link';
import { PILLARS, type Pillar } from '@/lib/pillars';
import { DASHBOARD_PATH } from '@/lib/routes';

/** The shared layout of the four pillar pages: intro, guidance sections and links to the other pillars. */
export function PillarArticle({ pillar }: { pillar: Pillar }) {
  const others = PILLARS.filter((p) => p.slug !== pillar.slug);

  return (
    <main className="mx-auto w-full max-w-6xl px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>

      <article className="mt-6">
        <header className="grid grid-cols-[1.2fr_1fr] items-center gap-12 rounded-card border border-neutral-200 bg-white p-10 shadow-card">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{pillar.focus}</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-neutral-950">{pillar.title}</h1>
            <p className="mt-4 text-lg leading-relaxed text-neutral-600">{pillar.summary}</p>
          </div>
          <div className="rounded-card bg-brand-50 p-6">
            <Image src={pillar.image.src} alt={pillar.image.alt} width={480} height={320} preload className="h-auto w-full" />
          </div>
        </header>

        <div className="mt-8 grid grid-cols-3 gap-6">
          {pillar.sections.map((section) => (
            <section
              key={section.heading}
              className="rounded-card border border-neutral-200 bg-white p-6 shadow-card"
            >
              <h2 className="text-lg font-semibold text-neutral-900">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 text-sm leading-relaxed text-neutral-600">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>

        <p className="mt-8 text-sm text-neutral-600">
          General information based on published research, not medical advice. Talk to your doctor before changing
          medication or starting supplements.
        </p>
      </article>

      <nav aria-labelledby="other-pillars" className="mt-12 border-t border-neutral-200 pt-8">
        <h2 id="other-pillars" className="text-sm font-semibold text-neutral-900">
          Other pillars
        </h2>
        <ul className="mt-4 grid grid-cols-3 gap-4">
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                href={`/${other.slug}`}
                className="flex h-full flex-col rounded-control border border-neutral-200 bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="font-medium text-neutral-900">{other.title}</span>
                <span className="text-sm text-neutral-500">{other.focus}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

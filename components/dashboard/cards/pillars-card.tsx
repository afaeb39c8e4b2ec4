import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { PILLARS } from '@/lib/pillars';
import { CardLink } from '../primitives';

/** The longevity pillars, each a link to its page. */
export function PillarsCard() {
  return (
    <Card title="Longevity pillars" header={<CardLink href="/pillars_overview?origin=/main_dashboard" label="Find out more about the longevity pillars">Find out more</CardLink>}>
      <ul className="grid grid-cols-2 gap-3">
        {PILLARS.map((pillar) => (
          <li key={pillar.slug}>
            <Link href={`/${pillar.slug}`} className="flex flex-col items-center gap-1 rounded-control border border-neutral-200 p-2 text-center transition-colors hover:border-brand-300 hover:bg-brand-50">
              {/* eslint-disable-next-line @next/next/no-img-element -- an SVG: nothing for the image optimiser to do, and no image component's JavaScript */}
              <img src={pillar.image.src} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-12" />
              <span className="text-xs font-semibold text-neutral-900">{pillar.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

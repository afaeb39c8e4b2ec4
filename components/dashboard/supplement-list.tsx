import type { SupplementItem } from '@/lib/dashboard/contract';

/** SPEC §9: descriptions over 100 characters are cut to 97 plus an ellipsis. */
export function shortDescription(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}…` : text;
}

/** Supplements with their photos linking to the shop: the dashboard's two in short, or /my_actions' whole ranking in full. */
export function SupplementList({ items, full = false }: { items: SupplementItem[]; full?: boolean }) {
  return (
    <ul className={full ? 'grid grid-cols-3 gap-4' : 'flex flex-col gap-4'}>
      {items.map((item) => (
        <li key={item.id} className={full ? 'flex flex-col gap-3 rounded-control border border-neutral-200 p-4' : 'flex items-start gap-4'}>
          <a href={item.link} target="_blank" rel="noopener noreferrer" className="shrink-0 rounded-control">
            {/* eslint-disable-next-line @next/next/no-img-element -- small local SVGs */}
            <img src={item.photo} alt={`${item.name} (opens the shop in a new tab)`} width={full ? 120 : 64} height={full ? 120 : 64} className="rounded-control bg-neutral-50" />
          </a>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-neutral-900">{item.name}</p>
            <p className="mt-0.5 text-sm text-neutral-600">{full ? item.description : shortDescription(item.description)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The brand's tick, drawn in the text's colour; decorative, since the text beside it says the point. */
export function Tick({ className }: { className: string }) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path fillRule="evenodd" clipRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/** A list of short points, each behind a brand-coloured tick. `className` sets the list's spacing. */
export function CheckList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2.5 text-sm text-neutral-700">
          <Tick className="size-4 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

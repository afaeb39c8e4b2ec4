/** A horizontal rule with a label in the middle, e.g. between social and e-mail sign-in. */
export function TextDivider({ children }: { children: string }) {
  return (
    <div className="flex items-center gap-4 text-xs font-medium tracking-wide text-neutral-500">
      <span aria-hidden className="h-px flex-1 bg-neutral-200" />
      <span>{children}</span>
      <span aria-hidden className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}

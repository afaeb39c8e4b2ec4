/** The title block at the top of each sign-in screen. */
export function AuthHeading({ title, children }: { title: string; children?: string }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">{title}</h1>
      {children ? <p className="mt-2 text-base text-neutral-600">{children}</p> : null}
    </div>
  );
}

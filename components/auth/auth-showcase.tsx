
// What a subscriber's morning shows, in words: the panel makes no claim with made-up figures.
const morning = [
  { title: 'Your T-Score, explained', detail: 'What moved it since yesterday, from your own data.' },
  { title: 'Sleep, recovery and HRV', detail: 'From your ring, strap or scale, side by side.' },
  { title: 'Today’s four actions', detail: 'Small steps that fit the day you are having.' },
];

/**
 * The brand panel beside the sign-in forms. Decorative, so hidden from screen readers. `wearables`: the
 * highlight for the wearables this install connects (lib/wearables/connect-words.ts).
 */
export function AuthShowcase({ wearables }: { wearables: string }) {
  const highlights = ['One-minute daily check-ins', wearables, 'Four clear actions every day'];
  return (
    <div
      aria-hidden
      className="relative flex h-full flex-col justify-center overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 px-14 py-16 text-white"
    >
      <div className="pointer-events-none absolute -top-40 -right-40 size-[36rem] bg-[radial-gradient(closest-side,rgb(52_211_173/0.35),transparent)]" />
      <div className="pointer-events-none absolute -bottom-56 -left-40 size-[32rem] bg-[radial-gradient(closest-side,rgb(16_185_148/0.25),transparent)]" />

      <div className="relative max-w-md">
        <p className="text-sm font-semibold tracking-widest text-brand-200 uppercase">Vitality for men</p>
        <p className="mt-4 text-4xl leading-tight font-semibold tracking-tight text-balance">
          Your longevity and testosterone health, in one clear picture.
        </p>
        <ul className="mt-8 flex flex-col gap-3 text-brand-50">
          {highlights.map((item) => (
            <li key={item} className="flex items-center gap-3 text-base">
              <span className="flex size-6 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20">
                <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
                  <path
                    fillRule="evenodd"
                    clipRule="evenodd"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  />
                </svg>
              </span>
              {item}
            </li>
          ))}
        </ul>

        <div className="mt-12 rounded-card bg-white p-6 text-neutral-900 shadow-2xl shadow-brand-950/40">
          <p className="text-base font-semibold">Every morning</p>
          <ul className="mt-4 flex flex-col gap-4">
            {morning.map((item) => (
              <li key={item.title} className="flex gap-3">
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
                <span>
                  <span className="block text-sm font-semibold text-neutral-900">{item.title}</span>
                  <span className="block text-sm text-neutral-600">{item.detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

import { ProgressBar } from '@/components/ui/progress-bar';

const highlights = [
  'One-minute daily check-ins',
  'Whoop, Oura and Withings in one place',
  'Four clear actions every day',
];

const sample = [
  { label: 'Sleep quality', value: 82 },
  { label: 'Recovery', value: 74 },
  { label: 'Hormone-supporting habits', value: 88 },
];

/** The brand panel beside the sign-in forms. Decorative: its numbers are sample data. */
export function AuthShowcase() {
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
          <div className="flex items-center justify-between">
            <p className="text-base font-semibold">This week</p>
            <p className="text-xs font-medium text-neutral-500">Sample data</p>
          </div>
          <div className="mt-4 flex items-end gap-3">
            <span className="text-5xl font-semibold tracking-tight text-brand-700 tabular-nums">78</span>
            <span className="pb-1.5 text-sm text-neutral-500">
              Vitality score
              <br />
              <span className="font-medium text-brand-700">+6 vs last week</span>
            </span>
          </div>
          <div className="mt-5 flex flex-col gap-3.5">
            {sample.map((metric) => (
              <ProgressBar key={metric.label} label={metric.label} value={metric.value} showValue />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

import { SCAN_SECONDS } from '@/lib/onboarding/tutorial';
import styles from './tutorial-art.module.css';

/** Slide 3: a breathing circle inside a timer ring that reads the scan's length in seconds. */
export function BreatheArt() {
  return (
    <svg aria-hidden viewBox="0 0 280 200" className="h-auto w-full">
      <circle cx="140" cy="100" r="70" strokeWidth="8" fill="none" className="stroke-white" />
      <circle
        cx="140"
        cy="100"
        r="70"
        strokeWidth="8"
        strokeLinecap="round"
        strokeDasharray="440"
        strokeDashoffset="110"
        transform="rotate(-90 140 100)"
        fill="none"
        className={`stroke-brand-600 ${styles.countdown}`}
      />
      <circle cx="140" cy="100" r="52" className={`fill-brand-100 ${styles.breath}`} />
      <text x="140" y="104" textAnchor="middle" className="fill-neutral-900 text-[30px] font-semibold tabular-nums">
        {SCAN_SECONDS}
      </text>
      <text x="140" y="124" textAnchor="middle" className="fill-neutral-600 text-[12px] font-medium">
        seconds
      </text>
      <path d="M34 100 q10 -14 20 0 t20 0" strokeWidth="3" strokeLinecap="round" fill="none" className={`stroke-brand-300 ${styles.pulse}`} />
      <path d="M206 100 q10 -14 20 0 t20 0" strokeWidth="3" strokeLinecap="round" fill="none" className={`stroke-brand-300 ${styles.pulse}`} />
    </svg>
  );
}

import styles from './tutorial-art.module.css';

const RAYS = [0, 45, 90, 135, 180, 225, 270, 315];

/** Slide 1: light falling on the face on a laptop screen from the front. */
export function LightArt() {
  return (
    <svg aria-hidden viewBox="0 0 280 200" className="h-auto w-full">
      <path d="M64 58 L150 74 L150 146 L64 62 Z" className="fill-amber-100" />
      <circle cx="60" cy="56" r="30" className={`fill-amber-200/70 ${styles.glow}`} />
      <g className={styles.spin}>
        {RAYS.map((angle) => (
          <line key={angle} x1="60" y1="22" x2="60" y2="14" transform={`rotate(${angle} 60 56)`} strokeWidth="3" strokeLinecap="round" className="stroke-amber-400" />
        ))}
      </g>
      <circle cx="60" cy="56" r="17" className="fill-amber-300" />
      <rect x="132" y="58" width="120" height="86" rx="8" strokeWidth="3" className="fill-white stroke-neutral-700" />
      <rect x="142" y="68" width="100" height="66" rx="4" className="fill-brand-50" />
      <circle cx="192" cy="92" r="13" className="fill-brand-200 stroke-brand-700" strokeWidth="2" />
      <path d="M168 134 C170 118 180 110 192 110 C204 110 214 118 216 134 Z" className="fill-brand-200 stroke-brand-700" strokeWidth="2" />
      <path d="M120 144 H264 L256 156 H128 Z" strokeWidth="3" strokeLinejoin="round" className="fill-neutral-100 stroke-neutral-700" />
      <line x1="28" y1="172" x2="252" y2="172" strokeWidth="3" strokeLinecap="round" className="stroke-neutral-300" />
    </svg>
  );
}

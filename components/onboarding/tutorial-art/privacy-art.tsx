import styles from './tutorial-art.module.css';

const ROWS = [
  { y: 72, width: 58 },
  { y: 104, width: 80 },
  { y: 136, width: 44 },
];

/** Slide 5: a results card guarded by a shield. */
export function PrivacyArt() {
  return (
    <svg aria-hidden viewBox="0 0 280 200" className="h-auto w-full">
      <rect x="36" y="30" width="160" height="146" rx="12" strokeWidth="2" className="fill-white stroke-neutral-200" />
      <rect x="52" y="44" width="64" height="8" rx="4" className="fill-neutral-300" />
      {ROWS.map((row, i) => (
        <g key={row.y}>
          <rect x="52" y={row.y} width="32" height="6" rx="3" className="fill-neutral-200" />
          <rect x="52" y={row.y + 12} width="124" height="8" rx="4" className="fill-neutral-100" />
          <rect x="52" y={row.y + 12} width={row.width} height="8" rx="4" style={{ animationDelay: `${i * 0.15}s` }} className={`fill-brand-500 ${styles.grow}`} />
        </g>
      ))}
      <path d="M212 76 L246 90 V118 C246 142 232 158 212 166 C192 158 178 142 178 118 V90 Z" className="fill-brand-700" />
      <path d="M197 120 L208 131 L228 110" pathLength={40} strokeDasharray="40" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" fill="none" className={`stroke-white ${styles.draw}`} />
    </svg>
  );
}

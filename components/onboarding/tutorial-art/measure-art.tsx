import styles from './tutorial-art.module.css';

const METRICS = ['HR', 'HRV', 'BR', 'BP', 'Stress'];
const TRACE = 'M14 104 H78 L88 104 L96 78 L106 134 L116 52 L126 122 L134 104 H176 L184 104 L192 88 L200 120 L208 104 H266';

/** Slide 4: a beating heart, a heart trace and the five readings. */
export function MeasureArt() {
  return (
    <svg aria-hidden viewBox="0 0 280 200" className="h-auto w-full">
      <g className={styles.beat}>
        <path d="M46 54 C46 44 34 38 27 46 C20 38 8 44 8 54 C8 66 27 76 27 76 C27 76 46 66 46 54 Z" transform="translate(8 -8)" className="fill-danger-500" />
      </g>
      <path d={TRACE} strokeWidth="3" strokeLinejoin="round" fill="none" className="stroke-brand-200" />
      <path d={TRACE} pathLength={280} strokeDasharray="280 280" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" fill="none" className={`stroke-brand-600 ${styles.trace}`} />
      {METRICS.map((metric, i) => (
        <g key={metric} transform={`translate(${14 + i * 52} 156)`}>
          <rect width="44" height="26" rx="13" strokeWidth="1.5" className="fill-white stroke-brand-200" />
          <text x="22" y="17" textAnchor="middle" className="fill-brand-800 text-[11px] font-semibold">
            {metric}
          </text>
        </g>
      ))}
    </svg>
  );
}

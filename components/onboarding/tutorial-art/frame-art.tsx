import styles from './tutorial-art.module.css';

// Corner brackets of the on-screen outline, clockwise from the top left.
const CORNERS = ['M84 54 V38 H100', 'M180 38 H196 V54', 'M196 140 V156 H180', 'M100 156 H84 V140'];

/** Slide 2: a face inside the camera outline, with a scan line passing over it. */
export function FrameArt() {
  return (
    <svg aria-hidden viewBox="0 0 280 200" className="h-auto w-full">
      <rect x="40" y="16" width="200" height="168" rx="14" strokeWidth="3" className="fill-white stroke-neutral-700" />
      <circle cx="140" cy="26" r="3" className="fill-neutral-700" />
      <path d="M86 184 C90 152 112 140 140 140 C168 140 190 152 194 184 Z" strokeWidth="2.5" className="fill-brand-100 stroke-brand-700" />
      <ellipse cx="140" cy="94" rx="32" ry="40" strokeWidth="2.5" className="fill-brand-100 stroke-brand-700" />
      <circle cx="128" cy="90" r="3" className="fill-brand-800" />
      <circle cx="152" cy="90" r="3" className="fill-brand-800" />
      <path d="M130 112 Q140 119 150 112" strokeWidth="2.5" strokeLinecap="round" fill="none" className="stroke-brand-800" />
      <g className={styles.pulse}>
        {CORNERS.map((d) => (
          <path key={d} d={d} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" fill="none" className="stroke-brand-600" />
        ))}
      </g>
      <line x1="92" y1="46" x2="188" y2="46" strokeWidth="2" strokeLinecap="round" className={`stroke-brand-500 ${styles.scan}`} />
    </svg>
  );
}

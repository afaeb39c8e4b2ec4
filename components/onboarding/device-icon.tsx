export type DeviceIconName = 'watch' | 'strap' | 'ring' | 'scale' | 'bag';

const PATHS: Record<DeviceIconName, React.ReactNode> = {
  watch: (
    <>
      <rect x="6.5" y="6" width="11" height="12" rx="3" />
      <path d="M9 6l.6-3h4.8l.6 3M9 18l.6 3h4.8l.6-3M12 9.5V12l1.5 1.5" />
    </>
  ),
  strap: (
    <>
      <path d="M4 9.5c0-1.4 1.1-2.5 2.5-2.5h11c1.4 0 2.5 1.1 2.5 2.5v5c0 1.4-1.1 2.5-2.5 2.5h-11A2.5 2.5 0 0 1 4 14.5v-5Z" />
      <rect x="9" y="8.5" width="6" height="7" rx="1.5" />
    </>
  ),
  ring: (
    <>
      <ellipse cx="12" cy="13" rx="7" ry="6.5" />
      <ellipse cx="12" cy="13" rx="4.5" ry="4" />
      <path d="M10 6.8 12 4l2 2.8" />
    </>
  ),
  scale: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="M8.5 9.5a5 5 0 0 1 7 0M12 9.5l1.2-1.6" />
    </>
  ),
  bag: (
    <>
      <path d="M5.5 8h13l-1 12h-11l-1-12Z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </>
  ),
};

/** Line icons for the devices step's cards. */
export function DeviceIcon({ name, className }: { name: DeviceIconName; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" className={className}>
      {PATHS[name]}
    </svg>
  );
}

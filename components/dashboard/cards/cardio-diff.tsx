/** SPEC §9: 'years older' (difference 0 or more) or 'younger'; up icon when the difference is 0 or less, down otherwise. */
export function CardioDiff({ diff }: { diff: number }) {
  const up = diff <= 0;
  const years = Math.abs(diff);
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-medium ${up ? 'text-brand-800' : 'text-danger-700'}`} data-testid="cardio-diff">
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className={`size-4 ${up ? '' : 'rotate-180'}`}>
        <path fillRule="evenodd" clipRule="evenodd" d="M10 17a.75.75 0 0 1-.75-.75V5.61L5.53 9.33a.75.75 0 0 1-1.06-1.06l5-5a.75.75 0 0 1 1.06 0l5 5a.75.75 0 1 1-1.06 1.06l-3.72-3.72v10.64A.75.75 0 0 1 10 17Z" />
      </svg>
      {years} {years === 1 ? 'year' : 'years'} {diff >= 0 ? 'older' : 'younger'}
    </span>
  );
}

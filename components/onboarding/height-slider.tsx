'use client';

type Props = {
  /** Whole centimetres, or whole inches in feet-and-inches mode. */
  value: number;
  min: number;
  max: number;
  /** How a value reads: '175 cm', '5 ft 9 in'. */
  format: (value: number) => string;
  onChange: (value: number) => void;
  describedBy?: string | undefined;
};

/** The height step's slider under its typed fields, in the unit the toggle shows, one cm or one inch a step. */
export function HeightSlider({ value, min, max, format, onChange, describedBy }: Props) {
  return (
    <div className="flex flex-col gap-2 rounded-control border border-neutral-200 bg-neutral-50/60 px-5 py-4">
      <input
        type="range"
        aria-label="Height slider"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={format(value)}
        aria-describedby={describedBy}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-2 w-full cursor-pointer accent-brand-700"
      />
      <div aria-hidden className="flex justify-between text-xs text-neutral-500 tabular-nums">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}

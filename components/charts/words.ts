// Words a chart's tooltip (drawn in the chart worker, ./configs.ts) and its text alternative (written on
// the page, components/dashboard/charts.tsx) share, so that both say a figure the same way.

/** How a bound reads: "below 17 ng/dL", never a bare, exact-looking 17. */
export const BOUND_WORDS: Readonly<Record<string, string>> = { '<': 'below ', '<=': 'at most ', '>': 'above ', '>=': 'at least ' };

/** A figure with at most one decimal and its unit. */
export const figure = (value: number, unit: string) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}${unit ? ` ${unit}` : ''}`;

/** A value of a measure: its word on a worded scale (mood, energy), else the figure. */
export const scaleWord = (scale: readonly string[] | null | undefined, value: number, unit: string) => (scale ? (scale[Math.round(value)] ?? figure(value, '')) : figure(value, unit));

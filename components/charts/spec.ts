import type { TestosteronePoint } from '@/lib/dashboard/contract';
import type { ExperimentOutcomeAnswer } from '@/lib/experiments/contract';
import type { MeasureTrend } from '@/lib/insights/measure-trends';

// What a chart shows, as plain data: the page hands it to the chart worker (./chart.worker.ts) by
// postMessage, which builds chart.js's configuration from it (./configs.ts). Functions cannot cross to a
// worker, so every tooltip and tick text is written there from these figures.

/** One day's value of a day-by-day chart, `label` as its axis shows it. */
export type DayValue = { label: string; value: number | null };

/** The T-Results axis in the member's units (components/dashboard/t-band.ts, tAxis). */
export type TAxis = { min: number; max: number; step: number };

export type ExperimentChartAnswer = Pick<ExperimentOutcomeAnswer, 'label' | 'unit' | 'decimals' | 'scale' | 'days' | 'periods'>;

export type ChartSpec =
  /** The T-Results chart: points, band and axis already in the member's units. */
  | { kind: 'testosterone'; points: TestosteronePoint[]; band: { from: number; to: number; lab: boolean }; axis: TAxis; unit: string }
  /** SPEC §9: the heart-rate line, its axis from 0 to the highest value plus 20. */
  | { kind: 'heartRate'; days: DayValue[] }
  /** SPEC §9: stress and steps, a bar a day. */
  | { kind: 'dayBars'; days: DayValue[]; unit: string; colour: string; barThickness: number; max?: number }
  /** One measure on /insights over its range, with its fitted line and usual band. */
  | { kind: 'trend'; measure: MeasureTrend; days: string[] }
  /** One outcome of an experiment, by period. */
  | { kind: 'experiment'; answer: ExperimentChartAnswer };

/** The page's messages to the chart worker. A canvas is sent once, with its first drawing. */
export type ToChartWorker =
  | { type: 'draw'; id: number; canvas?: OffscreenCanvas; spec: ChartSpec; width: number; height: number; pixelRatio: number }
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'pointer'; id: number; x: number; y: number }
  | { type: 'leave'; id: number }
  /** The chart is off the page for now: its drawing is dropped, its canvas kept for the next one. */
  | { type: 'clear'; id: number }
  /** The canvas itself is gone. */
  | { type: 'forget'; id: number };

export type FromChartWorker = { type: 'drawn'; id: number } | { type: 'failed'; id: number; message: string };

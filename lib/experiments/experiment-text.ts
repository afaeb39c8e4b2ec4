import { addDays } from '@/lib/days';
import { formatDateAt, formatDateGB } from '@/lib/format';
import type { ExperimentDetail, ExperimentOutcomeAnswer } from './contract';

// An experiment in a few plain lines, for a reader away from its page: the doctor's PDF. The figures and
// sentences are the answer's own (./answer.ts); these only say which is which.

const span = (from: string, to: string) => `${formatDateGB(from)} to ${formatDateGB(to)}`;

/** "Usual days 1 Nov 2026 to 14 Nov 2026; the change 15 Nov 2026 to 12 Dec 2026; stopped early on 3 Dec 2026." */
export function experimentDatesLine(experiment: ExperimentDetail, timeZone: string): string {
  const parts = [`Usual days ${span(experiment.baselineFrom, addDays(experiment.changeFrom, -1))}`, `the change ${span(experiment.changeFrom, experiment.changeTo)}`];
  if (experiment.returnFrom) parts.push(`back to usual ${span(experiment.returnFrom, experiment.endsOn)}`);
  if (experiment.stoppedAt) parts.push(`stopped early on ${formatDateAt(experiment.stoppedAt, timeZone)}`);
  else if (experiment.phase !== 'ended') parts.push('still running');
  return `${parts.join('; ')}.`;
}

/** "Primary outcome, sleep: Likely helped: sleep 0.4 h higher (90 % interval 0.1–0.7 h)." An exploratory one says so. */
export function outcomeAnswerLine(answer: ExperimentOutcomeAnswer): string {
  const end = answer.sentence.endsWith('.') ? '' : '.';
  return `${answer.exploratory ? 'Exploratory' : 'Primary outcome'}, ${answer.label.toLowerCase()}: ${answer.sentence}${end}`;
}

/** What the doctor reads of one experiment, after its change as a heading line. */
export function experimentLines(experiment: ExperimentDetail, timeZone: string): string[] {
  const lines = [experimentDatesLine(experiment, timeZone), outcomeAnswerLine(experiment.primary), ...experiment.exploratoryAnswers.map(outcomeAnswerLine)];
  if (experiment.adherence !== null) lines.push(`Done on ${Math.round(experiment.adherence * 100)} % of the change days answered.`);
  if (experiment.startedBeforeDeclared) lines.push('Set up after the change had begun: its outcome was not declared in advance.');
  return lines;
}

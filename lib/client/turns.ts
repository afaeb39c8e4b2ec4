import { afterLoad } from './after-load';

// What a page does after its first paint (an island's live part taking over from its shell, a chart
// drawing) goes one piece at a time, each in a task of its own once the piece before has painted. Done
// together they were one long task that kept the page from answering a click (bench:lighthouse): React
// reveals Suspense boundaries that resolve close together in one commit, and eight charts drawn in one go
// on /insights took a quarter of a second.

let turns: Promise<void> = Promise.resolve();

/** A frame, then a task: whatever the last turn set going has rendered and painted. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves when it is this caller's turn: after the load event and after every earlier turn has painted. */
export function nextTurn(): Promise<void> {
  turns = turns.then(afterLoad).then(painted);
  return turns;
}

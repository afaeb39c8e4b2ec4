import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { afterLoad } from './after-load';

// What a page does after its first paint (an island's live part taking over from its shell) goes one
// piece at a time, each in a task of its own once the piece before has painted. Done
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

/** `load`, asked for once however many places use it. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * The component `load` gives, once its code is in and its turn has come; null
 * until then, as on the server and during hydration. It is set as a transition, so React renders it in
 * slices and answers clicks in between. `load` must be the same function on every render (`loadOnce`).
 */
export function useTakeOver<P>(load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let mounted = true;
    void load()
      .then((loaded) => nextTurn().then(() => loaded))
      .then((loaded) => {
        if (mounted) startTransition(() => setComponent(() => loaded));
      });
    return () => {
      mounted = false;
    };
  }, [load]);
  return component;
}

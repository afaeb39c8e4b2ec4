/**
 * Resolves once the page's load event has passed: what a page needs only after its first paint (chart.js,
 * the profile's place pickers, TanStack Query's islands) is asked for then, so it is no part of the page's
 * first-load JavaScript (bench:bundle).
 */
export const afterLoad = (): Promise<void> =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * Runs `then` once the page has loaded (at once if it has); answers a function that cancels it
 * if it has not run yet. The layout's after-load work (the socket, the installable app) waits for
 * it so it never shares the first screen's bandwidth or main thread.
 */
export function afterLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then();
    return () => {};
  }
  window.addEventListener('load', then, { once: true });
  return () => window.removeEventListener('load', then);
}

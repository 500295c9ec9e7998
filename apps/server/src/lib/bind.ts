// A module's service is its plain functions with their dependencies given (decision 065): the
// binding factory writes one `name: bind(deps, fn)` line per function, so a reader (or a tool)
// follows each key straight to the function that does the work.

/** `fn` with its dependencies given: what the service's callers see. */
export const bind =
  <D, A extends unknown[], R>(deps: D, fn: (deps: D, ...args: A) => R) =>
  (...args: A): R =>
    fn(deps, ...args);

/**
 * The commands' clock. Node's global `performance` loads its perf_hooks modules on first use,
 * 12 ms of CPU in a command that takes a fifth of a second; `process.hrtime` is there from the
 * start.
 */

/** Milliseconds on a monotonic clock (as `performance.now()`, from another origin). */
export function milliseconds(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}

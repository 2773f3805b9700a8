/**
 * The commands' clock. Node's global `performance` loads its perf_hooks modules on first use, a
 * noticeable part of a short command; `process.hrtime` is there from the start.
 */

/** Milliseconds on a monotonic clock (as `performance.now()`, from another origin). */
export function milliseconds(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}

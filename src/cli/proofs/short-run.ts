/**
 * V8's settings for work that runs in this process and ends within a second or so: a proof, an
 * analysis or a tree of a game of up to `SHORT_RUN_MAX_CODES` codes. Cold, the optimizing compiler
 * spends more CPU on the search's code than the search itself does, and most of what is left hot
 * runs in WebAssembly: so V8 compiles a function later (a larger interrupt budget: only the truly
 * hot ones), without inlining (each compile several times cheaper), and with the baseline
 * compiler from a function's first call instead of the interpreter. The WebAssembly kernels,
 * compiled after this, go straight to the optimizing compiler (their loops are the hot ones, and
 * a few kilobytes compile in little time). Not the garbage collector on one thread alone, which
 * saved as much: set once V8 runs, it crashes V8 if a concurrent marking is under way, as in a
 * test runner's long-lived process. Longer work keeps V8's defaults, where the compiled code pays
 * back. What each setting saved: docs/performance.md.
 */
import { setFlagsFromString } from 'node:v8';

/** The largest game (in codes) whose work the commands count as short. */
export const SHORT_RUN_MAX_CODES = 2000;

const SHORT_RUN_V8_FLAGS =
  '--no-turbo-inlining --interrupt-budget=1200000 --always-sparkplug --no-liftoff';

/**
 * Sets V8 up for short work in this process, once it is known to be short. The environment's
 * CODEBREAKER_V8_DEFAULTS keeps V8's defaults: to measure what the settings save, and while the
 * build writes the code cache, which is taken only under the settings it was made with
 * (launch.ts).
 */
export function tuneForShortRun(): void {
  if (!process.env.CODEBREAKER_V8_DEFAULTS) setFlagsFromString(SHORT_RUN_V8_FLAGS);
}

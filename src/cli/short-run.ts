/**
 * V8's settings for work that runs in this process and ends within a second or so: a proof, an
 * analysis or a tree of a game of up to `SHORT_RUN_MAX_CODES` codes. Cold, the optimizing compiler
 * spends more CPU on the search's code than the search itself does; it compiles a function later
 * (a larger interrupt budget: only the truly hot ones) and without inlining (each compile is
 * several times cheaper): 120 compilations of classic Mastermind's proof become 23, and its CPU
 * 0.44 → 0.35 s (measured before its table moved to WebAssembly). Once the symmetry loops, the
 * partitions and the perfect-candidate test had moved to WebAssembly too, less of the search was
 * left hot enough to pay for the optimizing compiler: a budget twice as large, and the baseline
 * compiler for every function from its first call instead of the interpreter (cheap, several
 * times faster), took the proof from 0.25 to 0.24 s of CPU (0.23 to 0.21 on a quiet host; 40 runs
 * each, interleaved) and its least worst case from 0.36 to 0.33 s. The same settings take
 * `analyze --game mastermind --strategy minimax` from 0.335 to 0.267 s of CPU in all (15 runs
 * each, interleaved, one core), Hit & Blow's analyses from 0.266 to 0.233 s, and leave Bulls and
 * Cows (5,040 codes, 0.7 s) where it was: longer work runs with V8's defaults, where the compiled
 * code pays back.
 */
import { setFlagsFromString } from 'node:v8';

/** The largest game (in codes) whose work the commands count as short. */
export const SHORT_RUN_MAX_CODES = 2000;

const SHORT_RUN_V8_FLAGS = '--no-turbo-inlining --interrupt-budget=1200000 --always-sparkplug';

/**
 * Sets V8 up for short work in this process, once it is known to be short. The environment's
 * CODEBREAKER_V8_DEFAULTS keeps V8's defaults: to measure what the settings save, and while the
 * build writes the code cache, which is taken only under the settings it was made with
 * (launch.ts).
 */
export function tuneForShortRun(): void {
  if (!process.env.CODEBREAKER_V8_DEFAULTS) setFlagsFromString(SHORT_RUN_V8_FLAGS);
}

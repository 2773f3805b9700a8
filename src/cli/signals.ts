/**
 * Ctrl-C and SIGTERM, heard from the program's first moment. Node ends a process at once on a
 * signal nothing listens to, so a command that listens only once it has started (`optimal`,
 * after reading its flags and its checkpoint) could be killed silently by a Ctrl-C in its first
 * tenths of a second. This module is the first the program runs (main.ts imports it first, and
 * the launcher listens even before the program is loaded): it listens at once, remembers a
 * stop, and hands it to whatever command asks (`onStop`). A
 * signal no command has asked for ends the process as Node would, status 128 + the signal.
 */

/** Whether a stop has been asked. */
let stopped = false;

/** The launcher's record of a signal heard before the program was loaded (launch.ts). */
const EARLY = Symbol.for('codebreaker.early-signal');

/** The statuses a signal nobody asked for ends the process with. */
const STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

const listeners = new Set<() => void>();
/** A command that will listen is being loaded: a signal waits for it. */
let held = false;

function heard(signal: 'SIGINT' | 'SIGTERM'): void {
  stopped = true;
  if (listeners.size === 0 && !held) process.exit(STATUS[signal]);
  for (const listener of [...listeners]) listener();
}

process.on('SIGINT', heard);
process.on('SIGTERM', heard);
const global = globalThis as { [EARLY]?: { signal?: 'SIGINT' | 'SIGTERM'; stop(): void } };
const early = global[EARLY];
if (early) {
  early.stop();
  if (early.signal) heard(early.signal);
}
// A test waits for this line before it signals (never a fixed sleep).
if (process.env.CODEBREAKER_SAY_LISTENING) process.stderr.write('codebreaker: listening\n');

/**
 * Says that the command about to run will listen (`onStop`): until it does, a signal is kept
 * for it instead of ending the process.
 */
export function holdStops(): void {
  held = true;
}

/**
 * Calls `listener` at every Ctrl-C or SIGTERM from now on, and at once if one came before;
 * returns what stops listening. While a command listens, a signal no longer ends the process.
 */
export function onStop(listener: () => void): () => void {
  listeners.add(listener);
  if (stopped) listener();
  return () => listeners.delete(listener);
}

/**
 * Runs `work`, which blocks this thread for long stretches (a walk of a strategy's tree) and
 * keeps nothing a stop could save, with Node's own handling of Ctrl-C and SIGTERM: the process
 * ends at once, by the signal, where a listener here would hear it only once the thread is free.
 */
export async function endingAtSignals<T>(work: () => Promise<T>): Promise<T> {
  process.off('SIGINT', heard);
  process.off('SIGTERM', heard);
  // A test waits for this line before it signals, as for the one above.
  if (process.env.CODEBREAKER_SAY_LISTENING) process.stderr.write('codebreaker: signals end it\n');
  try {
    return await work();
  } finally {
    process.on('SIGINT', heard);
    process.on('SIGTERM', heard);
  }
}

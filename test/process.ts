/**
 * The command line as real processes, for the tests that signal, kill or race them: each the
 * built command (test/global-setup.ts builds it again when a source is newer), its output
 * gathered as it comes, and ended by `stopAll` after a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built command, as `bin` names it: `node CLI ...argv` runs `codebreaker ...argv`. */
export const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'main.cjs');

/** A running `codebreaker` process, with what it has printed so far. */
export interface Running {
  readonly child: ChildProcess;
  out: string;
  err: string;
  /** Its exit status (null if a signal ended it). */
  readonly ended: Promise<number | null>;
}

const running: Running[] = [];

/** Starts `codebreaker ...argv`, with `env` added to this process's environment. */
export function startCli(argv: readonly string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [CLI, ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const run: Running = {
    child,
    out: '',
    err: '',
    ended: new Promise((resolve) => child.on('close', (status) => resolve(status))),
  };
  child.stdout?.on('data', (chunk) => {
    run.out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    run.err += chunk;
  });
  running.push(run);
  return run;
}

/**
 * Waits until `check` holds, looking every 10 ms (the test's own timeout bounds the wait); it may
 * look asynchronously (in Redis, say).
 */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Kills every process started and still running, and waits for them to end. */
export async function stopAll(): Promise<void> {
  for (const run of running.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.ended;
  }
}

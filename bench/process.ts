/**
 * Timing whole commands in fresh processes, as a user runs them: Node's start-up, the JIT and
 * the garbage collector included, every thread's CPU counted.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

/** Writes the CPU time of a command's whole process to file descriptor 3 (cpu-probe.cjs). */
const CPU_PROBE = fileURLToPath(new URL('./cpu-probe.cjs', import.meta.url));

/** What a command in a fresh process took: wall-clock and CPU seconds, and its output. */
export interface FreshRun {
  seconds: number;
  cpu: number;
  out: string;
  status: number | null;
}

/**
 * The environment the timed processes run in: this one's, but for NODE_EXTRA_CA_CERTS. Where it
 * is set, every Node process parses those certificates as it starts (the whole system bundle, on
 * some machines: most of `node -e 0`'s CPU), the same in the baseline as in each command, so
 * that it adds nothing to a row but noise.
 */
const TIMED_ENV: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: undefined };

/** Runs `node args` in a fresh process (so Node's start-up counts) and times it. */
export function fresh(args: string[]): FreshRun {
  const begin = performance.now();
  const run = spawnSync(process.execPath, ['--require', CPU_PROBE, ...args], {
    encoding: 'utf8',
    env: TIMED_ENV,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const elapsed = seconds(begin);
  return { seconds: elapsed, cpu: Number(run.output[3]), out: run.stdout, status: run.status };
}

/**
 * How often a short command in a fresh process is run: its time varies by a quarter from one run
 * to the next on a shared machine, so a row shows the medians.
 */
export const SHORT_RUNS = 9;

/** `run` done `SHORT_RUNS` times: the last run, with the median seconds and CPU of them all. */
export function medianRun<Run extends { seconds: number; cpu: number }>(run: () => Run): Run {
  const runs = Array.from({ length: SHORT_RUNS }, run);
  const median = (values: number[]): number =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    ...runs[runs.length - 1],
    seconds: median(runs.map((r) => r.seconds)),
    cpu: median(runs.map((r) => r.cpu)),
  };
}

/**
 * Runs the built CLI in a fresh process and times it. A proof that no strategy keeps to a
 * depth cap exits 1 with its JSON on stdout, and is read like any other.
 */
export function timedCli(args: string[]): {
  seconds: number;
  cpu: number;
  doc: Record<string, unknown>;
} {
  const run = fresh(['dist/cli/main.cjs', ...args, '--json']);
  if ((run.status !== 0 && run.status !== 1) || !run.out) {
    throw new Error(`codebreaker ${args.join(' ')} failed (status ${run.status})`);
  }
  return { seconds: run.seconds, cpu: run.cpu, doc: JSON.parse(run.out) };
}

/**
 * Runs a program that is not Node (`program args`, its output discarded) and times it: CPU from
 * bash's `time`, which reads the kernel's account of the child to the millisecond.
 */
export function timedProgram(program: string, args: string[]): FreshRun {
  const begin = performance.now();
  const run = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="%3U %3S"; time "$0" "$@" > /dev/null 2>&1', program, ...args],
    { encoding: 'utf8', env: TIMED_ENV },
  );
  const elapsed = seconds(begin);
  const [user, system] = run.stderr.trim().split(/\s+/).map(Number);
  return { seconds: elapsed, cpu: user + system, out: '', status: run.status };
}

/** A row of a bench's table: each cell right-aligned to its column's width. */
export function line(cells: (string | number)[], widths: number[]): string {
  return cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');
}

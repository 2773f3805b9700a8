/**
 * Progress of a long proof on stderr. On a terminal, one status line rewritten in place: the
 * best total so far, the proved lower bound, jobs done of jobs known, and an estimate of the
 * time left once one can be made. With no terminal and `--json`, one JSON line a minute, so
 * that a log of a run that takes hours says how it went.
 */
import { groupThousands } from '../../numbers.js';
import { UNLIMITED, crushParts } from '../../search/cost.js';
import type { ProofProgress } from '../../search/optimal.js';
import { milliseconds } from '../clock.js';
import type { Io } from '../io.js';
import { statusLine } from '../progress.js';

/** How often the status line is redrawn, and a JSON line written, in milliseconds. */
const REDRAW_MS = 100;
const JSON_LINE_MS = 60_000;

/** Shows a proof's progress; `update` with each report, `stop` at the end. */
export interface ProofDisplay {
  update(progress: ProofProgress): void;
  /**
   * Says, on a terminal, that the proof was asked to stop and what comes next: with no strategy
   * found yet, the command builds Irving's expected-size tree to print, which takes up to a minute
   * on the largest games, long enough to look like a hang.
   */
  stopping(): void;
  stop(): void;
}

/**
 * A best total or lower bound as JSON: a number, or under crush (`crush`), the weighted total
 * apart (search/cost.ts).
 */
export function objectiveJson(value: number, crush: boolean): number | object | null {
  if (!Number.isFinite(value)) return null;
  return crush ? crushParts(value) : value;
}

/** A best total or lower bound in words. */
export function objectiveText(value: number, crush: boolean): string {
  if (!crush) return String(value);
  const { atLast, total } = crushParts(value);
  return `${atLast} at the last guess, total ${total}`;
}

/**
 * A display for a proof on `threads` threads, or on the workers of a queue as last counted;
 * `json` chooses JSON lines off a terminal; `crush`:
 * the totals are the crush objective's.
 */
export function proofDisplay(
  io: Io,
  threads: number | (() => WorkersSeen),
  json: boolean,
  crush = false,
): ProofDisplay {
  const started = milliseconds();
  const status = statusLine(io);
  let latest: ProofProgress | undefined;
  let drawn = 0;
  let stopping = false;
  const seconds = (): number => (milliseconds() - started) / 1000;
  const timer =
    !io.errIsTerminal && json
      ? setInterval(() => {
          if (latest) {
            const line = { progress: progressJson(latest, seconds(), crush, threads) };
            io.err(`${JSON.stringify(line)}\n`);
          }
        }, JSON_LINE_MS)
      : undefined;
  timer?.unref();
  return {
    update(progress) {
      latest = progress;
      if (stopping) return;
      const now = milliseconds();
      if (now - drawn < REDRAW_MS) return;
      drawn = now;
      status.update(0, statusText(progress, threads, seconds(), crush));
    },
    stopping() {
      if (stopping) return;
      stopping = true;
      const next =
        latest && Number.isFinite(latest.best)
          ? 'printing the best strategy found so far'
          : 'no strategy yet, building the expected-size one (up to a minute)';
      status.update(0, `stopping: ${next}...`);
    },
    stop() {
      if (timer) clearInterval(timer);
      status.stop();
    },
  };
}

/** The time left, in seconds, by the share of the known work done; undefined while too early. */
function secondsLeft(progress: ProofProgress, elapsed: number): number | undefined {
  const { workDone, workKnown } = progress;
  if (elapsed < 5 || workKnown === 0 || workDone / workKnown < 0.05) return undefined;
  return (elapsed * (workKnown - workDone)) / workDone;
}

/** The workers of a queue, as last counted. */
export interface WorkersSeen {
  readonly workers: number;
  readonly threads: number;
}

/** "2 threads", or "3 workers, 6 threads". */
function whereText(threads: number | (() => WorkersSeen)): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (typeof threads === 'number') return plural(threads, 'thread');
  const seen = threads();
  if (seen.workers === 0) return 'waiting for workers';
  return `${plural(seen.workers, 'worker')}, ${plural(seen.threads, 'thread')}`;
}

function statusText(
  progress: ProofProgress,
  threads: number | (() => WorkersSeen),
  elapsed: number,
  crush: boolean,
): string {
  const best = Number.isFinite(progress.best)
    ? `best ${objectiveText(progress.best, crush)}`
    : 'no strategy yet';
  const { rechecking } = progress;
  if (rechecking) {
    return [
      `proved; re-checking the answers read back (${whereText(threads)})`,
      `${rechecking.solved}/${rechecking.picked} solved again${rechecking.pieces > 0 ? ` (and ${groupThousands(rechecking.pieces)} pieces of the rest)` : ''}`,
      `${groupThousands(progress.nodes)} nodes`,
      duration(elapsed),
    ].join(' · ');
  }
  const left = secondsLeft(progress, elapsed);
  const parts = [
    `proving (${whereText(threads)})`,
    // The depth budget searched: under `worst`, `crush` and `depth`, the depth being tried.
    ...(progress.depth < UNLIMITED ? [`within ${progress.depth} guesses`] : []),
    best,
    `lower bound ${objectiveText(progress.lowerBound, crush)}`,
    `jobs ${progress.jobsDone}/${progress.jobsKnown}`,
    `${groupThousands(progress.nodes)} nodes`,
    `${duration(elapsed)}${left === undefined ? '' : `, about ${duration(left)} left`}`,
  ];
  return parts.join(' · ');
}

function progressJson(
  progress: ProofProgress,
  elapsed: number,
  crush: boolean,
  threads: number | (() => WorkersSeen),
): Record<string, unknown> {
  const left = secondsLeft(progress, elapsed);
  return {
    ...(typeof threads === 'number' ? {} : threads()),
    seconds: Math.round(elapsed),
    best: objectiveJson(progress.best, crush),
    lowerBound: objectiveJson(progress.lowerBound, crush),
    jobsDone: progress.jobsDone,
    jobsKnown: progress.jobsKnown,
    nodes: progress.nodes,
    depth: progress.depth >= UNLIMITED ? null : progress.depth,
    ...(left === undefined || progress.rechecking ? {} : { secondsLeft: Math.round(left) }),
    ...(progress.rechecking ? { rechecking: progress.rechecking } : {}),
  };
}

/** "42 s", "3 min 5 s", "2 h 10 min". */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * `codebreaker static --estimate SIZE`: what the exact search of one set size would cost, before
 * anyone runs it for days: the sets it would visit and its time on one thread, from random paths
 * of the search (search/static-size.ts `estimateStaticSize`); with the checkpoint of a campaign at
 * that size, of the jobs it has not finished.
 */
import { CommandError } from '../../errors.js';
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { randomSource } from '../../random.js';
import { describeRules, rulesJson } from '../../rules.js';
import { estimateStaticSize } from '../../search/static-estimate.js';
import { staticJobDepth, staticPrefixes } from '../../search/static-jobs.js';
import type { StaticJobsLeftOut } from '../../search/static-size.js';
import { milliseconds } from '../clock.js';
import type { Io } from '../io.js';
import { statusLine } from '../progress.js';
import { seedFromFlag, wholeFlag } from '../rules-options.js';

/** The flags the estimate reads. */
export interface EstimateFlags {
  readonly estimate: string;
  readonly probes?: string;
  readonly seed?: string;
  readonly checkpoint?: string;
  readonly keyFile?: string;
  /** The checkpoint is unsigned (a campaign's): read without a key (an estimate proves nothing). */
  readonly unsigned?: boolean;
  readonly json?: boolean;
}

/** Paths followed unless `--probes` says otherwise. */
const DEFAULT_PROBES = 1000;
const MAX_PROBES = 10_000_000;
/** How often the status line is redrawn. */
const STATUS_MS = 200;

/**
 * A figure for people, to two significant digits: "0.33", "2.4", grouped in thousands from 100
 * to ten million ("8,600"), then as "1.5 × 10^14".
 */
function aboutText(value: number): string {
  if (value >= 1e7) {
    const exponent = Math.floor(Math.log10(value));
    return `${(value / 10 ** exponent).toFixed(1)} × 10^${exponent}`;
  }
  if (value >= 100) return groupThousands(Number(value.toPrecision(2)));
  return String(Number(value.toPrecision(2)));
}

/** A time and its standard error, in the unit that suits the time. */
function durationText(seconds: number, error: number): string {
  const [unit, per] =
    seconds >= 7200 ? ['hours', 3600] : seconds >= 120 ? ['minutes', 60] : ['seconds', 1];
  const round = (value: number): string => aboutText(value / per);
  return `${round(seconds)} ${unit} (± ${round(error)})`;
}

/**
 * The jobs the checkpoint at `path` has finished, if it is at `size` (its jobs are of that size
 * only then); undefined if it is at another size. A missing file is an error: there is nothing
 * to leave out, and the path was most likely mistyped.
 */
async function jobsFinished(
  game: Game,
  size: number,
  path: string,
  keyFile: string | undefined,
  unsigned: boolean,
): Promise<{ leaveOut: StaticJobsLeftOut; done: number; jobs: number } | undefined> {
  const jobsOf = (at: number): number => staticPrefixes(game, staticJobDepth(at)).length;
  const { readStaticCheckpoint } = await import('../proofs/static-checkpoint.js');
  const key = unsigned ? undefined : (await import('../keys.js')).loadKey(keyFile);
  const state = await readStaticCheckpoint(path, game, key, jobsOf);
  if (!state) {
    throw new CommandError('bad-checkpoint', `${path}: no such checkpoint to read`);
  }
  if (state.lowerBound !== size) return undefined;
  const depth = staticJobDepth(size);
  const finished = new Set<string>();
  const prefixes = staticPrefixes(game, depth);
  for (const job of state.done) finished.add(prefixes[job].join(','));
  return {
    leaveOut: { depth, has: (prefix) => finished.has(prefix.join(',')) },
    done: state.done.size,
    jobs: prefixes.length,
  };
}

/** Runs `static --estimate`. */
export async function estimateStatic(game: Game, flags: EstimateFlags, io: Io): Promise<void> {
  const size = wholeFlag(flags.estimate, '--estimate', 1, game.size)!;
  const probes = wholeFlag(flags.probes, '--probes', 1, MAX_PROBES) ?? DEFAULT_PROBES;
  const seed = seedFromFlag(flags.seed);
  const jobs =
    flags.checkpoint === undefined
      ? undefined
      : await jobsFinished(game, size, flags.checkpoint, flags.keyFile, flags.unsigned === true);
  const started = milliseconds();
  const status = statusLine(io);
  let shown = 0;
  const estimate = estimateStaticSize(game, size, {
    probes,
    random: randomSource(seed),
    leaveOut: jobs?.leaveOut,
    onProgress: (probed) => {
      if (milliseconds() - shown < STATUS_MS) return;
      shown = milliseconds();
      status.update(
        0,
        `static: estimating ${size} guesses, ${groupThousands(probed)} of ${groupThousands(probes)} paths, ${((shown - started) / 1000).toFixed(1)} s`,
      );
    },
  });
  status.stop();
  const seconds = (milliseconds() - started) / 1000;
  if (flags.json) {
    const doc = {
      rules: rulesJson(game.rules),
      estimate: {
        size,
        probes,
        seed,
        sets: Math.round(estimate.sets),
        setsError: Math.round(estimate.setsError),
        threadSeconds: Number(estimate.seconds.toFixed(3)),
        threadSecondsError: Number(estimate.secondsError.toFixed(3)),
        ...(jobs ? { jobsLeftOut: jobs.done, jobsKnown: jobs.jobs } : {}),
      },
      seconds: Number(seconds.toFixed(3)),
    };
    io.out(`${JSON.stringify(doc)}\n`);
    return;
  }
  const lines = [
    `rules     ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
    `estimate  the exact search of ${size} guesses: about ${aboutText(estimate.sets)} sets (± ${aboutText(estimate.setsError)}), ${durationText(estimate.seconds, estimate.secondsError)} on one thread`,
    `from      ${groupThousands(probes)} random paths of the search (Knuth's estimate; seed ${seed}) in ${seconds.toFixed(1)} s; ± is one standard error`,
  ];
  if (flags.checkpoint !== undefined) {
    lines.push(
      jobs
        ? `jobs      left out: the ${groupThousands(jobs.done)} of ${groupThousands(jobs.jobs)} the checkpoint has finished`
        : `jobs      none left out: the checkpoint is not at ${size} guesses`,
    );
  }
  io.out(`${lines.join('\n')}\n`);
}

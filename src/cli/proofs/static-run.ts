/**
 * `codebreaker static` on worker threads (static-threads.ts), and with a checkpoint
 * (static-checkpoint.ts): each size the exact search refutes then runs as jobs
 * (search/static-jobs.ts), what is settled is kept in the file as it comes, and what the file
 * says is refuted can be searched again first (`--recheck`).
 */
import { CommandError } from '../../errors.js';
import type { Game } from '../../game.js';
import { familiesOf, searchByColourSets } from '../../search/static-colours.js';
import { staticJobDepth as jobDepth, staticPrefixes } from '../../search/static-jobs.js';
import { localStaticSet } from '../../search/static-local.js';
import { type SizeSearchResult, searchStaticSize } from '../../search/static-size.js';
import {
  type StaticProgress,
  type StaticResult,
  greedyStaticSet,
  solveStatic,
  staticLowerBound,
} from '../../search/static.js';
import type { StaticCheckpointFile } from './static-checkpoint.js';
import { StaticPool } from './static-threads.js';

/** Sizes below this are searched in the main thread: starting workers would cost more. */
const THREADED_MIN_SIZE = 4;

/** How `solveStaticOnThreads` runs. */
export interface StaticRun {
  readonly threads: number;
  readonly deadline?: number;
  /** Seconds of local search at each size below the best set (default: the core's small effort). */
  readonly localSeconds?: number;
  /** Seconds of the search of sets a symmetry keeps at each size (0: none; default: the core's). */
  readonly symmetricSeconds?: number;
  readonly onProgress?: (progress: StaticProgress) => void;
  /**
   * Where the search keeps how far it has got, and resumes from: each size the exact search
   * refutes then runs as jobs (static-checkpoint.ts), on worker threads however many.
   */
  readonly checkpoint?: StaticCheckpointFile;
  /** Where the caller finds how to end the search at once (Ctrl-C), once it runs on threads. */
  readonly stop?: { stopped?: boolean; interrupt?: () => void };
  /**
   * A set to start from (`--start`), checked; the smaller of it and the checkpoint's is taken,
   * and kept in the checkpoint.
   */
  readonly start?: readonly number[];
  /** The share of the jobs the checkpoint says are refuted to search again first (`--recheck`). */
  readonly recheck?: number;
  /**
   * `--recheck-resume`: not the jobs the checkpoint says an earlier recheck searched again and
   * refuted (either way, it keeps those this one does).
   */
  readonly recheckResume?: boolean;
  /**
   * Told how many of those jobs were searched again, of how many, and how many were not because
   * an earlier recheck had been (`recheckResume`).
   */
  readonly onRechecked?: (searched: number, of: number, earlier: number) => void;
  /** Told, while they run, the size whose jobs are searched again and the sets visited so far. */
  readonly onRecheckProgress?: (size: number, nodes: number) => void;
  /**
   * The exact search by colour sets (search/static-colours.ts, games without repetition), each
   * thread a share of the families; not with a checkpoint.
   */
  readonly colourSets?: boolean;
}

/**
 * Searches again, before anything else, a share of what the checkpoint says is refuted: of
 * every job of each size below its lower bound, and of the jobs it records of that size,
 * picked at random (with `recheckResume`, not those an earlier recheck did). The checkpoint
 * keeps each job refuted again. Throws if one finds a set. False if it was cut short (time
 * limit, Ctrl-C).
 */
async function recheckJobs(game: Game, pool: StaticPool, run: StaticRun): Promise<boolean> {
  const checkpoint = run.checkpoint!;
  const read = checkpoint.read;
  const share = run.recheck ?? 0;
  const { rechecked } = checkpoint.state;
  let searched = 0;
  let of = 0;
  let earlier = 0;
  let before = 0;
  if (read) {
    for (let size = staticLowerBound(game); size <= read.lowerBound; size++) {
      const prefixes = staticJobs(game, size, run.colourSets);
      const claimed = size < read.lowerBound ? prefixes.map((_, job) => job) : [...read.done];
      of += claimed.length;
      const again = rechecked.get(size) ?? new Set<number>();
      const picked = claimed.filter(() => share === 1 || (share > 0 && Math.random() < share));
      const todo = run.recheckResume ? picked.filter((job) => !again.has(job)) : picked;
      earlier += picked.length - todo.length;
      const result = await pool.searchJobs({
        rules: game.rules,
        size,
        prefixes,
        byColourSets: run.colourSets,
        todo,
        deadline: run.deadline,
        onNodes: (nodes) => run.onRecheckProgress?.(size, before + nodes),
        onRefuted: (job) => {
          again.add(job);
          rechecked.set(size, again);
          checkpoint.changed(false);
        },
      });
      before += result.nodes;
      if (result.guesses) {
        const set = result.guesses.map((g) => game.codes.make(g)).join(' ');
        throw new CommandError(
          'bad-checkpoint',
          `${checkpoint.path}: it says no ${size} guesses identify every secret, but ${set} do: it is refused`,
        );
      }
      if (!result.complete) return false;
      searched += todo.length;
    }
  }
  run.onRechecked?.(searched, of, earlier);
  return true;
}

/** Finds and proves a smallest identifying set, on `threads` threads. */
export async function solveStaticOnThreads(game: Game, run: StaticRun): Promise<StaticResult> {
  const { threads, deadline, localSeconds, onProgress, checkpoint } = run;
  const pool = threads > 1 || checkpoint ? new StaticPool(threads) : undefined;
  if (pool && run.stop) {
    run.stop.interrupt = () => pool.interrupt();
    if (run.stop.stopped) pool.interrupt();
  }
  const localDeadline = (): number =>
    Math.min(Date.now() + (localSeconds ?? 0) * 1000, deadline ?? Number.POSITIVE_INFINITY);
  const state = checkpoint?.state;
  const start = smaller(run.start, state?.best);
  if (checkpoint && start && start !== state!.best) {
    // A set given that beats the checkpoint's is kept in it at once.
    state!.best = [...start];
    checkpoint.changed(true);
  }
  /** Keeps a size the search refuted in the checkpoint. */
  const keep = (size: number, result: SizeSearchResult): SizeSearchResult => {
    if (!state || !checkpoint || result.guesses || !result.complete) return result;
    state.lowerBound = size + 1;
    state.done.clear();
    state.jobs = 0;
    checkpoint.changed(true);
    return result;
  };
  const searchJobs = (size: number, onNodes: (nodes: number) => void) => {
    const live = state!;
    const prefixes = staticJobs(game, size, run.colourSets);
    if (live.jobs !== prefixes.length) {
      live.jobs = prefixes.length;
      checkpoint!.changed(false);
    }
    const todo = prefixes.map((_, job) => job).filter((job) => !live.done.has(job));
    return pool!.searchJobs({
      rules: game.rules,
      size,
      prefixes,
      todo,
      deadline,
      onNodes,
      byColourSets: run.colourSets,
      onRefuted: (job, nodes) => {
        live.done.add(job);
        live.nodes += nodes;
        checkpoint!.changed(false);
      },
    });
  };
  try {
    if (checkpoint && !(await recheckJobs(game, pool!, run))) {
      // Cut short while checking the file: nothing it says is proved here.
      return {
        guesses: state!.best ?? greedyStaticSet(game),
        proved: false,
        lowerBound: staticLowerBound(game),
        nodes: 0,
      };
    }
    const result = await solveStatic(game, {
      deadline,
      onProgress,
      symmetricSeconds: run.symmetricSeconds,
      start,
      refutedBelow: state?.lowerBound,
      searchSize: async (size, onNodes) =>
        keep(
          size,
          await (state && size >= THREADED_MIN_SIZE
            ? searchJobs(size, onNodes)
            : pool && size >= THREADED_MIN_SIZE
              ? pool.searchSize(game.rules, size, deadline, onNodes, run.colourSets)
              : run.colourSets
                ? searchByColourSets(game, size, {
                    deadline,
                    onProgress: (progress) => onNodes(progress.nodes),
                  })
                : searchStaticSize(game, size, { deadline, onProgress: onNodes })),
        ),
      onBest: (guesses) => {
        if (!state || !checkpoint) return;
        state.best = [...guesses];
        checkpoint.changed(true);
      },
      ...(localSeconds === undefined
        ? {}
        : {
            improve: (size: number, from: readonly number[]) =>
              pool
                ? pool.localSearch(game.rules, size, from, localDeadline())
                : localStaticSet(game, size, {
                    from,
                    moves: Number.POSITIVE_INFINITY,
                    deadline: localDeadline(),
                    everyPosition: true,
                  }).guesses,
          }),
    });
    // The best set, if no search found it (the greedy set), is kept too.
    if (state && checkpoint && state.best?.join() !== result.guesses.join()) {
      state.best = [...result.guesses];
      checkpoint.changed(true);
    }
    return result;
  } finally {
    await pool?.close();
  }
}

/**
 * The jobs of a size with a checkpoint: the canonical sets of its first guesses, or with
 * `byColourSets` the families of colour sets (their masks), by job number.
 */
export function staticJobs(
  game: Game,
  size: number,
  byColourSets = false,
): readonly (readonly number[])[] {
  return byColourSets ? familiesOf(game, size) : staticPrefixes(game, jobDepth(size));
}

/** The smaller of two sets, either of which may be missing. */
function smaller(
  a: readonly number[] | undefined,
  b: readonly number[] | undefined,
): readonly number[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.length <= a.length ? b : a;
}

/**
 * Claims solved again: the order they are taken in, and what a recheck records. The classes are
 * classic Mastermind's after 1123, their least costs found by the exact search itself, and each
 * claim is solved again by the in-process runner a proof uses: as one job, or as several, split
 * as a proof of a far larger game splits its classes.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_SETTINGS } from '../../test/jobs.js';
import { allCandidates, classOf, partition } from '../candidates.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { OptimalSearch } from './branch-and-bound.js';
import { Checkpoint } from './checkpoint.js';
import { Claims } from './claims.js';
import { type ProofJob, inProcessRunner } from './jobs.js';
import type { Splitting } from './proof-types.js';
import { SplitRecheck } from './recheck-split.js';

const game = new Game(resolveRules({ game: 'mastermind' }));
const first = game.codes.parse('1123');
const parts = partition(game, first, allCandidates(game));

/** The job of the class 1123 leaves with `answer`, and its least cost (packed). */
function claimOf(answer: number): { job: ProofJob; cost: number } {
  const candidates = classOf(parts, answer);
  const job: ProofJob = {
    key: `255/${first}:${answer}`,
    rules: game.rules,
    settings: SEARCH_SETTINGS,
    history: [first],
    candidates,
    depth: 254,
  };
  return { job, cost: new OptimalSearch(game).solve(candidates, [first], 254).cost };
}

/** An empty checkpoint of classic Mastermind's least total, to record rechecks in. */
function leastTotalCheckpoint(): Checkpoint {
  return new Checkpoint({
    rules: game.rules,
    objective: 'expected',
    maxDepth: null,
    consistentOnly: false,
  });
}

/** How a recheck runs: whether it resumes, when it stops, and whether it splits claims. */
interface RecheckRun {
  readonly resume: boolean;
  /** Stops once this says so, told the claims solved and the nodes searched so far. */
  readonly stop?: (solved: number, nodes: number) => boolean;
  readonly split?: boolean;
}

/**
 * Classic Mastermind's classes split as a far larger game's are: a class of 100 secrets one job
 * per guess, and a guess at a class of 150 its classes as jobs.
 */
const SMALL_SPLITTING: Splitting = { share: 1, secrets: 100, nested: 150 };

/**
 * Solves `claims` again in this process, all of them, recording in `checkpoint`; resolves to
 * what it found and the nodes it searched.
 */
async function recheckAll(claims: Claims, checkpoint: Checkpoint, run: RecheckRun) {
  let searched = 0;
  const planner = new OptimalSearch(game, SEARCH_SETTINGS);
  const relied = await claims.recheck(
    1,
    true,
    // A report every node, so that a stop can come in the middle of a job.
    () => inProcessRunner({ trees: false, progressEvery: 1 }),
    (solved, _, nodes) => {
      searched = nodes;
      return run.stop?.(solved, nodes) ?? false;
    },
    { record: checkpoint, resume: run.resume },
    run.split
      ? new SplitRecheck(game, SEARCH_SETTINGS, SMALL_SPLITTING, (work) => work(planner))
      : undefined,
  );
  return { relied, searched };
}

/** The keys `checkpoint` holds rechecks of, in order. */
const rechecked = (checkpoint: Checkpoint): string[] =>
  [...checkpoint.rechecks()].map(([key]) => key).sort();

describe('claims solved again', () => {
  // The three largest classes, claimed largest first.
  const answers = [...Array(game.answers).keys()]
    .filter((answer) => answer !== game.solved && classOf(parts, answer).length > 1)
    .sort((a, b) => classOf(parts, b).length - classOf(parts, a).length)
    .slice(0, 3);
  const claims = answers.map(claimOf);
  const sizes = claims.map(({ job }) => job.candidates.length);

  it('takes the smallest class first, and records each one that holds', async () => {
    expect(new Set(sizes).size).toBe(3);
    const taken = new Claims();
    for (const { job, cost } of claims) taken.add(job, cost, false, 'checkpoint');
    const checkpoint = leastTotalCheckpoint();
    // Stopped once one is solved: it is the smallest, and only it is recorded.
    const { relied: stopped } = await recheckAll(taken, checkpoint, {
      resume: false,
      stop: (solved) => solved >= 1,
    });
    expect(stopped).toMatchObject({ rechecked: 1, unchecked: 2, refuted: [] });
    const smallest = claims[2];
    expect([...checkpoint.rechecks()]).toEqual([[smallest.job.key, smallest.cost]]);
    // Resumed, it solves the other two, and counts the first as solved before.
    const { relied: resumed } = await recheckAll(taken, checkpoint, { resume: true });
    expect(resumed).toMatchObject({ rechecked: 2, recheckedEarlier: 1, unchecked: 0, refuted: [] });
    expect(rechecked(checkpoint)).toEqual(claims.map(({ job }) => job.key).sort());
  });

  it.each([false, true])(
    'finds a claim above the least cost false, and never records it true (split: %s)',
    async (split) => {
      const taken = new Claims();
      const [largest] = claims;
      // A lower bound one guess above the least total: a strategy below it exists.
      const claimed = largest.cost + 2 ** 8;
      taken.add(largest.job, claimed, false, 'checkpoint');
      const checkpoint = leastTotalCheckpoint();
      const { relied } = await recheckAll(taken, checkpoint, { resume: true, split });
      expect(relied).toMatchObject({ rechecked: 0, refuted: [largest.job.key] });
      expect(checkpoint.rechecked(largest.job.key, claimed)).toBe(false);
    },
  );

  describe('as several jobs, where the proof split them', () => {
    const [largest] = claims;
    // A guess claim too: the largest class's best guess, which costs the class's least cost.
    const best = new OptimalSearch(game).solve(largest.job.candidates, [first], 254).guess;
    const guessed = {
      job: { ...largest.job, key: `${largest.job.key}/${best}`, guess: best },
      cost: largest.cost,
    };
    const all = [...claims, guessed];
    const takeAll = (): Claims => {
      const taken = new Claims();
      for (const { job, cost } of all) taken.add(job, cost, true, 'checkpoint');
      return taken;
    };

    it('finds each true, and keeps the answers of their pieces', async () => {
      expect(largest.job.candidates.length).toBeGreaterThanOrEqual(SMALL_SPLITTING.nested);
      const checkpoint = leastTotalCheckpoint();
      const { relied } = await recheckAll(takeAll(), checkpoint, { resume: false, split: true });
      expect(relied).toMatchObject({ rechecked: 4, unchecked: 0, refuted: [] });
      const keys = rechecked(checkpoint);
      for (const { job } of all) expect(keys).toContain(job.key);
      // The class claims' pieces are guesses, and the classes of some of those guesses.
      for (const { job } of claims) {
        expect(keys.some((key) => key.startsWith(`${job.key}/`))).toBe(true);
      }
      expect(keys.some((key) => /\/\d+:\d+$/.test(key))).toBe(true);
      // Each piece kept says what solving it as one job says: no strategy below its cost.
      const search = new OptimalSearch(game);
      const pieces = [...checkpoint.rechecks()].filter(([key]) =>
        /[:/]\d+[:/]\d+$/.test(key.slice(4)),
      );
      expect(pieces.length).toBeGreaterThan(0);
      for (const [key, cost] of pieces.slice(0, 8)) {
        const found = pieceOf(key);
        const least =
          found.guess === undefined
            ? search.solve(found.candidates, found.history, 254).cost
            : search.evaluateGuess(found.candidates, found.history, found.guess, 254);
        expect(least).toBeGreaterThanOrEqual(cost);
      }
    });

    it('goes on from the pieces a stopped recheck found, and only when told to', async () => {
      const taken = (): Claims => {
        const one = new Claims();
        one.add(largest.job, largest.cost, true, 'checkpoint');
        return one;
      };
      const fresh = await recheckAll(taken(), leastTotalCheckpoint(), {
        resume: false,
        split: true,
      });
      expect(fresh.relied).toMatchObject({ rechecked: 1 });
      // Stopped halfway through its nodes: some pieces kept, the claim not found true yet.
      const checkpoint = leastTotalCheckpoint();
      const stopped = await recheckAll(taken(), checkpoint, {
        resume: true,
        split: true,
        stop: (_, nodes) => nodes >= fresh.searched / 2,
      });
      expect(stopped.relied).toMatchObject({ rechecked: 0, unchecked: 1 });
      const kept = rechecked(checkpoint);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).not.toContain(largest.job.key);
      expect(stopped.relied.pieces).toBe(kept.length);
      // Without resuming, it takes nothing from them: the same work as afresh.
      const again = await recheckAll(taken(), leastTotalCheckpoint(), {
        resume: false,
        split: true,
      });
      expect(again.searched).toBe(fresh.searched);
      const ignoring = await recheckAll(taken(), copyOf(checkpoint), {
        resume: false,
        split: true,
      });
      expect(ignoring.searched).toBe(fresh.searched);
      // Resumed, it finds the claim true with less work than afresh.
      const resumed = await recheckAll(taken(), checkpoint, { resume: true, split: true });
      expect(resumed.relied).toMatchObject({ rechecked: 1, unchecked: 0, refuted: [] });
      expect(resumed.searched).toBeLessThan(fresh.searched);
      expect(rechecked(checkpoint)).toContain(largest.job.key);
    });
  });
});

/** A copy of `checkpoint`'s rechecks. */
function copyOf(checkpoint: Checkpoint): Checkpoint {
  const copy = leastTotalCheckpoint();
  for (const [key, cost] of checkpoint.rechecks()) copy.markRechecked(key, cost);
  return copy;
}

/**
 * The class or guess a piece's key names, below 1123: answers after ':' and guesses after '/',
 * each class the secrets of the last that the guesses before it get that answer from.
 */
function pieceOf(key: string): { candidates: Int32Array; history: number[]; guess?: number } {
  const steps = key.slice(key.indexOf('/') + 1).split(/(?=[:/])/);
  let candidates = allCandidates(game);
  const history: number[] = [];
  let guess: number | undefined;
  for (const step of steps) {
    const value = Number(step.replace(/^[:/]/, ''));
    if (step.startsWith(':')) {
      candidates = classOf(partition(game, guess!, candidates), value);
      history.push(guess!);
      guess = undefined;
    } else guess = value;
  }
  return { candidates, history, guess };
}

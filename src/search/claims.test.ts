/**
 * Claims solved again: the order they are taken in, and what a recheck records. The classes are
 * classic Mastermind's after 1123, their least costs found by the exact search itself, and each
 * claim is solved again by the in-process runner a proof uses.
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

/** Solves `claims` again in this process, all of them, recording in `checkpoint`. */
function recheckAll(claims: Claims, checkpoint: Checkpoint, resume: boolean, stopAfter = 0) {
  return claims.recheck(
    1,
    true,
    () => inProcessRunner({ trees: false }),
    stopAfter > 0 ? (solved) => solved >= stopAfter : undefined,
    { record: checkpoint, resume },
  );
}

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
    const stopped = await recheckAll(taken, checkpoint, false, 1);
    expect(stopped).toMatchObject({ rechecked: 1, unchecked: 2, refuted: [] });
    const smallest = claims[2];
    expect([...checkpoint.rechecks()]).toEqual([[smallest.job.key, smallest.cost]]);
    // Resumed, it solves the other two, and counts the first as solved before.
    const resumed = await recheckAll(taken, checkpoint, true);
    expect(resumed).toMatchObject({ rechecked: 2, recheckedEarlier: 1, unchecked: 0, refuted: [] });
    expect([...checkpoint.rechecks()].map(([key]) => key).sort()).toEqual(
      claims.map(({ job }) => job.key).sort(),
    );
  });

  it('finds a claim above the least cost false, and records nothing of it', async () => {
    const taken = new Claims();
    const [largest] = claims;
    // A lower bound one guess above the least total: a strategy below it exists.
    const claimed = largest.cost + 2 ** 8;
    taken.add(largest.job, claimed, false, 'checkpoint');
    const checkpoint = leastTotalCheckpoint();
    const relied = await recheckAll(taken, checkpoint, true);
    expect(relied).toMatchObject({ rechecked: 0, refuted: [largest.job.key] });
    expect([...checkpoint.rechecks()]).toEqual([]);
  });
});

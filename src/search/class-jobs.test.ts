import { describe, expect, it } from 'vitest';
import { SEARCH_SETTINGS } from '../../test/jobs.js';
import { allCandidates } from '../candidates.js';
import { Game } from '../game.js';
import { resolveRules } from '../rules.js';
import { OptimalSearch } from './branch-and-bound.js';
import { Checkpoint } from './checkpoint.js';
import { ClassJobs, SPLITTING } from './class-jobs.js';
import { costTotal, packCost } from './cost.js';
import type { ClassTask } from './job-parts.js';
import { type JobAnswer, JobQueue, type JobRunner, JobSolver, type ProofJob } from './jobs.js';
import { Ledger } from './proof-ledger.js';
import type { Solved } from './proof-types.js';

const game = new Game(resolveRules({ game: 'mastermind' }));
const settings = SEARCH_SETTINGS;

/** The class of `members` that first guess `first` leaves with `answer`, within `budget`. */
function classTask(
  first: number,
  answer: number,
  members: Int32Array,
  budget: () => number | null,
): ClassTask {
  const key = `255/${first}:${answer}`;
  return { members, history: [first], depth: 254, key, order: 0, span: 1, work: true, budget };
}

/**
 * Class jobs of classic Mastermind answered by `runner`, their classes split one job per guess
 * from an eighth of the codes up, never further, planned by a search of their own; `ledger`,
 * with no checkpoint by default.
 */
function classJobsOn(runner: JobRunner, ledger = new Ledger(undefined, false)): ClassJobs {
  const planner = new OptimalSearch(game);
  return new ClassJobs({
    game,
    settings,
    queue: new JobQueue(runner, () => false),
    ledger,
    counts: { jobsDone: 0, jobsKnown: 0, workDone: 0, workKnown: 0 },
    splitting: { share: 1 / 8, secrets: game.size, nested: game.size },
    plan: (work) => work(planner),
    settled: () => {},
  });
}

/** A runner that answers nothing: it only lists the jobs it is given. */
function listingRunner(): JobRunner & { readonly started: string[] } {
  const started: string[] = [];
  return {
    started,
    concurrency: 1,
    run: (job: ProofJob) => {
      started.push(job.key);
      return new Promise<JobAnswer>(() => {});
    },
    close: async () => {},
  };
}

/** A job's task, made when it starts. */
const job = (key: string) => (): ProofJob => ({
  key,
  rules: game.rules,
  settings,
  history: [],
  candidates: new Int32Array([0]),
  depth: 5,
});

describe('the job queue in a batch', () => {
  it('starts the jobs queued in it once it returns, in their order', () => {
    const runner = { ...listingRunner(), concurrency: 2 };
    const queue = new JobQueue(runner, () => false);
    queue.batch(() => {
      queue.submit(10, 0, job('255/1:1'), () => {});
      queue.submit(30, 1, job('255/1:2'), () => {});
      queue.submit(20, 2, job('255/1:3'), () => {});
      expect(runner.started).toEqual([]);
    });
    // Two at once, the largest classes first.
    expect(runner.started).toEqual(['255/1:2', '255/1:3']);
  });

  it('once told, starts the smallest first, those already waiting too', () => {
    const runner = { ...listingRunner(), concurrency: 2 };
    const queue = new JobQueue(runner, () => false);
    queue.batch(() => {
      queue.submit(30, 0, job('255/1:1'), () => {});
      queue.submit(10, 1, job('255/1:2'), () => {});
      queue.smallestFirst();
      queue.submit(20, 2, job('255/1:3'), () => {});
      queue.submit(10, 3, job('255/1:4'), () => {});
    });
    // Of one size, in the order given.
    expect(runner.started).toEqual(['255/1:2', '255/1:4']);
  });
});

describe('a class job asks the checkpoint again as it starts', () => {
  /** A class of 20 secrets whose budget the test sets, and what it was answered. */
  function setUp(record: { cost: number }) {
    const runner = listingRunner();
    const queue = new JobQueue(runner, () => false);
    const checkpoint = new Checkpoint({
      rules: game.rules,
      objective: 'expected',
      maxDepth: null,
      consistentOnly: false,
    });
    checkpoint.put('255/7:3', record);
    const ledger = new Ledger(checkpoint, false);
    const counts = { jobsDone: 0, jobsKnown: 0, workDone: 0, workKnown: 0 };
    const jobs = new ClassJobs({
      game,
      settings,
      queue,
      ledger,
      counts,
      splitting: SPLITTING,
      plan: () => {
        throw new Error('a class this small is not planned');
      },
      settled: () => {},
    });
    const heard: (Solved | null)[] = [];
    let budget = packCost(100, 0);
    const task = {
      members: Int32Array.from({ length: 20 }, (_, i) => i),
      history: [7],
      depth: 254,
      key: '255/7:3',
      order: 0,
      span: 1,
      work: true,
      budget: () => budget,
    };
    queue.batch(() => {
      jobs.solve(task, (solved) => heard.push(solved));
      // What the classes solved beside it leave it, by the time it starts.
      budget = packCost(60, 0);
    });
    return { runner, ledger, heard };
  }

  it('and is answered by a bound it holds that the budget has fallen to', () => {
    const { runner, ledger, heard } = setUp({ cost: packCost(70, 4) });
    expect(runner.started).toEqual([]);
    expect(heard).toEqual([{ cost: packCost(70, 4) }]);
    expect(ledger.resumed).toBe(1);
  });

  it('but runs if the bound is still below it', () => {
    const { runner, ledger, heard } = setUp({ cost: packCost(50, 4) });
    expect(runner.started).toEqual(['255/7:3']);
    expect(heard).toEqual([]);
    expect(ledger.resumed).toBe(0);
  });
});

describe('a class solved one job per guess', () => {
  it('has a lower bound that rises as its guesses are settled, to its least cost', async () => {
    const solver = new JobSolver();
    const waiting: (() => void)[] = [];
    const jobs = classJobsOn({
      concurrency: 1,
      run: (job) => new Promise((resolve) => waiting.push(() => resolve(solver.solve(job)))),
      close: async () => {},
    });
    // 1122 answered with no hits and no blows: the 256 codes of colours 3 to 6.
    const first = game.codes.parse('1122');
    const members = allCandidates(game).filter((code) => game.score(first, code) === 0);
    expect(members.length).toBe(256);
    const least = costTotal(new OptimalSearch(game).solve(members, [first], 254).cost);
    const heard: (Solved | null)[] = [];
    const task = classTask(first, 0, members, () => Number.POSITIVE_INFINITY);
    const bound = jobs.solve(task, (solved) => heard.push(solved))!;
    const seen = [bound()];
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(bound());
    }
    expect(heard.map((solved) => solved && costTotal(solved.cost))).toEqual([least]);
    expect(seen.at(-1)).toBe(least);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    // It rose before the last guess was settled.
    expect(seen[0]).toBeLessThan(least);
    expect(seen.slice(0, -1).some((value) => value > seen[0])).toBe(true);
  });
});

describe('a class solved one job per guess, its budget withdrawn as it ends', () => {
  it('claims no least cost that a guess refuted below its best may beat', async () => {
    const solver = new JobSolver();
    const waiting: { job: ProofJob; answer: () => void }[] = [];
    const jobs = classJobsOn({
      // Every job starts as soon as it is queued.
      concurrency: 1000,
      run: (job) =>
        new Promise((resolve) => waiting.push({ job, answer: () => resolve(solver.solve(job)) })),
      close: async () => {},
    });
    // 1234 answered with one hit and two blows: 252 codes, whose best-ranked guess is not best.
    const first = game.codes.parse('1234');
    const members = allCandidates(game).filter((code) => game.score(first, code) === 6);
    expect(members.length).toBe(252);
    const least = costTotal(new OptimalSearch(game).solve(members, [first], 254).cost);
    let budget: number | null = Number.POSITIVE_INFINITY;
    const heard: (Solved | null)[] = [];
    const task = classTask(first, 6, members, () => budget);
    jobs.solve(task, (solved) => heard.push(solved));
    // The best-ranked guess alone, unbounded; the others within less than the least cost, so
    // that each is refuted below what the first found; the budget withdrawn before the last.
    const alone = waiting.shift()!;
    expect(alone.job.limit).toBeUndefined();
    budget = packCost(least, 0);
    alone.answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(costTotal(solver.solve(alone.job).cost)).toBeGreaterThan(least);
    expect(waiting.length).toBeGreaterThan(1);
    while (waiting.length > 0) {
      if (waiting.length === 1) budget = null;
      waiting.shift()!.answer();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(heard).toHaveLength(1);
    // Not a least cost (the first guess's is not), but a true lower bound.
    expect(heard[0]?.first).toBeUndefined();
    expect(costTotal(heard[0]!.cost)).toBeLessThanOrEqual(least);
  });
});

describe('a class solved one job per guess, its guesses bounded by the checkpoint', () => {
  it('takes their bounds from the start, below its budget, as claims', async () => {
    // 1122 answered with no hits and no blows: 256 codes; every guess recorded at the least.
    const first = game.codes.parse('1122');
    const members = allCandidates(game).filter((code) => game.score(first, code) === 0);
    const least = new OptimalSearch(game).solve(members, [first], 254).cost;
    const { guesses, bounds } = new OptimalSearch(game).rankGuesses(members, [first], 254);
    const checkpoint = new Checkpoint({
      rules: game.rules,
      objective: 'expected',
      maxDepth: null,
      consistentOnly: false,
    });
    for (const guess of guesses) checkpoint.put(`255/${first}:0/${guess}`, { cost: least });
    const ledger = new Ledger(checkpoint, false);
    const runner = listingRunner();
    const jobs = classJobsOn(runner, ledger);
    const task = classTask(first, 0, members, () => Number.POSITIVE_INFINITY);
    const bound = jobs.solve(task, () => {})!;
    // Unbounded, the best-ranked guess runs all the same; the class is bounded by the records.
    expect(runner.started).toEqual([`255/${first}:0/${guesses[0]}`]);
    expect(bound()).toBe(costTotal(least));
    // Claims only where they raise a guess's bound above its ranking's.
    const raised = bounds.filter((rank) => rank < least).length;
    expect(raised).toBeGreaterThan(0);
    const relied = await ledger.claims.recheck(0, true, () => runner);
    expect(relied.checkpoint).toEqual({ bounds: raised, exact: 0 });
  });
});

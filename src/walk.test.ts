import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { startWorker } from './cli/workers.js';
import { CodebreakerError } from './errors.js';
import { Game } from './game.js';
import { type RulesOptions, resolveRules } from './rules.js';
import type { HeuristicStats } from './strategies/heuristic.js';
import { createStrategy } from './strategies/index.js';
import { treeToJson } from './tree-json.js';
import { buildTree } from './tree.js';
import { type StrategySpec, type WalkReply, type WalkWorker, serveWalks } from './walk-serve.js';
import { analyzeAsync, buildTreeAsync, nodeWalkWorker, walkAsync } from './walk.js';

/** A worker thread running the walk worker, as the command line starts it. */
const thread = (): WalkWorker => nodeWalkWorker(startWorker('walk-worker', import.meta.url));

/**
 * A worker in this thread: `serveWalks` answering each request a turn of the event loop later,
 * as a host that loads modules its own way may run it. Counts what it was sent.
 */
function inThread(sent: { choose: number; walk: number }): WalkWorker {
  let handler: ((reply: WalkReply) => void) | undefined;
  const serve = serveWalks((reply) => setTimeout(() => handler?.(reply)));
  return {
    post(request) {
      if (request.kind !== 'start') sent[request.kind]++;
      serve(request);
    },
    listen(replies) {
      handler = replies;
    },
    terminate() {
      handler = undefined;
    },
  };
}

const cases: [RulesOptions, StrategySpec][] = [
  [{ game: 'mastermind' }, { name: 'minimax' }],
  [{ game: 'moo' }, { name: 'first-consistent' }],
  [{ game: 'mastermind', feedback: 'black' }, { name: 'expected-size' }],
  [{ game: 'hit-and-blow' }, { name: 'random-consistent', options: { seed: 7 } }],
  [
    { pegs: 4, colors: 5, repeat: true },
    { name: 'most-parts', options: { consistentOnly: true } },
  ],
  [
    { pegs: 3, colors: 7, repeat: true },
    { name: 'entropy', options: { first: 3, symmetry: false } },
  ],
  // Exact play below 60 candidates: each worker searches with a cache of its own.
  [{ game: 'mastermind' }, { name: 'entropy', options: { exactBelow: 60 } }],
];

describe('a strategy walked on workers', () => {
  it.each(cases)(
    '%j %j: on worker threads, the secrets, tree and work of one walk in this thread',
    async (rules, spec) => {
      const game = new Game(resolveRules(rules));
      const strategy = createStrategy(spec.name, spec.options);
      const alone = analyze(game, strategy);
      const stats = (strategy as { stats?: HeuristicStats }).stats;
      const tree = treeToJson(buildTree(game, createStrategy(spec.name, spec.options)));
      const onWorkers = await walkAsync(game, spec, {
        threads: 3,
        startWorker: thread,
        tree: true,
      });
      expect(onWorkers.guesses).toEqual(alone.guesses);
      expect(treeToJson({ game, root: onWorkers.root! })).toEqual(tree);
      expect(onWorkers.work).toEqual(stats ?? { states: 0, allowed: 0, scored: 0 });
    },
  );

  it('walks in this thread beside a worker thread, handing it classes as it asks, with the same results', async () => {
    const game = new Game(resolveRules({ game: 'mastermind' }));
    const spec = { name: 'entropy', options: { exactBelow: 60 } };
    const strategy = createStrategy(spec.name, spec.options);
    const alone = analyze(game, strategy);
    const beside = await walkAsync(game, spec, {
      threads: 2,
      startWorker: thread,
      tree: true,
      here: true,
    });
    expect(beside.guesses).toEqual(alone.guesses);
    const tree = treeToJson(buildTree(game, createStrategy(spec.name, spec.options)));
    expect(treeToJson({ game, root: beside.root! })).toEqual(tree);
    expect(beside.work).toEqual((strategy as { stats?: HeuristicStats }).stats);
  });

  it('walks in this thread too, and hands off every class its helpers ask for, with the same results', async () => {
    // Helpers in this thread answer as they are sent, so they always ask for more: every class
    // of 8 or more candidates below the root goes to them, and is put back in its place.
    const game = new Game(resolveRules({ game: 'mastermind' }));
    const spec = { name: 'expected-size' };
    const sent = { choose: 0, walk: 0 };
    const progress: number[] = [];
    const beside = await walkAsync(game, spec, {
      threads: 3,
      startWorker: () => inThread(sent),
      tree: true,
      here: true,
      onProgress: (settled) => progress.push(settled),
    });
    const strategy = createStrategy(spec.name);
    expect(beside.guesses).toEqual(analyze(game, strategy).guesses);
    expect(beside.work).toEqual((strategy as { stats?: HeuristicStats }).stats);
    const tree = treeToJson(buildTree(game, createStrategy(spec.name)));
    expect(treeToJson({ game, root: beside.root! })).toEqual(tree);
    expect(sent.choose).toBe(0);
    expect(sent.walk).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1296);
  });

  it('splits the top of the tree among many workers, largest first, with the same results', async () => {
    const rules = { game: 'mastermind' } as const;
    const sent = { choose: 0, walk: 0 };
    const progress: number[] = [];
    const analysis = await analyzeAsync(
      rules,
      { name: 'entropy' },
      {
        threads: 7,
        startWorker: () => inThread(sent),
        onProgress: (settled) => progress.push(settled),
      },
    );
    const game = new Game(resolveRules(rules));
    expect(analysis).toEqual(analyze(game, createStrategy('entropy')));
    // 1,296 codes on 7 workers: nodes above 64 candidates were chosen and split, the rest walked.
    expect(sent.choose).toBeGreaterThan(1);
    expect(sent.walk).toBeGreaterThan(7);
    expect(progress.at(-1)).toBe(1296);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const tree = await buildTreeAsync(
      rules,
      { name: 'entropy' },
      { threads: 7, startWorker: () => inThread(sent) },
    );
    expect(treeToJson(tree)).toEqual(treeToJson(buildTree(game, createStrategy('entropy'))));
  });

  it("rejects with the worker's error, and stops every worker", async () => {
    let stopped = 0;
    const counted = (): WalkWorker => {
      const worker = thread();
      const terminate = () => {
        stopped++;
        return worker.terminate();
      };
      return { ...worker, terminate };
    };
    // Code 9999 is no code of Mastermind: the strategy throws when it plays it, on a worker.
    const walk = analyzeAsync(
      { game: 'mastermind' },
      { name: 'minimax', options: { first: 9999 } },
      { threads: 2, startWorker: counted },
    );
    await expect(walk).rejects.toThrow(CodebreakerError);
    await expect(walk).rejects.toThrow(/the first guess 9999 is no code index/);
    expect(stopped).toBe(2);
  });

  it('refuses the optimal strategy, an unknown one and a bad thread count before any worker starts', async () => {
    let started = 0;
    const counting = (): WalkWorker => {
      started++;
      return thread();
    };
    const options = { threads: 2, startWorker: counting };
    await expect(
      analyzeAsync({ game: 'mastermind' }, { name: 'optimal' }, options),
    ).rejects.toThrow(/proved, not built/);
    await expect(analyzeAsync({ game: 'mastermind' }, { name: 'knuth' }, options)).rejects.toThrow(
      /unknown strategy 'knuth'/,
    );
    await expect(
      analyzeAsync({ game: 'mastermind' }, { name: 'minimax' }, { threads: 0 }),
    ).rejects.toThrow(/threads must be a whole number, 1 or more, not 0/);
    expect(started).toBe(0);
  });
});

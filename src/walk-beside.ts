/**
 * A strategy's decision tree walked in this thread beside workers (the command line's
 * `--threads`, through walk.ts's `walkAsync`): this thread walks the tree as a single walk does,
 * from its first moment, where a worker takes a while to start, and sends out nothing it walks
 * itself; whole classes go to the workers as they run out, and come back as walk.ts's workers
 * answer (walk-serve.ts). The results are a single walk's. This thread is blocked until its part
 * is done, which a page or a server must not be: they walk on workers alone (walk.ts).
 */
import { walkStrategy } from './analyze.js';
import { CodebreakerError } from './errors.js';
import type { Game } from './game.js';
import { createStrategy } from './strategies/index.js';
import { type TreeNode, inAnswerOrder, treeWriter } from './tree.js';
import {
  type StrategySpec,
  type WalkResult,
  type WalkWorker,
  type Work,
  addWork,
  readSubtree,
} from './walk-serve.js';

/**
 * Walks the tree of the strategy `spec` names over `game` in this thread, handing a whole class
 * to a helper whenever one has none left (walkStrategy's `handOff` says which). A helper counts
 * down what it answers in shared memory (`queued`), which this thread reads between nodes, too
 * busy walking to read replies; it reads them when its own part is done. One class at a time: a
 * second one queued could still be waiting when this thread is done, which then waits for it.
 */
export function walkBeside(
  game: Game,
  spec: StrategySpec,
  helpers: readonly WalkWorker[],
  options: {
    readonly tree?: boolean;
    readonly onProgress?: (settled: number, secrets: number) => void;
  } = {},
): Promise<WalkResult> {
  const { tree = false, onProgress } = options;
  const strategy = createStrategy(spec.name, spec.options);
  const guesses = new Uint8Array(game.size);
  const work: Work = { states: 0, allowed: 0, scored: 0 };
  const queued = new Int32Array(new SharedArrayBuffer(4 * helpers.length));
  /** The classes handed off and not yet answered, by request id: where each subtree goes. */
  const places = new Map<number, { branches: Map<number, TreeNode>; answer: number } | undefined>();
  let settled = 0;
  let failure: Error | undefined;
  let landed: () => void = () => {};
  const step = Math.max(1, game.size >> 6);
  const settle = (secret: number, depth: number): void => {
    guesses[secret] = depth;
    if (++settled % step === 0) onProgress?.(settled, game.size);
  };
  helpers.forEach((helper, slot) => {
    helper.post({ kind: 'start', rules: game.rules, strategy: spec, queued, slot });
    helper.listen(
      (reply) => {
        const place = places.get(reply.id);
        places.delete(reply.id);
        if (reply.kind === 'failed') {
          const { error, message } = reply;
          failure ??= error ? new CodebreakerError(error, message) : new Error(message);
        } else if (reply.kind === 'walked') {
          addWork(work, reply.work);
          for (let i = 0; i < reply.secrets.length; i++) {
            settle(reply.secrets[i], reply.guesses[i]);
          }
          if (place && reply.tree) place.branches.set(place.answer, readSubtree(reply.tree));
        }
        if (places.size === 0 || failure) landed();
      },
      (error) => {
        failure ??= error;
        landed();
      },
    );
  });
  const writer = tree ? treeWriter() : undefined;
  let helper = 0;
  let nextId = 0;
  walkStrategy(game, strategy, {
    solved: settle,
    ...(writer ? { enter: writer.enter, leave: writer.leave } : {}),
    wanted() {
      for (let i = 0; i < helpers.length; i++) {
        helper = (helper + 1) % helpers.length;
        if (Atomics.load(queued, helper) === 0) return true;
      }
      return false;
    },
    handOff(history, candidates) {
      const id = nextId++;
      const answer = history.at(-1)!.answer;
      places.set(id, writer ? { branches: writer.open[history.length - 1], answer } : undefined);
      Atomics.add(queued, helper, 1);
      const turns = history.flatMap((turn) => [turn.guess, turn.answer]);
      helpers[helper].post({ kind: 'walk', id, history: turns, candidates, tree });
    },
  });
  const stats = (strategy as { stats?: Work }).stats;
  if (stats) addWork(work, stats);
  return new Promise<WalkResult>((resolve, reject) => {
    landed = () => {
      if (failure) reject(failure);
      else if (places.size === 0) {
        onProgress?.(settled, game.size);
        resolve({ guesses, work, ...(writer?.root ? { root: inAnswerOrder(writer.root) } : {}) });
      }
    };
    landed();
  });
}

/**
 * The workers' side of a walk split over workers (walk.ts, walk-beside.ts): what they are sent
 * and answer, the least a worker must do and what a walk finds, and `serveWalks`, which builds the
 * game and strategy it is sent and chooses or walks each node. A worker loads this module alone,
 * not the coordinator's.
 */
import { walkStrategy } from './analyze.js';
import { partition } from './candidates.js';
import { CodebreakerError, type ErrorKind } from './errors.js';
import { Game } from './game.js';
import type { Rules } from './rules.js';
import type { HeuristicStats } from './strategies/heuristic.js';
import { type StrategyOptions, createStrategy } from './strategies/index.js';
import type { Strategy, Turn } from './strategy.js';
import type { TreeNode } from './tree.js';

/** A strategy named as `createStrategy` takes it: what a worker builds its own copy from. */
export interface StrategySpec {
  /** A strategy's name (`STRATEGY_NAMES`), any but `optimal`, which is proved, not built. */
  readonly name: string;
  /** Its options, as `createStrategy` takes them. */
  readonly options?: StrategyOptions;
}

/** What a worker is sent: the game and strategy first, then nodes. */
export type WalkRequest =
  | {
      readonly kind: 'start';
      readonly rules: Rules;
      readonly strategy: StrategySpec;
      /**
       * Where the worker counts down each node it answers: `queued[slot]`, in memory shared
       * with the thread that asks, which counts up as it sends and may be too busy walking
       * (walkBeside) to read replies.
       */
      readonly queued?: Int32Array;
      readonly slot?: number;
    }
  | {
      readonly kind: 'choose' | 'walk';
      readonly id: number;
      /** The turns to the node, as guess, answer pairs. */
      readonly history: readonly number[];
      readonly candidates: Int32Array;
      /** Walks return their subtree too, in preorder (`subtreeWriter`). */
      readonly tree: boolean;
    };

/**
 * What a worker answers: a node's guess and its candidates split by answer (`Partition`), or a
 * walked subtree's secrets; or why it failed.
 */
export type WalkReply =
  | {
      readonly kind: 'chosen';
      readonly id: number;
      readonly guess: number;
      readonly codes: Int32Array;
      readonly start: Int32Array;
      readonly work: Work;
    }
  | {
      readonly kind: 'walked';
      readonly id: number;
      /** Each secret of the node and the guesses it needs, in the order they were solved. */
      readonly secrets: Int32Array;
      readonly guesses: Uint8Array;
      readonly work: Work;
      readonly tree?: Int32Array;
    }
  | {
      readonly kind: 'failed';
      readonly id: number;
      readonly message: string;
      /** A `CodebreakerError`'s kind, for the caller to throw the same. */
      readonly error?: ErrorKind;
    };

/** A heuristic's work counters (zero for the other strategies). */
export type Work = HeuristicStats;

/** The least a worker must do: take messages, answer, and stop. */
export interface WalkWorker {
  /** Sends the worker a request. */
  post(request: WalkRequest): void;
  /** Calls `handler` with each reply, and `failed` if the worker itself fails. */
  listen(handler: (reply: WalkReply) => void, failed: (error: Error) => void): void;
  /** Stops the worker; what it returns (a promise, say) is awaited. */
  terminate(): unknown;
}

/** What a walk on workers found. */
export interface WalkResult {
  /** `guesses[secret]`: how many guesses the strategy needs for it. */
  readonly guesses: Uint8Array;
  /** The strategy's work counters, summed over every worker. */
  readonly work: Work;
  /** The tree, when asked for. */
  readonly root?: TreeNode;
}

/**
 * The worker's side: builds the game and strategy it is sent, then chooses or walks each node
 * it is sent, answering through `reply`.
 */
export function serveWalks(reply: (message: WalkReply) => void): (request: WalkRequest) => void {
  let game: Game | undefined;
  let strategy: Strategy | undefined;
  let queued: Int32Array | undefined;
  let slot = 0;
  return (request) => {
    if (request.kind === 'start') {
      game = new Game(request.rules);
      strategy = createStrategy(request.strategy.name, request.strategy.options);
      queued = request.queued;
      slot = request.slot ?? 0;
      return;
    }
    try {
      answer(request);
    } finally {
      if (queued) Atomics.sub(queued, slot, 1);
    }
  };

  function answer(request: Exclude<WalkRequest, { kind: 'start' }>): void {
    try {
      if (!game || !strategy) throw new Error('a node was sent before the game');
      const history: Turn[] = [];
      for (let i = 0; i < request.history.length; i += 2) {
        history.push({ guess: request.history[i], answer: request.history[i + 1] });
      }
      const before = workOf(strategy);
      const position = { history, candidates: request.candidates };
      if (request.kind === 'choose') {
        const guess = strategy.choose({ game, ...position });
        // Split here, where the game's scoring is warm (and a heuristic's kernel made), rather
        // than in the thread that asked, which would build its scoring for this alone.
        const { codes, start } = partition(game, guess, request.candidates);
        const work = workSince(strategy, before);
        reply({ kind: 'chosen', id: request.id, guess, codes, start, work });
        return;
      }
      const secrets: number[] = [];
      const guesses: number[] = [];
      const tree: number[] = [];
      walkStrategy(
        game,
        strategy,
        {
          solved(secret, depth) {
            secrets.push(secret);
            guesses.push(depth);
          },
          ...(request.tree ? subtreeWriter(tree) : {}),
        },
        position,
      );
      reply({
        kind: 'walked',
        id: request.id,
        secrets: Int32Array.from(secrets),
        guesses: Uint8Array.from(guesses),
        work: workSince(strategy, before),
        ...(request.tree ? { tree: Int32Array.from(tree) } : {}),
      });
    } catch (error) {
      const kind = error instanceof CodebreakerError ? error.kind : undefined;
      reply({ kind: 'failed', id: request.id, message: (error as Error).message, error: kind });
    }
  }
}

/** Adds the counters `counted` to `work`. */
export function addWork(work: Work, counted: Work): void {
  work.states += counted.states;
  work.allowed += counted.allowed;
  work.scored += counted.scored;
}

/** A strategy's work counters now. */
function workOf(strategy: Strategy): Work {
  const stats = (strategy as { stats?: Work }).stats;
  return stats ? { ...stats } : { states: 0, allowed: 0, scored: 0 };
}

/** The counters' growth since `before`. */
function workSince(strategy: Strategy, before: Work): Work {
  const now = workOf(strategy);
  return {
    states: now.states - before.states,
    allowed: now.allowed - before.allowed,
    scored: now.scored - before.scored,
  };
}

/**
 * Writes the walked subtree into `out` in preorder: a node is its guess, its number of
 * branches, and each branch's answer followed by its node.
 */
function subtreeWriter(out: number[]): {
  enter(state: { history: readonly Turn[] }, guess: number): void;
  leave(): void;
} {
  // Where each open node's count of branches sits in `out`.
  const counts: number[] = [];
  return {
    enter(state, guess) {
      if (counts.length > 0) {
        out[counts.at(-1)!]++;
        out.push(state.history.at(-1)!.answer);
      }
      out.push(guess, 0);
      counts.push(out.length - 1);
    },
    leave() {
      counts.pop();
    },
  };
}

/** Reads a subtree `subtreeWriter` wrote. */
export function readSubtree(data: Int32Array): TreeNode {
  let at = 0;
  const read = (): TreeNode => {
    const guess = data[at++];
    const branches = data[at++];
    const children = new Map<number, TreeNode>();
    for (let i = 0; i < branches; i++) {
      const answer = data[at++];
      children.set(answer, read());
    }
    return { guess, children };
  };
  return read();
}

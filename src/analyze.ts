/**
 * Full analysis of a strategy over every secret: the "perft" of this field.
 *
 * A strategy is a function of the game state, so it is one decision tree, and all secrets share
 * its upper levels. Rather than replay every secret from scratch, walk the tree once: at each
 * node ask the strategy for its guess, split the candidates by answer, and recurse into each
 * class. A secret's number of guesses is the depth at which it is guessed. The work is the sum
 * of the node sizes, about (number of secrets) × (average guesses) scores in all.
 *
 * That walk, `walkStrategy`, is the one place a strategy's tree is traversed: `analyze` reads
 * depths off it, and `buildTree` (tree.ts) writes the same tree out as data.
 */
import { type Partition, allCandidates, classOf, partitionInto } from './candidates.js';
import type { Game } from './game.js';
import { MAX_GUESSES } from './solve.js';
import type { GameState, Strategy, Turn } from './strategy.js';

/** A strategy's results over every secret of a game. */
export interface Analysis {
  /** How many secrets the game has (every one is played). */
  readonly secrets: number;
  /** Guesses summed over every secret, the final correct guess included. */
  readonly total: number;
  /** The most guesses any one secret needs. */
  readonly max: number;
  /** `histogram[g]` secrets need exactly g guesses (index 0 unused). */
  readonly histogram: readonly number[];
  /** Every secret needing `max` guesses, in code order. */
  readonly worst: readonly number[];
  /** `guesses[secret]`: how many guesses the strategy needs for that secret. */
  readonly guesses: Uint8Array;
}

/** Options of `analyze`. */
export interface AnalyzeOptions {
  /** Called now and then with the number of secrets settled so far. */
  onProgress?: (settled: number, secrets: number) => void;
}

/** What a walk of a strategy's decision tree reports, in depth-first order. */
interface StrategyWalker {
  /** The strategy guesses `guess` in `state`, a node of the tree (`state` is live: copy to keep). */
  enter?(state: GameState, guess: number): void;
  /** `secret` is guessed at `depth`, the guess after the node entered last. */
  solved?(secret: number, depth: number): void;
  /** Every answer of the node entered last has been walked. */
  leave?(): void;
  /**
   * Asked before each node is walked: whether another thread wants a part of the walk now. If
   * so, the walk hands it (`handOff`) a class not yet begun, and does not walk it itself: at the
   * shallowest node of its path that has one, the largest of at most half the candidates still
   * waiting on the path (so that neither thread is left with much more than the other).
   */
  wanted?(): boolean;
  /** Takes the class the turns `history` lead to (`wanted`), its candidates a copy. */
  handOff?(history: readonly Turn[], candidates: Int32Array): void;
}

/** A node of the path a walk is on, split, with the answer it has got to. */
interface Frame {
  guess: number;
  split: Partition;
  answer: number;
  /** `handedOff[answer]`: that class went to another thread (`StrategyWalker.handOff`). */
  handedOff: Uint8Array;
}

/** The smallest class worth handing to another thread: smaller ones are settled at once. */
const HAND_OFF_MIN = 8;

/** A node of a strategy's tree: the turns that lead to it and the candidates they leave. */
interface TreePosition {
  readonly history: readonly Turn[];
  readonly candidates: Int32Array;
}

/**
 * Walks `strategy`'s decision tree once, depth first, answers in index order, reporting to
 * `walker`: the whole tree, or the subtree at `from` (walk.ts gives subtrees to workers).
 * Throws if the strategy stops making progress (a bug in the strategy).
 */
export function walkStrategy(
  game: Game,
  strategy: Strategy,
  walker: StrategyWalker,
  from?: TreePosition,
): void {
  const history: Turn[] = from ? [...from.history] : [];
  const root = from ? from.candidates : allCandidates(game);
  // Each depth splits its node into buffers of its own, kept for the next node at that depth:
  // a class is a view of its parent's buffer, live while the walk is below it.
  const splits: Partition[] = [];
  const answers = new Uint8Array(root.length);
  const next = new Int32Array(game.answers);
  const base = history.length;
  /** The path's split nodes, by level below `from`, while their classes are walked. */
  const frames: Frame[] = [];
  const waiting = (frame: Frame, answer: number): number =>
    answer === game.solved || frame.handedOff[answer]
      ? 0
      : frame.split.start[answer + 1] - frame.split.start[answer];
  const handOff = (): void => {
    // At most half of the candidates still waiting, so that this thread has as much left.
    let left = 0;
    for (const frame of frames) {
      for (let answer = frame.answer + 1; answer < game.answers; answer++) {
        left += waiting(frame, answer);
      }
    }
    for (let level = 0; level < frames.length; level++) {
      const { guess, split, answer: at, handedOff } = frames[level];
      let largest = -1;
      let size = HAND_OFF_MIN - 1;
      for (let answer = at + 1; answer < game.answers; answer++) {
        const count = waiting(frames[level], answer);
        if (count > size && 2 * count <= left) {
          largest = answer;
          size = count;
        }
      }
      if (largest < 0) continue;
      handedOff[largest] = 1;
      const turns = [...history.slice(0, base + level), { guess, answer: largest }];
      walker.handOff!(turns, classOf(split, largest).slice());
      return;
    }
  };
  const visit = (candidates: Int32Array): void => {
    const depth = history.length + 1;
    if (depth > MAX_GUESSES) {
      throw new Error(`${strategy.name} made no progress after ${MAX_GUESSES} guesses`);
    }
    if (walker.wanted?.()) handOff();
    const state = { game, history, candidates };
    const guess = strategy.choose(state);
    walker.enter?.(state, guess);
    if (candidates.length === 1 && candidates[0] === guess) {
      walker.solved?.(guess, depth);
      walker.leave?.();
      return;
    }
    const level = depth - 1 - (from?.history.length ?? 0);
    splits[level] ??= {
      codes: new Int32Array(level === 0 ? root.length : splits[level - 1].codes.length),
      start: new Int32Array(game.answers + 1),
    };
    const split = splits[level];
    partitionInto(game, guess, candidates, split, answers, next);
    const frame: Frame | undefined = walker.handOff
      ? { guess, split, answer: -1, handedOff: new Uint8Array(game.answers) }
      : undefined;
    if (frame) frames.push(frame);
    for (let answer = 0; answer < game.answers; answer++) {
      const size = split.start[answer + 1] - split.start[answer];
      if (size === 0) continue;
      if (answer === game.solved) {
        walker.solved?.(split.codes[split.start[answer]], depth);
        continue;
      }
      if (size === candidates.length) {
        throw new Error(`${strategy.name} chose a guess that does not split its candidates`);
      }
      if (frame) {
        frame.answer = answer;
        if (frame.handedOff[answer]) continue;
      }
      history.push({ guess, answer });
      visit(classOf(split, answer));
      history.pop();
    }
    if (frame) frames.pop();
    walker.leave?.();
  };
  visit(root);
}

/** Plays `strategy` against every secret by walking its decision tree once. */
export function analyze(game: Game, strategy: Strategy, options: AnalyzeOptions = {}): Analysis {
  const guesses = new Uint8Array(game.size);
  const { onProgress } = options;
  const step = Math.max(1, Math.floor(game.size / 100));
  let settled = 0;
  walkStrategy(game, strategy, {
    solved(secret, depth) {
      guesses[secret] = depth;
      settled++;
      if (onProgress && settled % step === 0) onProgress(settled, game.size);
    },
  });
  onProgress?.(settled, game.size);
  return summarize(guesses);
}

/** Totals, histogram and worst secrets from each secret's number of guesses. */
export function summarize(guesses: Uint8Array): Analysis {
  let total = 0;
  let max = 0;
  for (const g of guesses) {
    total += g;
    if (g > max) max = g;
  }
  const histogram = new Array<number>(max + 1).fill(0);
  const worst: number[] = [];
  for (let secret = 0; secret < guesses.length; secret++) {
    histogram[guesses[secret]]++;
    if (guesses[secret] === max) worst.push(secret);
  }
  return { secrets: guesses.length, total, max, histogram, worst, guesses };
}

/**
 * Early counting's plan (search/ranking.ts `#rankEarly`, the kernel's `rankEarly` in
 * search/masks.ts), for a search that only decides whether a strategy keeps to a depth budget.
 * With d guesses left, a guess keeps to the budget only if each of its classes can be solved
 * within d − 1, and the bounds (search/bounds.ts) cap the size of such a class, per answer. Most
 * guesses have a class over its cap already on a small part of the node, so the kernel counts a
 * sample first: this says how large, taken how, and for which answers.
 */
import type { Game } from '../game.js';
import type { ClassBounds } from './rank-kernel.js';

/** The sample takes every STEP-th candidate (a prime), round the node. */
const STEP = 7919;
/**
 * The sample, in candidates per unit of the largest cap it checks: on Super Mastermind's
 * refutations 8 beat 6 and 10 (fewer guesses survive 6 to count in full, and 10 costs more
 * than it spares: docs/performance.md).
 */
const SAMPLE_PER_CAP = 8;
/** The fewest and the most candidates in the sample (its counts are bytes). */
const LEAST_SAMPLE = 64;
const MOST_SAMPLE = 255;
/** The answers the sample checks, at most, a multiple of 4 (the kernel reads 4 at a time). */
const ANSWERS = 8;
/** The guesses whose classes of the sample choose the answers it checks. */
const PROBES = 8;

/** How to count a node early. */
export interface EarlyPlan {
  /** The candidates the sample takes, and how far apart (the kernel takes them round the node). */
  readonly sample: number;
  readonly step: number;
  /**
   * The answers it checks, in groups of 4 (255: none), and at the same places their caps;
   * empty where no answer's cap is below the sample: then the node is counted in full.
   */
  readonly checked: Uint8Array;
  readonly caps: Uint8Array;
}

/** Early counting's plans for the nodes of one game. */
export class EarlyCounting {
  readonly #game: Game;
  readonly #table: Uint8Array;
  /** Per answer: its cap at the node planned, and its weight among the probes' classes. */
  readonly #caps: Int32Array;
  readonly #weight: Int32Array;
  readonly #checked = new Uint8Array(ANSWERS);
  readonly #checkedCaps = new Uint8Array(ANSWERS);

  constructor(game: Game, table: Uint8Array) {
    this.#game = game;
    this.#table = table;
    this.#caps = new Int32Array(game.answers);
    this.#weight = new Int32Array(game.answers);
  }

  /**
   * The plan for the node `candidates` with `depth` guesses left, its classes bounded by
   * `classes`; undefined where no cap is below the node's size (no guess can be ruled out).
   * Without the kernel (`sampled` false) every plan counts in full.
   */
  plan(
    candidates: Int32Array,
    depth: number,
    classes: ClassBounds,
    sampled: boolean,
  ): EarlyPlan | undefined {
    const n = candidates.length;
    const { answers, solved } = this.#game;
    const caps = this.#caps;
    let least = n;
    let most = 0;
    for (let a = 0; a < answers; a++) {
      if (a === solved) continue;
      const { depth: depths } =
        ((classes.narrowMask >>> a) & 1) === 1 ? classes.narrow : classes.bounds;
      // The largest class solved within depth − 1 guesses, by the bounds (which grow with size).
      let c = 0;
      while (c < n && depths[c + 1] < depth) c++;
      caps[a] = c;
      if (c < least) least = c;
      if (c < n && c > most) most = c;
    }
    if (least >= n) return undefined;
    // Enough that a class over the largest cap shows in most guesses that have one.
    const sample = Math.min(n, MOST_SAMPLE, Math.max(LEAST_SAMPLE, SAMPLE_PER_CAP * most));
    const step = n % STEP === 0 ? 1 : STEP;
    const checked = sampled ? this.#checkedAnswers(candidates, step, sample) : 0;
    const groups = Math.ceil(checked / 4) * 4;
    return {
      sample,
      step,
      checked: this.#checked.subarray(0, groups),
      caps: this.#checkedCaps.subarray(0, groups),
    };
  }

  /**
   * The answers the sample checks (at most ANSWERS), into `#checked` with their caps into
   * `#checkedCaps`, the rest of a group of 4 left as 255 (no answer, no cap): those whose caps
   * are below the sample's size, the classes a few guesses spread over the codes make of the
   * sample largest against their caps first. Returns how many.
   */
  #checkedAnswers(candidates: Int32Array, step: number, sample: number): number {
    const { answers, solved, size } = this.#game;
    const table = this.#table;
    const caps = this.#caps;
    const weight = this.#weight;
    const n = candidates.length;
    weight.fill(0);
    for (let p = 0; p < PROBES; p++) {
      const probe = Math.floor(((p + 0.5) * size) / PROBES);
      for (let i = 0, at = 0; i < sample; i++, at = (at + step) % n) {
        weight[table[candidates[at] * size + probe]]++;
      }
    }
    const order: number[] = [];
    for (let a = 0; a < answers; a++) {
      if (a !== solved && caps[a] < sample && weight[a] > 0) order.push(a);
    }
    order.sort((x, y) => weight[y] / (caps[y] + 1) - weight[x] / (caps[x] + 1) || x - y);
    const chosen = order.slice(0, ANSWERS);
    this.#checked.fill(255);
    this.#checkedCaps.fill(255);
    chosen.forEach((a, i) => {
      this.#checked[i] = a;
      this.#checkedCaps[i] = caps[a];
    });
    return chosen.length;
  }
}

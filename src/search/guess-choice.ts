/**
 * Which guesses the exact search tries at a node: one per orbit of the node's symmetry group
 * (src/symmetry.ts), and, with `consistentOnly`, only candidates. The group depends on the
 * guesses played to reach the node, so this keeps that history as the search goes down and up,
 * with what is cheap to know per level: the colours its guesses used, and whether a position
 * permutation fixes them. When none does, or the node is small, only colours are renamed
 * (unused ones, dead ones), and those representatives are cached by the two colour sets as bit
 * masks: the search meets the same few sets millions of times. Black-peg games with repetition
 * rename colours position by position (src/symmetry.ts), so there the two colour sets are kept
 * per position.
 */
import {
  colourClassRepresentatives,
  colourClassRepresentativesAt,
  colourRepresentatives,
  renamesPerPosition,
} from '../colour-symmetry.js';
import type { Game } from '../game.js';
import { hasPositionalSymmetry } from '../stabilizer.js';
import { guessRepresentatives } from '../symmetry.js';

/** Nodes at least this large use the full symmetry group. */
const FULL_SYMMETRY_MIN_CANDIDATES = 24;
/** The most colour states whose representatives are kept before starting afresh. */
const COLOUR_STATES_CACHED = 4096;
/** Colour sets are bit masks, and pairs of them one exact number, up to this many colours. */
const MASKED_COLOURS = 26;

/** The guesses played so far and the guesses worth trying after them. */
export class GuessChoice {
  readonly #game: Game;
  readonly #symmetry: boolean;
  readonly #consistentOnly: boolean;
  readonly #history: number[] = [];
  /** Per level: the colours its guesses use, as a bit mask. */
  readonly #usedColours: number[] = [0];
  /** Per level: 1 if a position permutation fixes its guesses, 0 if not, −1 not known yet. */
  readonly #positional: number[] = [-1];
  /** Per code, its colours as a bit mask, when there are at most 26 colours. */
  readonly #colourMasks: Int32Array | undefined;
  /** Colour-only representatives by (unused colours, dead colours). */
  readonly #colourReps = new Map<number, Int32Array | undefined>();
  /** Whether colours are renamed position by position (`renamesPerPosition`). */
  readonly #perPosition: boolean;
  /** With `#perPosition`, per level: the colours its guesses put at each position, as masks. */
  readonly #usedAt: Int32Array[] = [];
  /** With `#perPosition`, the colours the node's candidates have at each position, as masks. */
  readonly #liveAt: Int32Array;
  /** Colour-only representatives by the masks of each position (`#perPosition`). */
  readonly #colourRepsAt = new Map<string, Int32Array | undefined>();
  readonly #isCandidate: Uint8Array;

  constructor(game: Game, symmetry: boolean, consistentOnly: boolean) {
    this.#game = game;
    this.#symmetry = symmetry;
    this.#consistentOnly = consistentOnly;
    this.#isCandidate = new Uint8Array(game.size);
    this.#perPosition = renamesPerPosition(game);
    this.#usedAt.push(new Int32Array(game.pegs));
    this.#liveAt = new Int32Array(game.pegs);
    if (game.rules.colors <= MASKED_COLOURS) {
      const { pegs } = game;
      const symbols = game.codes.symbols;
      this.#colourMasks = new Int32Array(game.size);
      for (let code = 0; code < game.size; code++) {
        for (let i = 0; i < pegs; i++) this.#colourMasks[code] |= 1 << symbols[code * pegs + i];
      }
    }
  }

  /** The guesses played to reach the current node, oldest first. */
  get history(): readonly number[] {
    return this.#history;
  }

  /** How many guesses were played to reach the current node. */
  get level(): number {
    return this.#history.length;
  }

  /** Starts again at the node that `history` reaches. */
  reset(history: readonly number[]): void {
    this.#history.length = 0;
    for (const guess of history) this.push(guess);
  }

  /** Plays `guess` one level down, noting the symmetry facts of the new level. */
  push(guess: number): void {
    const history = this.#history;
    history.push(guess);
    const level = history.length;
    this.#usedColours[level] = this.#usedColours[level - 1] | (this.#colourMasks?.[guess] ?? 0);
    this.#positional[level] = -1;
    if (this.#perPosition) {
      const { pegs } = this.#game;
      const symbols = this.#game.codes.symbols;
      this.#usedAt[level] ??= new Int32Array(pegs);
      const used = this.#usedAt[level];
      const before = this.#usedAt[level - 1];
      for (let i = 0; i < pegs; i++) used[i] = before[i] | (1 << symbols[guess * pegs + i]);
    }
  }

  /** Takes the last guess back. */
  pop(): void {
    this.#history.pop();
  }

  /** The guesses worth trying at `candidates` (the current node), or undefined for every code. */
  guesses(candidates: Int32Array): Int32Array | undefined {
    const representatives = this.#symmetry ? this.#representatives(candidates) : undefined;
    if (!this.#consistentOnly) return representatives;
    if (!representatives) return candidates;
    const isCandidate = this.#isCandidate;
    for (let i = 0; i < candidates.length; i++) isCandidate[candidates[i]] = 1;
    const consistent = representatives.filter((code) => isCandidate[code] === 1);
    for (let i = 0; i < candidates.length; i++) isCandidate[candidates[i]] = 0;
    return consistent;
  }

  /** One guess per orbit of the current node's symmetry group (undefined: every code). */
  #representatives(candidates: Int32Array): Int32Array | undefined {
    const game = this.#game;
    const level = this.#history.length;
    const masks = this.#colourMasks;
    if (
      masks &&
      this.#perPosition &&
      (candidates.length < FULL_SYMMETRY_MIN_CANDIDATES || !this.#hasPositional(level))
    ) {
      return this.#representativesAt(candidates, level);
    }
    if (
      masks &&
      (candidates.length < FULL_SYMMETRY_MIN_CANDIDATES || !this.#hasPositional(level))
    ) {
      const all = 2 ** game.rules.colors - 1;
      let live = 0;
      for (let i = 0; i < candidates.length; i++) live |= masks[candidates[i]];
      const key = (all & ~this.#usedColours[level]) * (all + 1) + (all & ~live);
      if (this.#colourReps.has(key)) return this.#colourReps.get(key);
      const unused = coloursOf(all & ~this.#usedColours[level]);
      const representatives = colourClassRepresentatives(game, unused, coloursOf(all & ~live));
      if (this.#colourReps.size >= COLOUR_STATES_CACHED) this.#colourReps.clear();
      this.#colourReps.set(key, representatives);
      return representatives;
    }
    const history = this.#history.map((guess) => ({ guess, answer: 0 }));
    return candidates.length >= FULL_SYMMETRY_MIN_CANDIDATES
      ? guessRepresentatives(game, history, candidates)
      : colourRepresentatives(game, history, candidates);
  }

  /**
   * The colour-only representatives when colours are renamed position by position: by the
   * colours guesses put at each position and those candidates have there, cached by both.
   */
  #representativesAt(candidates: Int32Array, level: number): Int32Array | undefined {
    const game = this.#game;
    const { pegs } = game;
    const symbols = game.codes.symbols;
    const live = this.#liveAt;
    live.fill(0);
    for (let k = 0; k < candidates.length; k++) {
      const base = candidates[k] * pegs;
      for (let i = 0; i < pegs; i++) live[i] |= 1 << symbols[base + i];
    }
    const used = this.#usedAt[level];
    const key = `${used.join(',')}/${live.join(',')}`;
    if (this.#colourRepsAt.has(key)) return this.#colourRepsAt.get(key);
    const all = 2 ** game.rules.colors - 1;
    const unused = Array.from(used, (mask) => coloursOf(all & ~mask));
    const dead = Array.from(live, (mask) => coloursOf(all & ~mask));
    const representatives = colourClassRepresentativesAt(game, unused, dead);
    if (this.#colourRepsAt.size >= COLOUR_STATES_CACHED) this.#colourRepsAt.clear();
    this.#colourRepsAt.set(key, representatives);
    return representatives;
  }

  /** Whether a position permutation fixes the guesses of `level` (worked out when first asked). */
  #hasPositional(level: number): boolean {
    if (this.#positional[level] < 0) {
      const guesses = this.#history.slice(0, level);
      this.#positional[level] = hasPositionalSymmetry(this.#game, guesses) ? 1 : 0;
    }
    return this.#positional[level] === 1;
  }
}

/** The colours in a bit mask, in increasing order. */
function coloursOf(mask: number): number[] {
  const colours: number[] = [];
  for (let c = 0; mask > 0; c++, mask = Math.floor(mask / 2)) if (mask % 2 === 1) colours.push(c);
  return colours;
}

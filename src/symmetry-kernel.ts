/**
 * The symmetry reductions' loops over every code, run in WebAssembly (symmetry.wat): the images
 * of the codes under a group element, the orbits of a group by union–find, and the codes kept by
 * the colour-only reductions. Each runs once per game state, so in a short proof they are cold
 * code: V8 would interpret them, then compile them on another thread, which together cost more
 * than the search they serve (about a sixth of classic Mastermind's proof in a fresh process).
 * In WebAssembly they run compiled from the first call. Where the kernel does not run (no
 * WebAssembly, or a game made with `simd: false`), src/symmetry.ts keeps its TypeScript loops,
 * and the tests check one against the other.
 */
import type { Game } from './game.js';
import { SYMMETRY_WASM_BASE64 } from './symmetry-wasm.js';
import { type KernelMemory, compileKernel, growTo, instantiateKernel } from './wasm.js';

interface SymmetryExports {
  readonly memory: KernelMemory;
  images(
    size: number,
    pegs: number,
    colors: number,
    repeat: number,
    symbols: number,
    perm: number,
    weights: number,
    scratch: number,
    out: number,
  ): void;
  orbits(size: number, parent: number, images: number, count: number): void;
  roots(size: number, parent: number, out: number): number;
  colourClasses(size: number, pegs: number, symbols: number, classes: number, out: number): number;
  keptAt(
    size: number,
    pegs: number,
    colors: number,
    symbols: number,
    kept: number,
    out: number,
  ): number;
}

/** The compiled module, once per process; null once it is known not to compile here. */
let compiled: object | null | undefined;

const kernels = new WeakMap<Game, SymmetryKernel | null>();

/** One game's instance of the kernel, its codes' symbols copied in once. */
export class SymmetryKernel {
  readonly #game: Game;
  readonly #kernel: SymmetryExports;
  /** Byte offsets of the fixed parts of the memory, then of the work area. */
  readonly #weights: number;
  readonly #perm: number;
  readonly #table: number;
  readonly #scratch: number;
  readonly #work: number;

  /** The kernel for `game`, made on first use; undefined where it does not run. */
  static for(game: Game): SymmetryKernel | undefined {
    let kernel = kernels.get(game);
    if (kernel === undefined) {
      if (compiled === undefined) compiled = compileKernel(SYMMETRY_WASM_BASE64);
      kernel = game.simd && compiled ? new SymmetryKernel(game, compiled) : null;
      kernels.set(game, kernel);
    }
    return kernel ?? undefined;
  }

  private constructor(game: Game, module: object) {
    this.#game = game;
    this.#kernel = instantiateKernel<SymmetryExports>(module);
    const { size, pegs } = game;
    const { colors, repeat } = game.rules;
    const align = (n: number): number => Math.ceil(n / 16) * 16;
    this.#weights = align(size * pegs);
    this.#perm = this.#weights + align(4 * pegs);
    // A group element: where each position goes, then each position's renaming of the colours.
    this.#table = this.#perm + align(pegs + pegs * colors);
    // A table per colour (classes, i32) or per position and colour (allowed colours).
    this.#scratch = this.#table + align(4 * pegs * colors);
    this.#work = this.#scratch + align(pegs);
    growTo(this.#kernel.memory, this.#work + 4 * size);
    new Uint8Array(this.#kernel.memory.buffer).set(game.codes.symbols);
    // The codebook's order: each position weighs the codes sharing a longer prefix.
    const weights = new Int32Array(this.#kernel.memory.buffer, this.#weights, pegs);
    for (let i = pegs - 1, weight = 1; i >= 0; i--) {
      weights[i] = weight;
      weight *= repeat ? colors : colors - i;
    }
  }

  /**
   * The index of the image of every code when position i moves to `positions[i]` and its colour
   * c becomes `colorsAt[i][c]`.
   */
  images(positions: Uint8Array, colorsAt: readonly Uint8Array[]): Int32Array {
    const game = this.#game;
    const { size, pegs } = game;
    const { colors, repeat } = game.rules;
    const kernel = this.#kernel;
    const memory = new Uint8Array(kernel.memory.buffer);
    const perm = this.#perm;
    memory.set(positions, perm);
    for (let i = 0; i < pegs; i++) memory.set(colorsAt[i], perm + pegs + i * colors);
    const out = this.#work;
    kernel.images(size, pegs, colors, repeat ? 1 : 0, 0, perm, this.#weights, this.#scratch, out);
    return new Int32Array(kernel.memory.buffer, out, size).slice();
  }

  /** For every code, the smallest code of its orbit under the group `images` generate. */
  orbits(images: readonly Int32Array[]): Int32Array {
    const parent = this.#unite(images);
    return new Int32Array(this.#kernel.memory.buffer, parent, this.#game.size).slice();
  }

  /** The smallest code of each orbit of the group `images` generate, in code order. */
  representatives(images: readonly Int32Array[]): Int32Array {
    const size = this.#game.size;
    const parent = this.#unite(images);
    const out = parent + 4 * size;
    const count = this.#kernel.roots(size, parent, out);
    return new Int32Array(this.#kernel.memory.buffer, out, count).slice();
  }

  /**
   * The codes whose colours of each class first appear in rank order: `classes[c]` is −1 for a
   * colour of no class, else class (0 or 1) × 256 + rank.
   */
  colourClasses(classes: Int32Array): Int32Array {
    const { size, pegs } = this.#game;
    const kernel = this.#kernel;
    new Int32Array(kernel.memory.buffer, this.#table, classes.length).set(classes);
    const count = kernel.colourClasses(size, pegs, 0, this.#table, this.#work);
    return new Int32Array(kernel.memory.buffer, this.#work, count).slice();
  }

  /** The codes whose colour at each position i is allowed there: `kept[i * colors + c]` is 1. */
  keptAt(kept: Uint8Array): Int32Array {
    const { size, pegs } = this.#game;
    const kernel = this.#kernel;
    new Uint8Array(kernel.memory.buffer).set(kept, this.#table);
    const count = kernel.keptAt(size, pegs, this.#game.rules.colors, 0, this.#table, this.#work);
    return new Int32Array(kernel.memory.buffer, this.#work, count).slice();
  }

  /** Unites the codes with their images (after the fixed part); returns where `parent` is. */
  #unite(images: readonly Int32Array[]): number {
    const size = this.#game.size;
    const kernel = this.#kernel;
    const parent = this.#work;
    const first = parent + 8 * size;
    growTo(kernel.memory, first + 4 * size * images.length);
    const memory = new Int32Array(kernel.memory.buffer);
    images.forEach((image, g) => memory.set(image, first / 4 + g * size));
    kernel.orbits(size, parent, first, images.length);
    return parent;
  }
}

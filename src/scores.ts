/**
 * The score table built in WebAssembly with 128-bit SIMD (scores.wat): each guess against 16
 * secrets at once, from the codes laid out by position and by colour: several times faster than
 * the TypeScript loops of scorer.ts on Super Mastermind's billion answers, and with no warm-up,
 * which is a part of a short proof in a fresh process. Games of more than 15 pegs or 16 colours, and places without WebAssembly's SIMD,
 * build the table in TypeScript (game.ts, with scorer.ts).
 */
import { SCORES_WASM_BASE64 } from './scores-wasm.js';
import { type KernelMemory, compileKernel, growTo, instantiateKernel } from './wasm.js';

/** The kernel writes this many bytes of rows per call, copied into the table after each. */
const CHUNK_BYTES = 2 ** 20;
/** The most pegs (hits index a 16-byte table) and colours (counts are laid out per colour). */
const MAX_PEGS = 15;
const MAX_COLORS = 16;

interface ScoreExports {
  readonly memory: KernelMemory;
  rows(
    first: number,
    count: number,
    stride: number,
    pegs: number,
    colors: number,
    symbols: number,
    counts: number,
    offsets: number,
    blows: number,
    out: number,
  ): void;
}

/** The compiled module, once per process; null once it is known not to compile here. */
let compiled: object | null | undefined;

/** What the kernel needs of a game. */
interface ScoredCodes {
  readonly size: number;
  readonly pegs: number;
  readonly colors: number;
  /** `symbols[code * pegs + position]`: each code's symbol at each position. */
  readonly symbols: Uint8Array;
  /** Answers count hits alone (black pegs), not hits and blows. */
  readonly hitsOnly: boolean;
}

/**
 * Fills `table` (`size` × `size`, a row per guess: `table[guess * size + secret]`) with every
 * answer, indexed as feedback.ts `answerIndex` does; false, leaving it untouched, where the
 * kernel cannot run.
 */
export function fillScoreTable(table: Uint8Array, codes: ScoredCodes): boolean {
  const { size, pegs, colors, symbols, hitsOnly } = codes;
  if (pegs > MAX_PEGS || colors > MAX_COLORS) return false;
  if (compiled === undefined) compiled = compileKernel(SCORES_WASM_BASE64);
  if (!compiled) return false;
  const kernel = instantiateKernel<ScoreExports>(compiled);
  const stride = Math.ceil(size / 16) * 16;
  const offsets = 0;
  const symbolsAt = 16;
  const countsAt = symbolsAt + pegs * stride;
  const out = countsAt + (hitsOnly ? 0 : colors * stride);
  const rowsPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / stride));
  growTo(kernel.memory, out + rowsPerChunk * stride);
  const memory = new Uint8Array(kernel.memory.buffer);
  // Answer index = offset[hits] + common (hits and blows) or hits (hits only).
  for (let hits = 0; hits <= pegs; hits++) {
    memory[offsets + hits] = hitsOnly ? hits : hits * pegs - (hits * (hits - 1)) / 2;
  }
  memory.fill(255, symbolsAt, countsAt);
  for (let code = 0; code < size; code++) {
    for (let p = 0; p < pegs; p++) {
      const symbol = symbols[code * pegs + p];
      memory[symbolsAt + p * stride + code] = symbol;
      if (!hitsOnly) memory[countsAt + symbol * stride + code]++;
    }
  }
  const blows = hitsOnly ? 0 : 1;
  for (let first = 0; first < size; first += rowsPerChunk) {
    const count = Math.min(rowsPerChunk, size - first);
    kernel.rows(first, count, stride, pegs, colors, symbolsAt, countsAt, offsets, blows, out);
    if (stride === size) {
      // Rows without padding (a size that is a multiple of 16: 1,296, 5,040, 32,768) are
      // copied as one block, not a row at a time: a copy a row is a third of a cold build.
      table.set(memory.subarray(out, out + count * size), first * size);
      continue;
    }
    for (let i = 0; i < count; i++) {
      const row = out + i * stride;
      table.set(memory.subarray(row, row + size), (first + i) * size);
    }
  }
  return true;
}

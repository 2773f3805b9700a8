/**
 * Where the mask kernels of search/masks.ts keep their buffers and the score table, in
 * WebAssembly memory. A kernel has a memory of its own with a copy of the table, rows padded to
 * 16 bytes; or, where threads search one game, a slot in one memory they all share that holds
 * the table once (`sharedKernelTable`: Super Mastermind's table is 1 GiB, and a copy per thread
 * would double or treble a worker's memory).
 */
import { type KernelMemory, compileKernel, newKernelMemory } from '../wasm.js';
import { MASKS_SHARED_WASM_BASE64 } from './masks-shared-wasm.js';
import { MASKS_WASM_BASE64 } from './masks-wasm.js';

/**
 * The largest game the kernel copies the table of: every game the exact search takes (1 GiB a
 * copy at the limit, Super Mastermind).
 */
const WASM_MAX_CODES = 32768;
/** Classes of guess by their answer masks: 2 × (0 to 32 answers) + (0 or 1). */
export const CLASSES = 66;
/** `answerOrder`'s counts of the codes that get k answers or more, for k = 0 to 33. */
export const ANSWER_COUNTS = 34;

// A kernel's buffers, from its base address: at +0 the number `settle` leaves, at +8 the width
// `classify` leaves, then the counters of one guess's classes, the keys and marks by class
// (`CLASSES` of each), then what `layout` places by the size.
const COUNTS = 16;
const KEYS = 144;
const SEEN = KEYS + 8 * CLASSES;

// A memory shared by several threads' kernels: at 0 its number of slots, then a flag a slot (1:
// a kernel uses it); the table from TABLE_AT, rows not padded (games of a multiple of 16 codes);
// then the slots, each one kernel's buffers.
const MAX_SLOTS = 63;
const TABLE_AT = 256;

/**
 * The memory one search's kernel takes for a game of `size` codes and `answers` answer indices
 * (its copy of the table, and buffers), or 0 where it would not run; with `shared`, its buffers
 * alone, where the game's table can be shared (`sharedKernelTable`).
 */
export function maskKernelBytes(size: number, answers: number, shared = false): number {
  if (!kernelModule(size, answers, shared)) return 0;
  return shared && shareable(size) ? buffersBytes(size, answers) : ownBytes(size, answers);
}

/** The bytes of a kernel's buffers alone (its table elsewhere, in a shared memory). */
function buffersBytes(size: number, answers: number): number {
  return layout(size, answerShift(answers), 0, 0).bytes;
}

/** The bytes of a kernel's own memory: its buffers, then its copy of the table. */
function ownBytes(size: number, answers: number): number {
  return layout(size, answerShift(answers), 0).bytes;
}

/** The compiled kernel if it runs for a game of `size` codes and `answers` answer indices. */
function kernelModule(size: number, answers: number, shared = false): object | null {
  return size > WASM_MAX_CODES || answers > 32 ? null : maskModule(shared);
}

/** Whether threads can share the kernels' table of a game of `size` codes (rows unpadded). */
function shareable(size: number): boolean {
  return size % 16 === 0 && TABLE_AT + size * size <= 2 ** 32 - 2 ** 26;
}

/** Where a table shared by kernels lives: its memory, and its slots for the kernels' buffers. */
interface SharedPlace {
  readonly memory: KernelMemory;
  /** The slots' flags (Atomics), `slots[0]` their number. */
  readonly slots: Int32Array;
  readonly first: number;
  readonly slotBytes: number;
}

/** Tables in shared memory (the views `sharedKernelTable` and `adoptKernelTable` return). */
const shared = new WeakMap<Uint8Array, SharedPlace>();

/** Frees a kernel's slot when the kernel is collected. */
const slotRelease = new FinalizationRegistry<{ readonly slots: Int32Array; readonly slot: number }>(
  ({ slots, slot }) => Atomics.store(slots, slot, 0),
);

/** The first address and size of the slots of a shared memory for a game. */
function slotPlaces(size: number, answers: number) {
  const first = align(TABLE_AT + size * size, 64);
  const slotBytes = align(buffersBytes(size, answers), 64);
  return { first, slotBytes };
}

/**
 * A score table for a game of `size` codes and `answers` answer indices, to be filled, in a
 * WebAssembly memory that the kernels of every thread searching it share, with room for the
 * buffers of `kernels` kernels (one a thread); undefined where that cannot be (no shared memory,
 * no kernel for the game, or a game whose rows the kernel would pad). Post `memory` to the other
 * threads, which take the table with `adoptKernelTable`.
 */
export function sharedKernelTable(
  size: number,
  answers: number,
  kernels: number,
): { readonly memory: KernelMemory; readonly table: Uint8Array } | undefined {
  if (!shareable(size) || !kernelModule(size, answers, true)) return undefined;
  const count = Math.max(1, Math.min(MAX_SLOTS, kernels));
  const { first, slotBytes } = slotPlaces(size, answers);
  const memory = newKernelMemory(first + count * slotBytes, true);
  if (!memory) return undefined;
  new Int32Array(memory.buffer, 0, 1)[0] = count;
  return { memory, table: adoptKernelTable(memory, size, answers) };
}

/**
 * The score table in `memory` (made by `sharedKernelTable` on another thread, for the same
 * game), as this thread's kernels will share it. Throws if the memory cannot hold it.
 */
export function adoptKernelTable(memory: KernelMemory, size: number, answers: number): Uint8Array {
  const buffer = memory.buffer;
  const count = new Int32Array(buffer, 0, 1)[0];
  const { first, slotBytes } = slotPlaces(size, answers);
  if (count < 1 || count > MAX_SLOTS || buffer.byteLength < first + count * slotBytes) {
    throw new Error('the shared memory given does not hold this game’s table');
  }
  const table = new Uint8Array(buffer, TABLE_AT, size * size);
  shared.set(table, { memory, slots: new Int32Array(buffer, 0, 1 + count), first, slotBytes });
  return table;
}

/** A free slot of `place`, taken (1 to its number), or 0 if every slot is taken. */
function takeSlot(slots: Int32Array): number {
  for (let slot = 1; slot < slots.length; slot++) {
    if (Atomics.compareExchange(slots, slot, 0, 1) === 0) return slot;
  }
  return 0;
}

/** Where a new kernel goes: its compiled module, its memory and where in it. */
export interface KernelPlace {
  readonly module: object;
  readonly memory: KernelMemory;
  /** Where its buffers begin (`layout`). */
  readonly base: number;
  /** The shared table's address; undefined where the kernel copies the table (`layout`). */
  readonly tableAt: number | undefined;
  /** Hands its slot back once `kernel` is collected (a kernel in a shared memory). */
  keep(kernel: object): void;
}

/**
 * Where a new kernel over `table` (a game of `size` codes and `answers` answer indices) goes: a
 * free slot beside it if it is a shared table, else a memory of its own; undefined where the
 * kernel cannot run.
 */
export function kernelPlace(
  table: Uint8Array,
  size: number,
  answers: number,
): KernelPlace | undefined {
  const place = shared.get(table);
  const slot = place ? takeSlot(place.slots) : 0;
  const module = kernelModule(size, answers, slot > 0);
  if (place && slot > 0) {
    if (!module) {
      Atomics.store(place.slots, slot, 0);
      return undefined;
    }
    const { memory, slots, first, slotBytes } = place;
    return {
      module,
      memory,
      base: first + (slot - 1) * slotBytes,
      tableAt: TABLE_AT,
      keep: (kernel) => slotRelease.register(kernel, { slots, slot }),
    };
  }
  if (!module) return undefined;
  const memory = newKernelMemory(ownBytes(size, answers));
  return memory && { module, memory, base: 0, tableAt: undefined, keep: () => {} };
}

/** The compiled modules (own memory, shared), once per process; null where they do not compile. */
let compiled: object | null | undefined;
let compiledShared: object | null | undefined;

/** The kernel compiled, or null where it cannot run (see `compileKernel`). */
function maskModule(shared: boolean): object | null {
  if (shared) {
    if (compiledShared === undefined) compiledShared = compileKernel(MASKS_SHARED_WASM_BASE64);
    return compiledShared;
  }
  if (compiled === undefined) compiled = compileKernel(MASKS_WASM_BASE64);
  return compiled;
}

/**
 * Where the buffers of a kernel for `size` codes go, from `base`, and its table (rows padded to
 * `stride` bytes): at `tableAt` if given, else after the buffers; and the end of what it uses.
 */
export function layout(size: number, shift: number, base: number, tableAt?: number) {
  const stride = Math.ceil(size / 16) * 16;
  const rows = align(base + SEEN + CLASSES, 16);
  const classCounts = rows + 4 * size;
  const guesses = align(classCounts + (size << (shift + 1)), 16);
  const outGuesses = guesses + 4 * size;
  const outKeys = align(outGuesses + 4 * size, 16);
  const outMasks = outKeys + 8 * size;
  const planes = align(outMasks + 4 * size, 16);
  // A node's candidates, and their classes by answer to one guess (`split`).
  const codes = align(planes + 4 * stride, 16);
  const grouped = codes + 4 * size;
  const start = grouped + 4 * size;
  const next = start + 4 * 33;
  // Early counting's guesses alive, and a byte a code of scratch; the codes by their answers
  // from a node, kept for `splitter`, and how many have k or more (`answerOrder`).
  const alive = align(next + 4 * 32, 16);
  const aliveMasks = alive + 4 * size;
  const order = aliveMasks + 4 * size;
  const atLeast = order + 4 * size;
  // The answers early counting's sample checks, and their caps (`sampleKill`), a byte each.
  const checked = align(atLeast + 4 * ANSWER_COUNTS, 16);
  const checkedCaps = checked + 32;
  // The size bounds `settle` reads, by size.
  const total = align(checkedCaps + 32, 16);
  const depths = total + 8 * (size + 1);
  const totalNarrow = align(depths + size + 1, 16);
  const depthsNarrow = totalNarrow + 8 * (size + 1);
  // The bounds of the classes of guess (`classKeys`), beside their keys at `keys`.
  const packed = align(depthsNarrow + size + 1, 16);
  const end = align(packed + 8 * CLASSES, 16);
  const table = tableAt ?? end;
  const bytes = tableAt === undefined ? end + size * stride : end;
  return {
    results: base,
    counts: base + COUNTS,
    keys: base + KEYS,
    seen: base + SEEN,
    stride,
    rows,
    classCounts,
    guesses,
    outGuesses,
    outKeys,
    outMasks,
    planes,
    codes,
    grouped,
    start,
    next,
    alive,
    aliveMasks,
    order,
    atLeast,
    checked,
    checkedCaps,
    total,
    depths,
    totalNarrow,
    depthsNarrow,
    packed,
    table,
    bytes,
  };
}

/** Where a kernel's buffers are in its memory. */
export type KernelLayout = ReturnType<typeof layout>;

/** Typed views of the buffers of a kernel laid out `at` in `buffer`, as its callers read them. */
export function kernelViews(
  buffer: ArrayBufferLike,
  at: KernelLayout,
  size: number,
  answers: number,
) {
  return {
    rows: new Int32Array(buffer, at.rows, size),
    guesses: new Int32Array(buffer, at.guesses, size),
    outGuesses: new Int32Array(buffer, at.outGuesses, size),
    outKeys: new Float64Array(buffer, at.outKeys, size),
    /** Per code and answer (`2^answerShift` a code), the candidates `count` last counted. */
    classCounts: new Uint16Array(buffer, at.classCounts, size << answerShift(answers)),
    keys: new Float64Array(buffer, at.keys, CLASSES),
    packed: new Float64Array(buffer, at.packed, CLASSES),
    /** Per class of guess, 1 if the last node ranked had a guess of it. */
    seen: new Uint8Array(buffer, at.seen, CLASSES),
    total: new Float64Array(buffer, at.total, size + 1),
    depths: new Uint8Array(buffer, at.depths, size + 1),
    totalNarrow: new Float64Array(buffer, at.totalNarrow, size + 1),
    depthsNarrow: new Uint8Array(buffer, at.depthsNarrow, size + 1),
    checked: new Uint8Array(buffer, at.checked, 64),
    /** The answer masks `gather` writes, as planes of a byte per code (plane p: answers 8p…). */
    planes: new Uint8Array(buffer, at.planes, 4 * at.stride),
    /** Early counting's marks over the planes, a byte per code: DEAD for a guess dead. */
    dead: new Uint8Array(buffer, at.planes, size),
    codes: new Int32Array(buffer, at.codes, size),
    grouped: new Int32Array(buffer, at.grouped, size),
    start: new Int32Array(buffer, at.start, answers + 1),
    alive: new Int32Array(buffer, at.alive, size),
    /** The codes by their answers from a node, as `answerOrder` last left them. */
    order: new Int32Array(buffer, at.order, size),
    atLeast: new Int32Array(buffer, at.atLeast, ANSWER_COUNTS),
    /** What the exports return beside their result: the least bound left out, the width. */
    skipped: new Float64Array(buffer, at.results, 1),
    width: new Int32Array(buffer, at.results + 8, 1),
  };
}

/** The views `kernelViews` makes. */
export type KernelViews = ReturnType<typeof kernelViews>;

/** log2 of the counters per code in `classCounts`: answers rounded up to a power of two. */
export function answerShift(answers: number): number {
  return Math.ceil(Math.log2(answers));
}

function align(address: number, to: number): number {
  return Math.ceil(address / to) * to;
}

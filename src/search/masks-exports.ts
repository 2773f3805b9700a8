/**
 * The exports of search/masks.wat as search/masks.ts calls them: each a loop of the ranking
 * kernels over the kernel's memory, every parameter an address in it (search/mask-memory.ts lays
 * them out) or a count. Apart from the class that passes them the buffers, as they are only
 * signatures, one parameter a line.
 */

/** The kernel's exports (see masks.wat). */
export interface MaskExports {
  count(rows: number, n: number, size: number, shift: number, counts: number): void;
  countEach(
    table: number,
    stride: number,
    codes: number,
    n: number,
    guesses: number,
    count: number,
    shift: number,
    counts: number,
  ): void;
  sampleKill(
    rows: number,
    m: number,
    size: number,
    checked: number,
    checkedCaps: number,
    nChecked: number,
    dead: number,
  ): void;
  alive(
    dead: number,
    guesses: number,
    count: number,
    all: number,
    shift: number,
    counts: number,
    out: number,
  ): number;
  countMore(
    rows: number,
    n: number,
    guesses: number,
    count: number,
    shift: number,
    counts: number,
  ): void;
  gather(
    rows: number,
    n: number,
    blocks: number,
    planes: number,
    stride: number,
    planeCount: number,
  ): void;
  classKeys(
    n: number,
    depth: number,
    limit: number,
    classes: number,
    total: number,
    depths: number,
    keys: number,
    packed: number,
  ): void;
  leastSkipped(seen: number, packed: number, classes: number, limit: number): number;
  least(keys: number, count: number): number;
  rows(codes: number, n: number, table: number, stride: number, rows: number): void;
  batch(keys: number, live: number, batch: number): number;
  perfect(codes: number, n: number, table: number, stride: number): number;
  splitter(rows: number, n: number, order: number, live: number): number;
  answerOrder(
    planes: number,
    stride: number,
    planeCount: number,
    size: number,
    counts: number,
    atLeast: number,
    next: number,
    byCount: number,
  ): void;
  largest(
    codes: number,
    n: number,
    guess: number,
    table: number,
    stride: number,
    answers: number,
    solved: number,
    counts: number,
    out: number,
  ): number;
  keys(
    counts: number,
    shift: number,
    guesses: number,
    count: number,
    all: number,
    answers: number,
    solved: number,
    n: number,
    total: number,
    depths: number,
    narrowMask: number,
    totalNarrow: number,
    depthsNarrow: number,
    depth: number,
    limit: number,
    outGuesses: number,
    outKeys: number,
  ): number;
  split(
    row: number,
    codes: number,
    n: number,
    answers: number,
    start: number,
    next: number,
    out: number,
  ): void;
  classify(
    guesses: number,
    count: number,
    all: number,
    solved: number,
    planes: number,
    stride: number,
    planeCount: number,
    keys: number,
    seen: number,
    outGuesses: number,
    outKeys: number,
    outMasks: number,
    scratch: number,
  ): number;
  settle(
    outGuesses: number,
    outKeys: number,
    outMasks: number,
    written: number,
    P: number,
    total: number,
    depths: number,
    narrowMask: number,
    totalNarrow: number,
    depthsNarrow: number,
    solved: number,
    depth: number,
    limit: number,
    rows: number,
    n: number,
    counts: number,
  ): number;
}

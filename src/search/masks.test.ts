import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { naiveBlackAnswer, naiveFullAnswer, seededRandom } from '../../test/naive.js';
import { Game } from '../game.js';
import { type RulesOptions, resolveRules } from '../rules.js';
import { BoundsByWidth } from './bounds.js';
import {
  ANSWER_COUNTS,
  adoptKernelTable,
  answerShift,
  maskKernelBytes,
  sharedKernelTable,
} from './mask-memory.js';
import { MaskKernel } from './masks.js';
import { PlainKernel } from './plain-kernel.js';
import type { RankKernel } from './rank-kernel.js';
import { newRanking, withoutTried } from './ranking-buffer.js';
import { RankingKernels } from './ranking.js';

describe('the WebAssembly ranking kernels', () => {
  it('is compiled from the current masks.wat (and scores.wat)', () => {
    // Exits 1 with a message if a generated module is not what its .wat compiles to.
    expect(() => execFileSync(process.execPath, ['scripts/wasm.mjs', '--check'])).not.toThrow();
  });

  // Two answer planes (4 pegs: 14 answers), four (5 pegs: 20), no repetition, black pegs
  // (hits only), and a game whose rows are not a multiple of 16 codes.
  const games: RulesOptions[] = [
    { game: 'mastermind' },
    { pegs: 5, colors: 4, repeat: true },
    { game: 'moo' },
    { pegs: 4, colors: 5, repeat: true, feedback: 'black' },
    { pegs: 3, colors: 5, repeat: true },
  ];

  /**
   * How many of `trials` random nodes to try on `game`: a quarter on Bulls and Cows, whose
   * plain comparisons cost several times those of the others, each trial of the same kinds.
   */
  const trialsOf = (game: Game, trials: number): number =>
    game.size > 2000 ? Math.ceil(trials / 4) : trials;

  it.each(games)('rank every node as the TypeScript kernels do: %o', (options) => {
    const game = new Game(resolveRules(options));
    const table = game.useTable()!;
    expect(MaskKernel.create(table, game.size, game.answers, game.solved)).toBeDefined();
    const random = seededRandom(game.size);
    for (const crush of [false, true]) {
      // As the search ranks: plain counts, its answers' own widths for their classes.
      const bounds = BoundsByWidth.forGame(game, game.answers - 1, crush).plain();
      const simd = new RankingKernels(game, bounds, table, true);
      const plain = new RankingKernels(game, bounds, table, false);
      expectSameRankings(game, bounds, [simd], plain, trialsOf(game, 80), random);
    }
  });

  it.each(games)(
    "read a ranking's least key and the batch of keys equal to it as a plain scan does: %o",
    (options) => {
      const { game, kernels } = bothKernels(options);
      const random = seededRandom(game.size + 5);
      const bounds = BoundsByWidth.forGame(game, game.answers - 1, false).plain();
      const ranker = new RankingKernels(game, bounds, game.useTable()!, false);
      for (let trial = 0; trial < trialsOf(game, 40); trial++) {
        const ranking = newRanking(game.size);
        if (trial % 2 === 0) {
          // As a node ranks them: keys from the size bounds, many alike.
          const n = 3 + Math.floor(random() * Math.min(60, game.size - 3));
          ranker.rank(randomSet(game, n, random), undefined, 6, Number.POSITIVE_INFINITY, ranking);
        } else {
          // Few distinct keys, some infinite, in any order.
          ranking.count = Math.floor(random() * Math.min(300, game.size));
          for (let i = 0; i < ranking.count; i++) {
            const pick = Math.floor(random() * 5);
            ranking.keys[i] = pick === 4 ? Number.POSITIVE_INFINITY : 2 * (700 + pick) + (i % 2);
            ranking.guesses[i] = i;
          }
        }
        const keys = [...ranking.keys.subarray(0, ranking.count)];
        const guesses = [...ranking.guesses.subarray(0, ranking.count)];
        const least = Math.min(Number.POSITIVE_INFINITY, ...keys);
        for (const kernel of kernels) expect(kernel.least(ranking)).toBe(least);
        if (ranking.count === 0) continue;
        const live = 1 + Math.floor(random() * ranking.count);
        const first = Math.min(...keys.slice(0, live));
        const ties = keys.flatMap((key, i) => (i < live && key === first ? [i] : []));
        for (const kernel of kernels) {
          const batch = new Int32Array(game.size);
          const count = kernel.batch(ranking, live, batch);
          expect([...batch.subarray(0, count)]).toEqual(ties);
        }
        // The guesses tried (the first few of the batch) leave the ranking, the rest in order.
        const tried = 1 + Math.floor(random() * ties.length);
        const left = Array.from({ length: live }, (_, i) => i).filter(
          (i) => !ties.slice(0, tried).includes(i),
        );
        const kept = withoutTried(ranking, live, Int32Array.from(ties), tried);
        expect(kept).toBe(left.length);
        expect([...ranking.keys.subarray(0, kept)]).toEqual(left.map((i) => keys[i]));
        expect([...ranking.guesses.subarray(0, kept)]).toEqual(left.map((i) => guesses[i]));
      }
    },
  );

  it.each(games)(
    "count a few guesses' classes from their own rows as the full count does: %o",
    (options) => {
      const { game, kernels } = bothKernels(options);
      const random = seededRandom(game.size + 2);
      const width = 1 << answerShift(game.answers);
      const countersOf = (counts: Uint16Array, guesses: Int32Array) =>
        [...guesses].map((guess) => [...counts.subarray(guess * width, (guess + 1) * width)]);
      for (let trial = 0; trial < trialsOf(game, 20); trial++) {
        const candidates = randomSet(game, 1 + Math.floor(random() * game.size), random);
        // Some guesses given twice: each is still counted once.
        const guesses = Int32Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
          Math.floor(random() * game.size),
        );
        for (const kernel of kernels) {
          const full = countersOf(kernel.count(candidates), guesses);
          // Counters left over from the full count are set to zero, not added to.
          expect(countersOf(kernel.countEach(candidates, guesses), guesses)).toEqual(full);
          for (const counters of full) {
            expect(counters.reduce((sum, c) => sum + c, 0)).toBe(candidates.length);
          }
        }
      }
    },
  );

  it.each(games)(
    'find the first code of the order of a set that splits part of it apart, as a plain check of every answer does: %o',
    (options) => {
      const { game, kernels } = bothKernels(options);
      const answers = answersFrom(game, options);
      const apart = (guess: number, set: Int32Array) => answers(guess, set) === set.length;
      const random = seededRandom(game.size + 3);
      const found = { some: 0, none: 0 };
      const order = new Int32Array(game.size);
      const atLeast = new Int32Array(ANSWER_COUNTS);
      for (let trial = 0; trial < trialsOf(game, 60); trial++) {
        // The order of a parent set, then a part of it and a prefix of that order.
        const parent = randomSet(game, 1 + Math.floor(random() * Math.min(40, game.size)), random);
        const set = Int32Array.from([...parent].filter(() => random() < 0.4).slice(0, 12));
        if (set.length === 0) continue;
        const live = 1 + Math.floor(random() * game.size);
        for (const kernel of kernels) {
          kernel.splits.answerOrder(parent, atLeast, order);
          const expected = [...order.subarray(0, live)].find((code) => apart(code, set)) ?? -1;
          if (kernel === kernels[0]) {
            if (expected >= 0) found.some++;
            else found.none++;
          }
          expect(kernel.splits.splitter(set, live)).toBe(expected);
        }
      }
      // Both outcomes met, so that the comparison could fail either way.
      expect(found.some).toBeGreaterThan(5);
      expect(found.none).toBeGreaterThan(5);
    },
  );

  it.each(games)(
    'order the codes by their answers from a set, as a plain count of every answer does: %o',
    (options) => {
      const { game, kernels } = bothKernels(options);
      const answers = answersFrom(game, options);
      const random = seededRandom(game.size + 5);
      const codes = Array.from({ length: game.size }, (_, code) => code);
      for (let trial = 0; trial < trialsOf(game, 6); trial++) {
        const set = randomSet(game, 1 + Math.floor(random() * Math.min(60, game.size)), random);
        const count = codes.map((code) => answers(code, set));
        const byCount = [...codes].sort((a, b) => count[b] - count[a] || a - b);
        const atLeast = Array.from(
          { length: ANSWER_COUNTS },
          (_, k) => count.filter((c) => c >= k).length,
        );
        for (const kernel of kernels) {
          const gotAtLeast = new Int32Array(ANSWER_COUNTS);
          const gotByCount = new Int32Array(game.size);
          kernel.splits.answerOrder(set, gotAtLeast, gotByCount);
          expect([...gotAtLeast]).toEqual(atLeast);
          expect([...gotByCount]).toEqual(byCount);
        }
      }
    },
  );

  it.each(games)(
    "gather a guess's largest class, all hits aside, as its split shows it: %o",
    (options) => {
      const { game, kernels } = bothKernels(options);
      const random = seededRandom(game.size + 4);
      const grouped = new Int32Array(game.size);
      const start = new Int32Array(game.answers + 1);
      const out = new Int32Array(game.size);
      const sizes = new Set<number>();
      for (let trial = 0; trial < trialsOf(game, 60); trial++) {
        const candidates = randomSet(
          game,
          1 + Math.floor(random() * Math.min(80, game.size)),
          random,
        );
        const guess = Math.floor(random() * game.size);
        kernels[1].splits.split(guess, candidates, grouped, start);
        // The first answer (all hits aside) whose class is the largest, if above 2.
        let best = -1;
        for (let a = 0; a < game.answers; a++) {
          const size = start[a + 1] - start[a];
          if (a !== game.solved && size > 2 && (best < 0 || size > start[best + 1] - start[best])) {
            best = a;
          }
        }
        const expected = best < 0 ? [] : [...grouped.subarray(start[best], start[best + 1])];
        sizes.add(expected.length);
        for (const kernel of kernels) {
          const size = kernel.splits.largest(guess, candidates, out);
          expect([...out.subarray(0, size)]).toEqual(expected);
        }
      }
      // Guesses with no class above 2 and with one, so that either answer could be wrong.
      expect(sizes.has(0)).toBe(true);
      expect(sizes.size).toBeGreaterThan(3);
    },
  );

  it.each(games)(
    'count early as the TypeScript kernels do, keeping what a full count keeps: %o',
    (options) => {
      const game = new Game(resolveRules(options));
      const table = game.useTable()!;
      const random = seededRandom(game.size + 1);
      for (const crush of [false, true]) {
        const bounds = BoundsByWidth.forGame(game, game.answers - 1, crush).plain();
        const early = new RankingKernels(game, bounds, table, true, true);
        const plainEarly = new RankingKernels(game, bounds, table, false, true);
        expectSameRankings(game, bounds, [early], plainEarly, trialsOf(game, 80), random);
        // Against a full count, given the width it measures as the cap: the same guesses, keys
        // and least bound left out, at every depth.
        const full = new RankingKernels(game, bounds, table, false);
        const ranked = (
          ranker: RankingKernels,
          candidates: Int32Array,
          depth: number,
          cap?: number,
        ) => rankingOf(game, ranker, candidates, undefined, depth, Number.POSITIVE_INFINITY, cap);
        for (let trial = 0; trial < trialsOf(game, 80); trial++) {
          const n = 2 + Math.floor(random() * (Math.min(game.size, 400) - 1));
          const candidates = randomSet(game, n, random);
          const depth = 2 + (trial % 4);
          const expected = ranked(full, candidates, depth);
          expect(ranked(early, candidates, depth, expected.width)).toEqual(expected);
        }
      }
    },
  );

  it('kernels share one table in one memory, each with a slot of its own, and rank as the TypeScript kernels do', () => {
    // Bulls and Cows: 5,040 codes, rows of a multiple of 16 bytes, as the kernels read them.
    const game = new Game(resolveRules({ game: 'moo' }));
    const { size, answers, solved } = game;
    const shared = sharedKernelTable(size, answers, 2)!;
    expect(shared).toBeDefined();
    expect(game.useTable({ into: shared.table })).toBe(shared.table);
    const free = sharedKernelTable(size, answers, 1)!;
    new Uint8Array(free.memory.buffer).fill(7);
    expect(() => adoptKernelTable(free.memory, size, answers)).toThrow(/does not hold/);
    // The table once, and two slots of buffers: no copy of it for either kernel.
    const bytes = shared.memory.buffer.byteLength;
    expect(bytes).toBeLessThan(size * size + 2 * maskKernelBytes(size, answers, true) + 65536 * 2);
    expect(maskKernelBytes(size, answers, true)).toBeLessThan((size * size) / 10);
    const bounds = BoundsByWidth.forGame(game, answers - 1, false).plain();
    const kernels = [0, 1].map(() => new RankingKernels(game, bounds, shared.table, true));
    // Both slots are taken: a third kernel keeps a copy of its own, and still ranks the same.
    const third = MaskKernel.create(shared.table, size, answers, solved)!;
    expect(third.sharesTable).toBe(false);
    kernels.push(new RankingKernels(game, bounds, shared.table, true));
    expect(shared.memory.buffer.byteLength).toBe(bytes);
    // The other threads' view of the table (`adoptKernelTable`) is the same bytes.
    const adopted = adoptKernelTable(shared.memory, size, answers);
    expect(adopted.byteOffset).toBe(shared.table.byteOffset);
    const plain = new RankingKernels(game, bounds, shared.table, false);
    // Random nodes, ranked by each kernel in turn, two in the shared memory and one with a copy:
    // each ranks as the TypeScript kernels do.
    expectSameRankings(game, bounds, kernels, plain, trialsOf(game, 60), seededRandom(size));
    // Threads' kernels run at once: their buffers (here two of them) lie apart, and off the table.
    const fresh = sharedKernelTable(size, answers, 2)!;
    const pair = [0, 1].map(() => MaskKernel.create(fresh.table, size, answers, solved)!);
    expect(pair.map((kernel) => kernel.sharesTable)).toEqual([true, true]);
    const spans = [fresh.table, ...pair.flatMap((kernel) => [kernel.seen, kernel.classCounts])];
    for (const [i, a] of spans.entries()) {
      for (const b of spans.slice(i + 1)) {
        const apart =
          a.byteOffset + a.byteLength <= b.byteOffset ||
          b.byteOffset + b.byteLength <= a.byteOffset;
        expect(apart).toBe(true);
      }
    }
    expect(MaskKernel.create(fresh.table, size, answers, solved)!.sharesTable).toBe(false);
  });
});

/**
 * Ranks `trials` random nodes of `game` (picked by `random`) with each of `kernels` in turn and
 * with `plain` (the TypeScript kernels), and expects the same rankings of each.
 */
function expectSameRankings(
  game: Game,
  bounds: BoundsByWidth,
  kernels: readonly RankingKernels[],
  plain: RankingKernels,
  trials: number,
  random: () => number,
): void {
  const largest = Math.min(game.size, 2 * bounds.game.capacity[3]);
  for (let trial = 0; trial < trials; trial++) {
    // One trial in four: narrow nodes, codes with the colours of one code (search/bounds.ts).
    const candidates =
      trial % 4 === 1
        ? sameColours(game, Math.floor(random() * game.size))
        : randomSet(game, 2 + Math.floor(random() * (largest - 1)), random);
    const n = candidates.length;
    const guesses =
      trial % 3 === 0
        ? undefined
        : Int32Array.from({ length: 1 + Math.floor(random() * Math.min(200, game.size)) }, () =>
            Math.floor(random() * game.size),
          );
    const depth = 2 + (trial % 5);
    const limit = trial % 4 === 0 ? Number.POSITIVE_INFINITY : (3 * n - 1 - (trial % 7)) * 256;
    // The width the node's cannot exceed, its parent's: here sometimes narrower than the game's.
    const cap = bounds.widest - (trial % 3);
    const [expected, ...ranked] = [plain, ...kernels].map((ranker) =>
      rankingOf(game, ranker, candidates, guesses, depth, limit, cap),
    );
    for (const ranking of ranked) expect(ranking).toEqual(expected);
  }
}

/** What `ranker` ranks at the node `candidates` (its `rank`'s arguments), as plain values. */
function rankingOf(
  game: Game,
  ranker: RankingKernels,
  candidates: Int32Array,
  guesses: Int32Array | undefined,
  depth: number,
  limit: number,
  cap?: number,
) {
  const ranking = newRanking(game.size);
  ranker.rank(candidates, guesses, depth, limit, ranking, cap);
  return {
    guesses: [...ranking.guesses.subarray(0, ranking.count)],
    keys: [...ranking.keys.subarray(0, ranking.count)],
    skipped: ranking.skipped,
    width: ranking.width,
  };
}

/** `n` codes of `game` picked at random, in order. */
/** A game's kernels, in WebAssembly and in TypeScript, over its table. */
function bothKernels(options: RulesOptions): { game: Game; kernels: RankKernel[] } {
  const game = new Game(resolveRules(options));
  const table = game.useTable()!;
  const kernels = [
    MaskKernel.create(table, game.size, game.answers, game.solved)!,
    new PlainKernel(game, table, new Int32Array(0)),
  ];
  return { game, kernels };
}

/** How many different answers a code gets from a set of secrets, scored plainly (test/naive.ts). */
function answersFrom(game: Game, options: RulesOptions): (code: number, set: Int32Array) => number {
  const answerOf = options.feedback === 'black' ? naiveBlackAnswer : naiveFullAnswer;
  const text = (code: number) => game.codes.make(code);
  return (code, set) => new Set([...set].map((secret) => answerOf(text(secret), text(code)))).size;
}

function randomSet(game: Game, n: number, random: () => number): Int32Array {
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(random() * game.size));
  return Int32Array.from([...picked].sort((a, b) => a - b));
}

/** The codes of `game` with the colours of `code`, as many of each. */
function sameColours(game: Game, code: number): Int32Array {
  const colours = (c: number) => [...game.codes.symbolsOf(c)].sort().join();
  const own = colours(code);
  return Int32Array.from({ length: game.size }, (_, c) => c).filter((c) => colours(c) === own);
}

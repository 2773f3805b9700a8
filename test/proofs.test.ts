/**
 * The trees kept in docs/proofs: each file plays every secret of its game with the total and
 * worst case docs/results.md states for it (read by `codebreaker verify`, as a user would check
 * it). The optimality of a proved tree rests on the exhaustive search that made it; what a file
 * can show is that the strategy exists and plays as claimed, which for Super Mastermind's is
 * the claim itself: an upper bound on its least total.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from './cli.js';
import { naiveCodes, naiveIdentifies, naiveScore } from './naive.js';

const DIR = join(import.meta.dirname, '..', 'docs', 'proofs');

/** What each proof file is stated to achieve (docs/results.md, "Results it reproduces or settles"). */
const STATED: Record<
  string,
  { secrets: number; total: number; max: number; histogram?: Record<string, number> }
> = {
  // Crush: 50 secrets need 7 guesses (Slovesnov), and 26450 is the least total with 50.
  'bulls-and-cows-crush.json.gz': {
    secrets: 5040,
    total: 26450,
    max: 7,
    histogram: { 7: 50 },
  },
  'mastermind-4x9-expected.json.gz': { secrets: 6561, total: 34666, max: 7 },
  'mastermind-4x10-expected.json.gz': {
    secrets: 10000,
    total: 55632,
    max: 8,
    histogram: { 8: 2 },
  },
  // The least worst case, 7, and the least total within it (the least total above needs 8).
  'mastermind-4x10-worst.json.gz': {
    secrets: 10000,
    total: 55634,
    max: 7,
    histogram: { 7: 621 },
  },
  'mastermind-5x6-expected.json.gz': { secrets: 7776, total: 36721, max: 6 },
  'mastermind-5x8-norepeat-expected.json.gz': { secrets: 6720, total: 34444, max: 7 },
  'mastermind-6x7-norepeat-expected.json.gz': {
    secrets: 5040,
    total: 29123,
    max: 8,
    histogram: { 8: 1 },
  },
  // The least worst case, 7, and the least total within it (the least total above needs 8).
  'mastermind-6x7-norepeat-worst.json.gz': {
    secrets: 5040,
    total: 29124,
    max: 7,
    histogram: { 7: 982 },
  },
  // The 5 × 7 campaign's result (campaigns/): the least total, opening 00112, proved by a search
  // that read 102 of its answers back from the campaign's checkpoint, all solved again by
  // --recheck (docs/optimal-table.md, Campaigns).
  'mastermind-5x7-expected.json.gz': {
    secrets: 16807,
    total: 85645,
    max: 7,
    histogram: { 7: 8 },
  },
  // The 6 × 5 campaign's result: the least total, opening 000112, proved by a search that read
  // its answers back from the campaign's own checkpoint, being solved again by --recheck
  // (docs/optimal-table.md, Campaigns).
  'mastermind-6x5-expected.json.gz': {
    secrets: 15625,
    total: 73795,
    max: 7,
    histogram: { 7: 3 },
  },
  // 5 of 10 without repetition's least worst case, 7 (6 is refuted by the exact search): the
  // first strategy within 7 the exact search finds, opening 01234, with 05678 at its class 0H2B
  // and 90367 at that one's class 0H3B (docs/results.md).
  'moo5-worst.json.gz': {
    secrets: 30240,
    total: 174265,
    max: 7,
    histogram: { 7: 5204 },
  },
  // 5 of 10 without repetition's best strategy known here: entropy, exact (least total) at every
  // state of at most 600 candidates (docs/results.md). An upper bound on its least total.
  'moo5-entropy-exact.json.gz': {
    secrets: 30240,
    total: 171969,
    max: 8,
    histogram: { 8: 36 },
  },
  // Super Mastermind's best strategy known here: entropy opening 11223, exact (least total) at
  // every state of at most 600 candidates (docs/results.md, Super Mastermind). An upper bound.
  'super-mastermind-entropy-exact.json.gz': {
    secrets: 32768,
    total: 178634,
    max: 7,
    histogram: { 7: 786 },
  },
};

describe('the proved trees in docs/proofs', () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith('.json.gz'));

  it('lists a stated result for every file, and a file for every stated result', () => {
    expect(files.sort()).toEqual(Object.keys(STATED).sort());
  });

  it.each(files)('%s verifies with the stated total and worst case', async (file) => {
    const { status, out } = await cli('verify', join(DIR, file), '--json');
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ valid: true, ...STATED[file] });
  });

  // The same read by a plain walk: every secret played down the tree, scored by counting.
  it.each(files)('%s, played secret by secret by a plain walk', (file) => {
    const { rules, root } = JSON.parse(gunzipSync(readFileSync(join(DIR, file))).toString());
    const codes = naiveCodes(rules.pegs, rules.alphabet, rules.repeat);
    let total = 0;
    let max = 0;
    for (const secret of codes) {
      let node: PlainNode | undefined = root;
      let guesses = 0;
      while (node !== undefined && guesses <= codes.length) {
        guesses++;
        if (node.guess === secret) break;
        const [hits, blows] = naiveScore(secret, node.guess);
        node = node.children[`${hits}H${blows}B`];
      }
      expect(node?.guess).toBe(secret);
      total += guesses;
      max = Math.max(max, guesses);
    }
    const { secrets, total: stated, max: statedMax } = STATED[file];
    expect([codes.length, total, max]).toEqual([secrets, stated, statedMax]);
  });
});

/** A node of a tree file as JSON: its guess, and its child under each answer. */
interface PlainNode {
  readonly guess: string;
  readonly children: Record<string, PlainNode>;
}

/**
 * The static campaigns' results, as their checkpoints hold them (campaigns/): each says the sizes
 * below the stated one refuted and keeps a set of that size, and the set identifies every secret
 * by a plain count. The checkpoints are unsigned (nothing in them is taken on trust), so they are
 * read here as data; that no smaller set exists rests on the campaign's runs with every refuted
 * job searched again (runs.jsonl, `relied`).
 */
describe('the static campaigns’ results in campaigns/', () => {
  const CAMPAIGNS = join(import.meta.dirname, '..', 'campaigns');
  it.each([
    ['mastermind-4x7-static', naiveCodes(4, '0123456', true), 7, 7],
    ['moo-static', naiveCodes(4, '0123456789', false), 8, 7],
  ] as const)('%s', (name, codes, size, lowerBound) => {
    const bytes = gunzipSync(readFileSync(join(CAMPAIGNS, `${name}.checkpoint.json.gz`)));
    const text = bytes.toString('utf8');
    expect(text.slice(0, text.indexOf(' '))).toBe('codebreaker-static-checkpoint');
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1));
    expect(body.lowerBound).toBe(lowerBound);
    expect(body.best).toHaveLength(size);
    expect(naiveIdentifies(codes, body.best)).toBe(true);
  });
});

/**
 * The least worst cases stated beside them: one guess fewer than the tree's worst case is
 * impossible, proved again by the exhaustive search (slow: 4.7 s for 5 × 6, 4.3 s for 4 × 10 and
 * 29 s for 4 × 9 on two threads, with the bounds by width; 4 × 9 took a quarter of an hour before
 * the WebAssembly kernels).
 */
describe.runIf(process.env.CODEBREAKER_SLOW)(
  'the least worst cases of 4 × 9, 4 × 10 and 5 × 6 (slow)',
  () => {
    it.each([
      ['4', '9', '6'],
      ['4', '10', '6'],
      ['5', '6', '5'],
    ])(
      '%s pegs × %s colours: no strategy within %s guesses',
      { timeout: 3_600_000 },
      (pegs, colors, depth) =>
        expectNoStrategy('--pegs', pegs, '--colors', colors, '--repeat', '--max-depth', depth),
    );
  },
);

// 6 × 7 without repetition: its least total needs 8 guesses for one secret, and no strategy at
// all keeps to 6 (refuted at the first guess's classes, under a second with the bounds by width).
describe('the least worst case of 6 × 7 without repetition', () => {
  it('no strategy within 6 guesses', { timeout: 120_000 }, () =>
    expectNoStrategy('--pegs', '6', '--colors', '7', '--no-repeat', '--max-depth', '6'),
  );
  it('7, settling for the first strategy within it', { timeout: 120_000 }, () =>
    expectLeastDepth(7, '--pegs', '6', '--colors', '7', '--no-repeat'),
  );
});

// 5 of 10 without repetition: no strategy keeps to 6, and the tree moo5-worst.json.gz above keeps
// to 7, so its least worst case is 7.
describe('the least worst case of 5 of 10 without repetition', () => {
  // 16 s of the suite's CPU: with the slow proofs.
  it.runIf(process.env.CODEBREAKER_SLOW)('no strategy within 6 guesses', { timeout: 120_000 }, () =>
    expectNoStrategy('--pegs', '5', '--colors', '10', '--no-repeat', '--max-depth', '6'),
  );
});

// The least worst cases of games whose least totals are open: 6 (5 × 7: no strategy within 5,
// refuted at the first guesses' classes, 11 to 16 s of the suite's CPU; 6 × 5: within 5 refuted
// deeper, 31 s on 2 threads): with the slow proofs.
describe('the least worst cases of 5 × 7 and 6 × 5 (least totals settled by campaigns)', () => {
  it.runIf(process.env.CODEBREAKER_SLOW)('5 × 7: 6', { timeout: 300_000 }, () =>
    expectLeastDepth(6, '--pegs', '5', '--colors', '7', '--repeat'),
  );
  it.runIf(process.env.CODEBREAKER_SLOW)('6 × 5: 6', { timeout: 900_000 }, () =>
    expectLeastDepth(6, '--pegs', '6', '--colors', '5', '--repeat'),
  );
});

/**
 * Super Mastermind's least worst case is at least 6, by a plain count that shares nothing with
 * the search: 20 answers can occur (hits + blows at most 5, and never 4 hits and a blow), so
 * three guesses tell apart at most 1 + 19 · (1 + 19) = 381 secrets. Within 5 guesses, the
 * second must therefore split the first's largest class into classes of at most 381, and for
 * each of the 7 essentially different first guesses (their colours' pattern: any other is one
 * of these with positions and colours renamed) no second guess of the 32,768 does. (The
 * campaign `super-mastermind-depth6` refuted 6 as well, so the least worst case is 7, which the
 * tree above keeps to: docs/results.md.)
 */
describe.runIf(process.env.CODEBREAKER_SLOW)(
  'Super Mastermind: no strategy within 5 (slow)',
  () => {
    const pegs = 5;
    const colours = 8;
    const codes: number[][] = [];
    for (let n = 0; n < colours ** pegs; n++) {
      codes.push(Array.from({ length: pegs }, (_, i) => Math.floor(n / colours ** i) % colours));
    }
    /** Hits and blows as one number, hits · 6 + blows, counted from the definition. */
    const answer = (secret: number[], guess: number[]): number => {
      let hits = 0;
      const inSecret = new Array(colours).fill(0);
      const inGuess = new Array(colours).fill(0);
      for (let i = 0; i < pegs; i++) {
        if (secret[i] === guess[i]) hits++;
        inSecret[secret[i]]++;
        inGuess[guess[i]]++;
      }
      let common = 0;
      for (let c = 0; c < colours; c++) common += Math.min(inSecret[c], inGuess[c]);
      return hits * 6 + common - hits;
    };
    it.each(['00000', '00001', '00011', '00012', '00112', '00123', '01234'])(
      'first guess %s: no second guess splits its largest class into classes of 381 or fewer',
      { timeout: 1_800_000 },
      async (text) => {
        const first = [...text].map(Number);
        const classes = new Map<number, number[][]>();
        for (const code of codes) {
          const a = answer(code, first);
          if (!classes.has(a)) classes.set(a, []);
          classes.get(a)!.push(code);
        }
        const largest = [...classes.values()].reduce((a, b) => (b.length > a.length ? b : a));
        expect(largest.length).toBeGreaterThan(7000);
        let splitSmallEnough = 0;
        const sizes = new Array(36).fill(0);
        for (const [n, second] of codes.entries()) {
          // A long loop lets the test runner's messages through now and then.
          if (n % 2048 === 0) await new Promise((resolve) => setImmediate(resolve));
          sizes.fill(0);
          let fits = true;
          for (const secret of largest) {
            if (++sizes[answer(secret, second)] > 381) {
              fits = false;
              break;
            }
          }
          if (fits) splitSmallEnough++;
        }
        expect(splitSmallEnough).toBe(0);
      },
    );
  },
);

/**
 * Runs `optimal --objective depth` with `argv` on 2 threads and expects it to prove `least` the
 * least worst case, with a strategy that keeps to it.
 */
async function expectLeastDepth(least: number, ...argv: string[]): Promise<void> {
  const { status, out } = await cli(
    'optimal',
    ...argv,
    '--objective',
    'depth',
    '--threads',
    '2',
    '--json',
  );
  expect(status).toBe(0);
  expect(JSON.parse(out)).toMatchObject({ max: least, proved: true, lowerBound: least });
}

/** Runs `optimal` with `argv` on 2 threads and expects it to prove that no strategy exists. */
async function expectNoStrategy(...argv: string[]): Promise<void> {
  const { status, out } = await cli('optimal', ...argv, '--threads', '2', '--json');
  expect(status).toBe(1);
  expect(JSON.parse(out)).toMatchObject({ possible: false, proved: true });
}

/**
 * Static Bulls and Cows: no 7 guesses asked at once identify every secret, by the search by
 * colour sets on two threads (some minutes: the campaign `moo-static-colours` proved it first),
 * so the set of 8 the command finds is a smallest; the set is checked here by counting.
 */
describe.runIf(process.env.CODEBREAKER_SLOW)('static Bulls and Cows: 8 (slow)', () => {
  it('no set of 7, by colour sets, and a set of 8', { timeout: 7_200_000 }, async () => {
    const { status, out } = await cli(
      'static',
      '--game',
      'moo',
      '--colour-sets',
      '--threads',
      '2',
      '--json',
    );
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({ size: 8, proved: true, lowerBound: 8 });
    expect(naiveIdentifies(naiveCodes(4, '0123456789', false), doc.guesses)).toBe(true);
  });
});
